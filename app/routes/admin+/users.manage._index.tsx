import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { CreateUserForm } from '~/features/users/create-user-form'
import { readUserFilters } from '~/features/users/filters'
import { companyName, listUsers, roleOptions } from '~/features/users/queries.server'
import { UserList } from '~/features/users/user-list'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readForm } from '~/ui/read-form.server'
import { answerForm } from '~/ui/outcome.server'
import { handleCreateUserForm } from '~/features/users/forms.server'

export const handle: RouteHandle = {
  name: 'AdminManageUsers',
  title: 'Users',
  menu: { group: 'People', label: 'Users', order: 10 },
}
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
  return answerForm(await handleCreateUserForm(getDb(), viewer, await readForm(request), config().appUrl))
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
