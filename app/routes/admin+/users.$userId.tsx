import { confirmsOwnPassword, OWN_PASSWORD_WRONG } from '~/auth/reauth.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { historyOf } from '~/features/audit/audit.server'
import { disableUser, enableUser } from '~/features/users/access.server'
import { changeUserRoles, updateUserDetails } from '~/features/users/mutations.server'
import { roleOptions, userRecord } from '~/features/users/queries.server'
import { userDetailsSchema, userRolesSchema } from '~/features/users/schema'
import { UserAccess, UserDetailsForm, UserFacts, UserRolesForm } from '~/features/users/user-record'
import { StatusBadge } from '~/ui/badge'
import { History } from '~/ui/history'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { redirectWithToast } from '~/ui/toast.server'
import { readId } from '~/utils/list-params'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'AdminViewUser',
  title: 'User',
  breadcrumb: (data: { user?: { name: string } } | undefined) => data?.user?.name ?? 'User',
  parents: [{ text: 'Users', to: '/admin/users/manage' }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.user.name ?? 'User')

async function existingUserId(params: { userId?: string }) {
  const userId = readId(params.userId)
  if (!userId) notFound()
  const row = await getDb().selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
  return row ? row.id : notFound()
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const db = getDb()
  const userId = readId(params.userId)
  const user = userId ? await userRecord(db, userId) : null
  if (!user) notFound()
  const [roles, history] = await Promise.all([roleOptions(db), historyOf(db, 'user', user.id)])
  return { user, roleOptions: roles, history, isSelf: user.id === viewer.userId }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const userId = await existingUserId(params)
  const db = getDb()
  const form = await readForm(request)
  const here = `/admin/users/${userId}`
  switch (form.get('intent')) {
    case 'details': {
      const submission = parseWithZod(form, { schema: userDetailsSchema })
      if (submission.status !== 'success') return data({ intent: 'details', result: submission.reply() }, { status: 400 })
      const saved = await updateUserDetails(db, viewer, userId, submission.value)
      if (!saved.ok) return data({ intent: 'details', result: submission.reply({ formErrors: saved.formErrors, fieldErrors: saved.fieldErrors }) }, { status: 400 })
      return redirectWithToast(here, { kind: 'success', message: 'Name and phone are saved.' })
    }
    case 'roles': {
      const submission = parseWithZod(form, { schema: userRolesSchema })
      const hidden = { hideFields: ['ownPassword'] }
      if (submission.status !== 'success') return data({ intent: 'roles', result: submission.reply(hidden) }, { status: 400 })
      if (!(await confirmsOwnPassword(db, viewer.userId, submission.value.ownPassword))) {
        return data({ intent: 'roles', result: submission.reply({ ...hidden, fieldErrors: { ownPassword: [OWN_PASSWORD_WRONG] } }) }, { status: 400 })
      }
      const saved = await changeUserRoles(db, viewer, userId, submission.value)
      if (!saved.ok) return data({ intent: 'roles', result: submission.reply({ ...hidden, formErrors: saved.formErrors, fieldErrors: saved.fieldErrors }) }, { status: 400 })
      return redirectWithToast(here, { kind: 'success', message: 'Roles are saved.' })
    }
    case 'disable': {
      const done = await disableUser(db, viewer, userId)
      if (!done.ok) return data({ intent: 'status', errors: done.formErrors }, { status: 409 })
      const n = done.value.sessionsEnded
      return redirectWithToast(here, { kind: 'success', message: `The user is disabled; ${n} session${n === 1 ? '' : 's'} ended.` })
    }
    case 'enable': {
      const done = await enableUser(db, viewer, userId)
      if (!done.ok) return data({ intent: 'status', errors: done.formErrors }, { status: 409 })
      return redirectWithToast(here, { kind: 'success', message: 'The user is enabled and may sign in again.' })
    }
    default:
      return data({ intent: null }, { status: 400 })
  }
}

export default function AdminViewUser() {
  const { user, roleOptions, history, isSelf } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData && actionData.intent === intent && 'result' in actionData ? actionData.result : undefined)
  return (
    <>
      <PageHeader title={user.name}>
        <StatusBadge status={user.status} />
      </PageHeader>
      <UserFacts user={user} roleOptions={roleOptions} />
      <div className="grid-2" style={{ marginTop: 16 }}>
        {/* Wrapped so that the cards' "one card after another" spacing does not offset the second column. */}
        <div>
          <UserDetailsForm user={user} lastResult={resultFor('details')} />
        </div>
        <div>
          <UserRolesForm user={user} roleOptions={roleOptions} lastResult={resultFor('roles')} />
        </div>
      </div>
      <div style={{ marginTop: 16 }}>
        <UserAccess user={user} isSelf={isSelf} errors={actionData?.intent === 'status' && 'errors' in actionData ? actionData.errors : undefined} />
      </div>
      <div style={{ marginTop: 16 }}>
        <History entries={history} />
      </div>
    </>
  )
}
