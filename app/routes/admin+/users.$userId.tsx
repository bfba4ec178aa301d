import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { roleOptions, userRecord } from '~/features/users/queries.server'
import { UserAccess, UserDetailsForm, UserFacts, UserRolesForm } from '~/features/users/user-record'
import { StatusBadge } from '~/ui/badge'
import { History } from '~/ui/history'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { readForm } from '~/ui/read-form.server'
import { answerForm } from '~/ui/outcome.server'
import { handleUserRecordForm } from '~/features/users/forms.server'

export const handle: LoaderHandle<typeof loader> = {
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
  const [roles, history] = await Promise.all([roleOptions(db), historyOf(db, STAFF_VIEWER, 'user', user.id)])
  return { user, roleOptions: roles, history, isSelf: user.id === viewer.userId }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const userId = await existingUserId(params)
  return answerForm(
    await handleUserRecordForm(getDb(), viewer, userId, await readForm(request)),
    `/admin/users/${userId}`,
  )
}

export default function AdminViewUser() {
  const { user, roleOptions, history, isSelf } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) =>
    actionData && actionData.intent === intent && 'result' in actionData ? actionData.result : undefined
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
        <UserAccess
          user={user}
          isSelf={isSelf}
          errors={actionData?.intent === 'status' && 'errors' in actionData ? actionData.errors : undefined}
        />
      </div>
      <div style={{ marginTop: 16 }}>
        <History entries={history} />
      </div>
    </>
  )
}
