import { Form, useLocation } from '@remix-run/react'
import { sentenceCase, StatusBadge } from '~/ui/badge'
import { DateFilter, FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { sampleBase, samplePath } from './lens'
import type { SampleOrderRow, SampleSearchData } from './search.server'
import { SAMPLE_OPEN, SAMPLE_ORDER_STATUSES } from './states'

const STATUS_OPTIONS = [
  { value: SAMPLE_OPEN, label: 'Open (not closed, rejected or cancelled)' },
  ...SAMPLE_ORDER_STATUSES.map((s) => ({ value: s, label: sentenceCase(s) })),
]

/** Every portal's sample order search: filters in the URL, exact count, the columns its lens allows. */
export function SampleOrderSearch({
  rows,
  total,
  filters,
  kams,
  portal,
  see,
  buyerError,
  buyerChoices,
  sampleSkuError,
  sampleSkuChoices,
}: SampleSearchData) {
  const base = sampleBase[portal]
  // The CSV holds every order the filters match, in the list's order: the query string without its page.
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  exportParams.delete('index')
  const filtering = Boolean(
    filters.q ||
    filters.buyer ||
    filters.sampleSku ||
    filters.status ||
    filters.kam ||
    filters.requestedFrom ||
    filters.requestedTo,
  )
  const columns: Column<SampleOrderRow>[] = [
    {
      key: 'code',
      header: 'Sample order',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={samplePath(portal, r.id)}>{r.code}</Link>,
    },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  ]
  if (see.buyer) columns.push({ key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName })
  columns.push(
    {
      key: 'requested',
      header: 'Requested',
      sortKey: 'requested',
      nowrap: true,
      cell: (r) => formatDate(r.requestedAt),
    },
    { key: 'samples', header: 'Samples', numeric: true, cell: (r) => r.itemCount },
    { key: 'pieces', header: 'Pieces', numeric: true, cell: (r) => r.quantityTotal },
    { key: 'charge', header: 'Charges', numeric: true, cell: (r) => formatMoney(Number(r.chargeMinor)) },
    { key: 'courier', header: 'Courier', cell: (r) => (r.courier ? `${r.courier} ${r.trackingNumber ?? ''}` : '') },
  )
  if (see.internal) columns.push({ key: 'by', header: 'Requested by', cell: (r) => r.requestedBy ?? '' })

  return (
    <div className="orders">
      <PageHeader title="Sample orders" />
      <Form method="get" className="filters" role="search" aria-label="Filter sample orders">
        <SearchFilter value={filters.q} placeholder="Code: SMP-2026-000123" />
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
        {kams.length ? (
          <SelectFilter
            name="kam"
            label="KAM"
            value={filters.kam === null ? '' : String(filters.kam)}
            any="Any KAM"
            options={kams.map((k) => ({ value: String(k.id), label: k.name }))}
          />
        ) : null}
        {see.internal ? (
          <PickerFilter
            name="sampleSku"
            label="Sample SKU"
            kind="sample_sku"
            value={filters.sampleSku}
            error={sampleSkuError}
            choices={sampleSkuChoices}
            placeholder="Code or name"
          />
        ) : null}
        <SelectFilter name="status" label="Status" value={filters.status} any="Any status" options={STATUS_OPTIONS} />
        <DateFilter
          name="requestedFrom"
          label="Requested from"
          value={filters.requestedFrom}
          problem={filters.problems.requestedFrom}
        />
        <DateFilter
          name="requestedTo"
          label="Requested to"
          value={filters.requestedTo}
          problem={filters.problems.requestedTo}
        />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="requested"
          defaultDir="desc"
          clearTo={base}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        noun="sample order"
        matching={filtering && 'these filters'}
        csv={`${base}.csv${exportParams.size ? `?${exportParams}` : ''}`}
      />
      <Table
        caption="Sample orders"
        sort={{ sort: filters.sort, dir: filters.dir }}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No sample order matches these filters.' : 'No sample orders yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} />
    </div>
  )
}
