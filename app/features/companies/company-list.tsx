import { Form, useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { CompanyStatus } from '#db/types'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { countOf, formatDate, formatMoney } from '~/utils/format'
import { companyKinds, companyPath, companyStatuses, listPath, statusLabels, type CompanyKind } from './kinds'
import type { CompanyListRow } from './list.server'
import type { CompanyFilters } from './schema'
import { FilterActions } from '~/ui/filters'

const tones = { pending: 'warning', active: 'success', suspended: 'danger' } as const

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <Badge tone={tones[status]}>{statusLabels[status]}</Badge>
}

export interface CompanyListProps {
  kind: CompanyKind
  filters: CompanyFilters
  rows: CompanyListRow[]
  total: number
  /** The count stopped at `total` (there are more). */
  capped: boolean
  waiting: number
  assignees: { id: number; name: string }[]
}

/** The buyers or sellers list: a GET filter form (the URL is the state), the table, pages, CSV. */
export function CompanyList({ kind, filters, rows, total, capped, waiting, assignees }: CompanyListProps) {
  const info = companyKinds[kind]
  const { search } = useLocation()
  const sort = { sort: filters.sort, dir: filters.dir }
  const exportParams = new URLSearchParams(search)
  exportParams.delete('page')
  const filtering = Boolean(filters.q || filters.status || filters.assignee || filters.city)

  const columns: Column<CompanyListRow>[] = [
    { key: 'name', header: 'Name', sortKey: 'name', cell: (r) => <Link to={companyPath(kind, r.id)}>{r.name}</Link> },
    { key: 'city', header: 'City', cell: (r) => r.city ?? '—' },
    { key: 'status', header: 'Status', sortKey: 'status', cell: (r) => <CompanyStatusBadge status={r.status} /> },
    { key: 'assignee', header: info.assigneeLabel, cell: (r) => r.assigneeName ?? <span className="muted">—</span> },
  ]
  if (kind === 'buyer') {
    columns.push(
      { key: 'credit', header: 'Credit limit', numeric: true, cell: (r) => formatMoney(r.creditLimitMinor ?? 0) },
      { key: 'terms', header: 'Terms', numeric: true, cell: (r) => countOf(r.paymentTermsDays ?? 0, 'day') },
    )
  }
  columns.push({
    key: 'created',
    nowrap: true,
    header: 'Created',
    sortKey: 'created',
    cell: (r) => formatDate(r.createdAt),
  })

  return (
    <>
      <PageHeader title={info.plural}>
        {kind === 'seller' ? (
          <Button asChild variant="primary">
            <Link to="/sellers/add">Add a seller</Link>
          </Button>
        ) : null}
      </PageHeader>
      {waiting > 0 ? (
        <p>
          <Link to={`${listPath(kind)}?status=pending`}>
            {waiting.toLocaleString('en-IN')} {waiting === 1 ? info.label.toLowerCase() : info.plural.toLowerCase()}{' '}
            waiting for approval
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        className="filters"
        role="search"
        aria-label={`Filter ${info.plural.toLowerCase()}`}
        key={search}
      >
        <div className="field grow">
          <label htmlFor="q">Search</label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Name, legal name, GSTIN or e-mail"
          />
        </div>
        <div className="field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={filters.status ?? ''}>
            <option value="">Any status</option>
            {companyStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={info.assigneeParam}>{info.assigneeLabel}</label>
          <select
            id={info.assigneeParam}
            name={info.assigneeParam}
            defaultValue={filters.assignee === null ? '' : String(filters.assignee)}
          >
            <option value="">Anyone</option>
            <option value="none">{info.noAssignee}</option>
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="city">City</label>
          <input id="city" name="city" defaultValue={filters.city} />
        </div>
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="name"
          defaultDir="asc"
          clearTo={listPath(kind)}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        capped={capped}
        noun={[info.label.toLowerCase(), info.plural.toLowerCase()]}
        matching={filtering && 'these filters'}
        csv={`${listPath(kind)}.csv?${exportParams}`}
      />
      <Table
        sort={sort}
        caption={info.plural}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={
          filtering
            ? `No ${info.plural.toLowerCase()} match these filters.`
            : `There are no ${info.plural.toLowerCase()} yet.`
        }
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </>
  )
}
