import { Form, useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import { BuyerSkuStatusBadge } from './buyer-sku-badge'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import { PickerFilter } from '~/ui/picker'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import type { PickOption } from '~/platform/pick'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { buyerSkuPath, LIST_PATH, versionsPath } from './paths'
import type { BuyerSkuListRow } from './list.server'
import { type BuyerSkuFilters } from './schema'
import { statusChoices } from './shared'
import { FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { NEW_IMPORT_PATH } from '../imports/kinds'

const statusLabels = { active: 'Active', archived: 'Archived', all: 'Any status' } as const

export interface BuyerSkuListProps {
  filters: BuyerSkuFilters
  rows: BuyerSkuListRow[]
  total: number
  capped: boolean
  /** The buyer filter named no single buyer: why. */
  buyerError: string | null
  buyerChoices: PickOption[]
  products: { slug: string; name: string }[]
}

/** The buyer SKUs list: a GET filter form (the URL is the state), the table, pages. */
export function BuyerSkuList({ filters, rows, total, capped, buyerError, buyerChoices, products }: BuyerSkuListProps) {
  const { search } = useLocation()
  const sort = { sort: filters.sort, dir: filters.dir }
  const filtering = Boolean(filters.q || filters.buyer || filters.product || filters.status !== 'active')
  const dash = <span className="muted">—</span>

  const columns: Column<BuyerSkuListRow>[] = [
    { key: 'buyer', header: 'Buyer', cell: (r) => <Link to={`/buyers/${r.buyerId}`}>{r.buyerName}</Link> },
    {
      key: 'code',
      nowrap: true,
      header: 'Buyer’s code',
      sortKey: 'code',
      title: true,
      cell: (r) => (
        <>
          <Link to={buyerSkuPath(r.id)}>{r.buyerCode}</Link>
          {r.status === 'archived' ? (
            <>
              {' '}
              <BuyerSkuStatusBadge status={r.status} />
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'sku',
      header: 'Product SKU',
      cell: (r) => (
        <span className="sku-cell">
          <strong>{r.productSkuCode}</strong> {r.productSkuName} <span className="muted">({r.productName})</span>
        </span>
      ),
    },
    {
      key: 'price',
      header: 'Price in force',
      numeric: true,
      cell: (r) => (r.priceMinor === null ? dash : formatMoney(r.priceMinor)),
    },
    {
      key: 'moq',
      header: 'MOQ',
      numeric: true,
      cell: (r) => (r.moqMilli === null ? dash : <span className="amount">{formatQuantity(r.moqMilli, r.unit)}</span>),
    },
    {
      key: 'version',
      header: 'Version',
      cell: (r) => (
        <>
          <Link to={versionsPath(r.id)}>{r.versionInForce === null ? 'none in force' : `v${r.versionInForce}`}</Link>
          {r.waiting ? (
            <div className="muted">
              v{r.waiting.number} from {formatDate(r.waiting.effectiveFrom)}
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: 'updated',
      nowrap: true,
      header: 'Updated',
      sortKey: 'updated',
      cell: (r) => <time dateTime={r.updatedAt}>{formatDateTime(r.updatedAt)}</time>,
    },
  ]

  return (
    <>
      <PageHeader title="Buyer SKUs">
        <Link to={`${NEW_IMPORT_PATH}?kind=buyer_skus`}>Import from a file</Link>
        <Button asChild variant="primary">
          <Link to={`${LIST_PATH}/create`}>Add a buyer SKU</Link>
        </Button>
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="Filter buyer SKUs" key={search}>
        <SearchFilter value={filters.q} placeholder="Buyer’s code, product SKU code or name" />
        <PickerFilter
          name="buyer"
          label="Buyer"
          kind="buyer"
          value={filters.buyer}
          error={buyerError}
          choices={buyerChoices}
          placeholder="Name, e-mail or GSTIN"
        />
        <SelectFilter
          name="product"
          label="Product"
          value={filters.product}
          any="Any product"
          options={products.map((p) => ({ value: p.slug, label: p.name }))}
        />
        <SelectFilter
          name="status"
          label="Status"
          value={filters.status}
          options={statusChoices.map((s) => ({ value: s, label: statusLabels[s] }))}
        />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="updated"
          defaultDir="desc"
          clearTo={LIST_PATH}
          filtering={filtering}
        />
      </Form>
      <ListSummary total={total} capped={capped} noun="buyer SKU" matching={filtering && 'these filters'}>
        {filters.sort === 'code' ? <span className="muted">Sorted by buyer, then the buyer’s code</span> : null}
      </ListSummary>
      <Table
        sort={sort}
        caption="Buyer SKUs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No buyer SKUs match these filters.' : 'There are no buyer SKUs yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </>
  )
}
