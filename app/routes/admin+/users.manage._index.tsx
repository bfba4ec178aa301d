import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/features/idempotency/idempotency.server'
import { CreateUserForm } from '~/features/users/create-user-form'
import { readUserFilters } from '~/features/users/filters'
import { createUser } from '~/features/users/mutations.server'
import { companyName, listUsers, roleOptions } from '~/features/users/queries.server'
import { createUserSchema } from '~/features/users/schema'
import { UserList } from '~/features/users/user-list'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { redirectWithToast } from '~/ui/toast.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'AdminManageUsers', title: 'Users', menu: { group: 'People', label: 'Users', order: 10 } }
export const meta: MetaFunction = () => pageTitle('Users')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const db = getDb()
  const url = new URL(request.url)
  const filters = readUserFilters(url)
  const [list, roles, chipName] = await Promise.all([
    listUsers(db, filters),
    roleOptions(db),
    filters.company ? companyName(db, filters.company) : null,
  ])
  return {
    ...list,
    filters: { ...filters, company: filters.company ? { ...filters.company, name: chipName } : null },
    roleOptions: roles,
    openCreate: url.searchParams.get('create') === '1',
    idempotencyKey: newIdempotencyKey(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const form = await readForm(request)
  if (form.get('intent') !== 'create') return data({ result: undefined }, { status: 400 })
  const submission = parseWithZod(form, { schema: createUserSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success') return data({ result: submission.reply(hidden) }, { status: 400 })
  const created = await createUser(getDb(), viewer, submission.value, config().appUrl)
  if (!created.ok) {
    return data({ result: submission.reply({ ...hidden, fieldErrors: created.fieldErrors, formErrors: created.formErrors }) }, { status: 400 })
  }
  const { userId, invited } = created.value
  return redirectWithToast(`/admin/users/${userId}`, {
    kind: 'success',
    message: invited
      ? `${submission.value.name} is created; the invitation e-mail to ${submission.value.email} is on its way.`
      : `${submission.value.name} is created with the password you set.`,
  })
}

export default function AdminManageUsers() {
  const { rows, total, capped, filters, roleOptions, openCreate, idempotencyKey } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const company = filters.company
  return (
    <>
      <PageHeader title="Users">
        <Link className="btn" to="/admin/users/manage/password">
          Set a password
        </Link>
      </PageHeader>
      <CreateUserForm
        idempotencyKey={idempotencyKey}
        roleOptions={roleOptions}
        lastResult={actionData?.result}
        open={openCreate}
        defaultValue={{ access: 'invite', ...(company ? { company: `#${company.id}`, roles: [company.kind] } : {}) }}
      />
      <div style={{ marginTop: 24 }}>
        <UserList filters={filters} roleOptions={roleOptions} total={total} capped={capped} rows={rows} />
      </div>
    </>
  )
}
