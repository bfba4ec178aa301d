import { Form, useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge, StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { formatDate, formatDateTime } from '~/utils/format'
import { USER_KINDS, type UserFilters } from './filters'
import type { UserListRow } from './queries.server'
import type { RoleOption } from './role-fields'

export const companyPath = (company: { kind: 'buyer' | 'seller'; id: number }) => `/${company.kind}s/${company.id}`

type Filters = Omit<UserFilters, 'company'> & {
  company: { kind: 'buyer' | 'seller'; id: number; name: string | null } | null
}

/** The GET filter bar: everything lives in the URL, so it works without JavaScript and can be shared. */
function UserFilterBar({ filters, roleOptions }: { filters: Filters; roleOptions: RoleOption[] }) {
  return (
    <Form method="get" className="filters" role="search" aria-label="Filter users">
      <div className="field grow">
        <label htmlFor="users-q">Search</label>
        <input id="users-q" type="search" name="q" defaultValue={filters.q} placeholder="Name or e-mail" />
      </div>
      <div className="field">
        <label htmlFor="users-role">Role</label>
        <select id="users-role" name="role" defaultValue={filters.role ?? ''}>
          <option value="">Any role</option>
          {roleOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-status">Status</label>
        <select id="users-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-kind">Kind</label>
        <select id="users-kind" name="kind" defaultValue={filters.kind ?? ''}>
          <option value="">Everyone</option>
          {USER_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {filters.company ? (
        <input type="hidden" name="company" value={`${filters.company.kind}:${filters.company.id}`} />
      ) : null}
      <input type="hidden" name="sort" value={filters.sort} />
      <input type="hidden" name="dir" value={filters.dir} />
      <div className="form-actions">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        <Link to="?">Clear</Link>
      </div>
    </Form>
  )
}

/** "Company: Indigo Threads Retail ✕": the company a record page sent us here for; ✕ drops it. */
function CompanyChip({ company }: { company: NonNullable<Filters['company']> }) {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  params.delete('company')
  params.delete('page')
  const rest = params.toString()
  const name = company.name ?? `${company.kind} #${company.id} (not found)`
  return (
    <p className="row">
      <Badge tone="info">
        Company: {name}{' '}
        <Link to={rest ? `?${rest}` : '?'} aria-label={`Show users of every company, not only ${name}`}>
          ✕
        </Link>
      </Badge>
    </p>
  )
}

export function UserList({
  filters,
  roleOptions,
  total,
  capped,
  rows,
}: {
  filters: Filters
  roleOptions: RoleOption[]
  total: number
  capped: boolean
  rows: UserListRow[]
}) {
  const columns: Column<UserListRow>[] = [
    { key: 'name', header: 'Name', sortKey: 'name', cell: (u) => <Link to={`/admin/users/${u.id}`}>{u.name}</Link> },
    { key: 'email', header: 'E-mail', sortKey: 'email', cell: (u) => u.email },
    {
      key: 'roles',
      header: 'Roles',
      cell: (u) => (
        <span className="row">
          {u.roles.map((r) => (
            <Badge key={r} tone="info">
              {roleOptions.find((o) => o.value === r)?.label ?? r}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: 'company',
      header: 'Company',
      cell: (u) =>
        u.company ? <Link to={companyPath(u.company)}>{u.company.name}</Link> : <span className="muted">Staff</span>,
    },
    { key: 'status', header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
    {
      key: 'last',
      nowrap: true,
      header: 'Last sign-in',
      cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : <span className="muted">Never</span>),
    },
    { key: 'created', nowrap: true, header: 'Created', sortKey: 'created', cell: (u) => formatDate(u.createdAt) },
  ]
  return (
    <section aria-label="Users">
      <UserFilterBar filters={filters} roleOptions={roleOptions} />
      {filters.company ? <CompanyChip company={filters.company} /> : null}
      <ListSummary total={total} capped={capped} noun="user" />
      <Table
        caption="Users"
        sort={{ sort: filters.sort, dir: filters.dir }}
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        empty="No user matches these filters."
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </section>
  )
}
