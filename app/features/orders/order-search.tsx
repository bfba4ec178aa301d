import { Form, useLocation } from '@remix-run/react'
import { sentenceCase } from '~/ui/badge'
import { DateFilter, FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import type { OrderSearchData } from './search.server'
import { orderColumns } from './order-columns'
import { orderBase } from './lens'
import { ORDER_SOURCES, sourceLabels } from './channels'
import { masterOrderStatuses, OPEN, SELLER_ORDER_STATUSES } from './states'

/** Every portal's master-order search: filters in the URL, the count (exact, or "10,000+"), the columns its lens allows. */
export function OrderSearch({
  rows,
  total,
  capped,
  filters,
  categories,
  portal,
  see,
  buyerError,
  buyerChoices,
  sellerError,
  sellerChoices,
}: OrderSearchData) {
  const base = orderBase[portal]
  // The CSV holds every order the filters match, in the list's order: the query string without its page.
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  exportParams.delete('index')
  const sellerView = portal === 'seller'
  const filtering = Boolean(
    filters.q ||
    filters.buyer ||
    filters.seller ||
    filters.status ||
    filters.category ||
    filters.source ||
    filters.placedFrom ||
    filters.placedTo ||
    filters.requiredFrom ||
    filters.requiredTo,
  )
  const statuses = sellerView
    ? SELLER_ORDER_STATUSES.map((s) => ({ value: s, label: sentenceCase(s) }))
    : [
        { value: OPEN, label: 'Open (not delivered or cancelled)' },
        ...[...masterOrderStatuses, 'cancelled' as const].map((s) => ({ value: s, label: sentenceCase(s) })),
      ]
  const columns = orderColumns(portal, see)

  return (
    <div className="orders">
      <PageHeader title={sellerView ? 'Your orders' : 'Master orders'} />
      <Form method="get" className="filters" role="search" aria-label="Filter orders">
        <SearchFilter
          value={filters.q}
          placeholder={sellerView ? 'MO-2026-000123 or SO-…' : 'Order code: MO-2026-000123 or SO-…'}
        />
        {see.buyer && portal !== 'buyer' ? (
          <PickerFilter
            name="buyer"
            label="Buyer"
            kind="buyer"
            value={filters.buyer}
            error={buyerError}
            choices={buyerChoices}
            placeholder="Name, e-mail or GSTIN"
          />
        ) : null}
        {see.sellers && !sellerView ? (
          <PickerFilter
            name="seller"
            label="Seller"
            kind="seller"
            value={filters.seller}
            error={sellerError}
            choices={sellerChoices}
            placeholder="Name, e-mail or GSTIN"
          />
        ) : null}
        <SelectFilter name="status" label="Status" value={filters.status} any="Any status" options={statuses} />
        <SelectFilter
          name="category"
          label="Category"
          value={filters.category}
          any="Any category"
          options={categories.map((c) => ({ value: c.id, label: `${c.productName}: ${c.name}` }))}
        />
        {sellerView ? null : (
          <SelectFilter
            name="source"
            label="Source"
            value={filters.source}
            any="Any source"
            options={ORDER_SOURCES.map((s) => ({ value: s, label: sourceLabels[s] }))}
          />
        )}
        <DateFilter
          name="placedFrom"
          label="Placed from"
          value={filters.placedFrom}
          problem={filters.problems.placedFrom}
        />
        <DateFilter name="placedTo" label="Placed to" value={filters.placedTo} problem={filters.problems.placedTo} />
        <DateFilter
          name="requiredFrom"
          label="Needed from"
          value={filters.requiredFrom}
          problem={filters.problems.requiredFrom}
        />
        <DateFilter
          name="requiredTo"
          label="Needed to"
          value={filters.requiredTo}
          problem={filters.problems.requiredTo}
        />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="placed"
          defaultDir="desc"
          clearTo={base}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        capped={capped}
        noun="order"
        matching={filtering && 'these filters'}
        csv={`${base}.csv${exportParams.size ? `?${exportParams}` : ''}`}
      />
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
