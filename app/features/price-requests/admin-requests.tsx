import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { ADMIN_LIST_PATH, adminRequestPath } from './paths'
import type { RequestRow } from './queries.server'
import { ProductSku, ProposedPrice, RequestFilterForm, RequestStatusBadge } from './request-status'
import { type RequestFilters } from './schema'
import { statusLabels } from './shared'

export interface AdminRequestsProps {
  filters: RequestFilters
  rows: RequestRow[]
  total: number
  capped: boolean
}

/** Admin's list of price-change requests: the pending ones wait oldest first. */
export function AdminRequestsPage({ filters, rows, total, capped }: AdminRequestsProps) {
  const columns: Column<RequestRow>[] = [
    { key: 'id', header: 'Request', cell: (r) => <Link to={adminRequestPath(r.id)}>#{r.id}</Link> },
    { key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName },
    {
      key: 'code',
      nowrap: true,
      header: 'Buyer’s code',
      cell: (r) => <Link to={adminRequestPath(r.id)}>{r.buyerCode}</Link>,
    },
    {
      key: 'product',
      header: 'Product SKU',
      cell: (r) => <ProductSku code={r.productSkuCode} name={r.productSkuName} />,
    },
    {
      key: 'now',
      header: 'Price now',
      numeric: true,
      cell: (r) => (r.priceNowMinor === null ? '—' : formatMoney(r.priceNowMinor)),
    },
    {
      key: 'proposed',
      header: 'Proposed',
      numeric: true,
      cell: (r) => <ProposedPrice fromMinor={r.priceNowMinor} toMinor={r.proposedPriceMinor} />,
    },
    { key: 'requester', header: 'Requested by', cell: (r) => r.requesterName },
    {
      key: 'requested',
      nowrap: true,
      header: 'Requested',
      cell: (r) => <span className="price-nowrap">{formatDateTime(r.createdAt)}</span>,
    },
    {
      key: 'effective',
      nowrap: true,
      header: 'Effective from',
      cell: (r) => (r.effectiveFrom ? formatDate(r.effectiveFrom) : <span className="muted">on approval</span>),
    },
  ]
  if (filters.status !== 'pending')
    columns.push({ key: 'status', header: 'Status', cell: (r) => <RequestStatusBadge status={r.status} /> })
  const shown = filters.status === 'all' ? 'requests' : `${statusLabels[filters.status].toLowerCase()} requests`
  return (
    <>
      <PageHeader title="Price-change requests" />
      <RequestFilterForm
        status={filters.status}
        q={filters.q}
        searchable
        clearTo={`${ADMIN_LIST_PATH}?status=${filters.status}`}
      />
      <ListSummary
        total={total}
        capped={capped}
        noun={[shown.replace(/s$/, ''), shown]}
        matching={Boolean(filters.q) && 'this search'}
      >
        <span className="muted">{filters.status === 'pending' ? 'Oldest first' : 'Newest first'}</span>
      </ListSummary>
      <Table
        caption="Price-change requests"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={`No ${shown}${filters.q ? ' match this search' : ''}.`}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </>
  )
}
