import { Form, useLocation } from '@remix-run/react'
import { sentenceCase, StatusBadge } from '~/ui/badge'
import { DateFilter, FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { formatDate, formatMoney } from '~/utils/format'
import type { OrderRow, OrderSearchData } from './search.server'
import { orderBase, orderPath } from './lens'
import { ORDER_SOURCES, sourceLabels } from './channels'
import { masterOrderStatuses, OPEN, SELLER_ORDER_STATUSES } from './states'

/** Every portal's master-order search: filters in the URL, the count (exact, or "10,000+"), the columns its lens allows. */
export function OrderSearch({ rows, total, capped, filters, categories, portal, see, buyerError, buyerChoices, sellerError, sellerChoices }: OrderSearchData) {
  const base = orderBase[portal]
  // The CSV holds every order the filters match, in the list's order: the query string without its page.
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  exportParams.delete('index')
  const sellerView = portal === 'seller'
  const filtering = Boolean(
    filters.q || filters.buyer || filters.seller || filters.status || filters.category || filters.source || filters.placedFrom || filters.placedTo || filters.requiredFrom || filters.requiredTo,
  )
  const statuses = sellerView ? SELLER_ORDER_STATUSES.map((s) => ({ value: s, label: sentenceCase(s) })) : [{ value: OPEN, label: 'Open (not delivered or cancelled)' }, ...[...masterOrderStatuses, 'cancelled' as const].map((s) => ({ value: s, label: sentenceCase(s) }))]
  const columns: Column<OrderRow>[] = [
    {
      key: 'code',
      header: 'Order',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={orderPath(portal, r.id)}>{r.code}</Link>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) =>
        r.sellerOrders ? (
          <>
            {r.sellerOrders.map((s) => (
              <div key={s.code}>
                <span className="nowrap">{s.code}</span> <StatusBadge status={s.status} />
              </div>
            ))}
          </>
        ) : (
          <StatusBadge status={r.status} />
        ),
    },
  ]
  if (see.buyer) columns.push({ key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName })
  columns.push(
    { key: 'placed', header: 'Placed', sortKey: 'placed', nowrap: true, cell: (r) => formatDate(r.placedAt) },
    { key: 'required', header: 'Needed by', sortKey: 'required', nowrap: true, cell: (r) => formatDate(`${r.requiredBy}T12:00:00Z`) },
    { key: 'lines', header: 'Lines', numeric: true, cell: (r) => r.lineCount },
  )
  if (see.value) columns.push({ key: 'value', header: 'Value', numeric: true, cell: (r) => formatMoney(r.valueMinor ?? 0) }, { key: 'gst', header: 'GST', numeric: true, cell: (r) => formatMoney(r.gstMinor ?? 0) })
  if (see.cost) columns.push({ key: 'cost', header: sellerView ? 'Your value' : 'Cost', numeric: true, cell: (r) => formatMoney(r.costMinor ?? 0) })
  if (see.margin) columns.push({ key: 'margin', header: 'Margin', numeric: true, cell: (r) => formatMoney((r.valueMinor ?? 0) - (r.costMinor ?? 0)) })
  if (see.addresses) columns.push({ key: 'city', header: 'Ship to', cell: (r) => r.shipToCity })
  if (!sellerView) columns.push({ key: 'source', header: 'Source', cell: (r) => sourceLabels[r.source as 'cart'] ?? r.source })

  return (
    <div className="orders">
      <PageHeader title={sellerView ? 'Your orders' : 'Master orders'} />
      <Form method="get" className="filters" role="search" aria-label="Filter orders">
        <SearchFilter value={filters.q} placeholder={sellerView ? 'MO-2026-000123 or SO-…' : 'Order code: MO-2026-000123 or SO-…'} />
        {see.buyer && portal !== 'buyer' ? <PickerFilter name="buyer" label="Buyer" kind="buyer" value={filters.buyer} error={buyerError} choices={buyerChoices} placeholder="Name, e-mail or GSTIN" /> : null}
        {see.sellers && !sellerView ? <PickerFilter name="seller" label="Seller" kind="seller" value={filters.seller} error={sellerError} choices={sellerChoices} placeholder="Name, e-mail or GSTIN" /> : null}
        <SelectFilter name="status" label="Status" value={filters.status} any="Any status" options={statuses} />
        <SelectFilter name="category" label="Category" value={filters.category} any="Any category" options={categories.map((c) => ({ value: c.id, label: `${c.productName}: ${c.name}` }))} />
        {sellerView ? null : <SelectFilter name="source" label="Source" value={filters.source} any="Any source" options={ORDER_SOURCES.map((s) => ({ value: s, label: sourceLabels[s] }))} />}
        <DateFilter name="placedFrom" label="Placed from" value={filters.placedFrom} problem={filters.problems.placedFrom} />
        <DateFilter name="placedTo" label="Placed to" value={filters.placedTo} problem={filters.problems.placedTo} />
        <DateFilter name="requiredFrom" label="Needed from" value={filters.requiredFrom} problem={filters.problems.requiredFrom} />
        <DateFilter name="requiredTo" label="Needed to" value={filters.requiredTo} problem={filters.problems.requiredTo} />
        <FilterActions sort={filters.sort} dir={filters.dir} defaultSort="placed" defaultDir="desc" clearTo={base} filtering={filtering} />
      </Form>
      <ListSummary total={total} capped={capped} noun="order" matching={filtering && 'these filters'} csv={`${base}.csv${exportParams.size ? `?${exportParams}` : ''}`} />
      <Table
        caption="Master orders"
        sort={{ sort: filters.sort, dir: filters.dir }}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No order matches these filters.' : 'No orders yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </div>
  )
}
