import { Form, useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import { PickerFilter } from '~/ui/picker'
import type { PickOption } from '~/platform/pick'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { countOf, formatDate, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import type { SellerSkuListRow } from './list.server'
import { editPath, listPath } from './rules'
import type { SellerSkuFilters } from './schema'
import { FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { NEW_IMPORT_PATH } from '../imports/kinds'

export interface SellerSkuListProps {
  page: 'live' | 'draft'
  filters: SellerSkuFilters
  rows: SellerSkuListRow[]
  total: number
  capped: boolean
  /** The seller filter named no seller (or several): the list is empty and this says why. */
  sellerError: string | null
  sellerChoices?: PickOption[]
  products: { id: number; name: string }[]
  categories: { id: number; name: string; productName: string }[]
}

const dash = <span className="muted">—</span>

/** The live list, or the draft list (which also finds archived offers): GET filters, table, pages. */
export function SellerSkuList({
  page,
  filters,
  rows,
  total,
  capped,
  sellerError,
  sellerChoices,
  products,
  categories,
}: SellerSkuListProps) {
  const { search } = useLocation()
  const sort = { sort: filters.sort, dir: filters.dir }
  const filtering = Boolean(
    filters.q || filters.seller || filters.product || filters.category || filters.status === 'archived',
  )
  const noun =
    filters.status === 'live' ? 'live offers' : filters.status === 'draft' ? 'draft offers' : 'archived offers'
  const byProduct = new Map<string, typeof categories>()
  for (const c of categories) byProduct.set(c.productName, [...(byProduct.get(c.productName) ?? []), c])

  const columns: Column<SellerSkuListRow>[] = [
    { key: 'seller', header: 'Seller', cell: (r) => <Link to={`/sellers/${r.sellerId}`}>{r.sellerName}</Link> },
    {
      key: 'sku',
      header: 'Product SKU',
      title: true,
      cell: (r) => (
        <>
          <Link to={editPath(r.id)} className="sku-code">
            {r.productSkuCode}
          </Link>
          <div className="muted">
            {r.productSkuName} · {r.productName}
          </div>
        </>
      ),
    },
    { key: 'code', nowrap: true, header: 'Seller’s code', cell: (r) => r.sellerCode ?? dash },
    {
      key: 'cost',
      header: 'Cost',
      sortKey: 'cost',
      numeric: true,
      cell: (r) => (r.costMinor === null ? dash : formatMoney(r.costMinor)),
    },
    {
      key: 'moq',
      header: 'MOQ',
      numeric: true,
      cell: (r) => (r.moqMilli === null ? dash : formatQuantity(r.moqMilli, r.unit)),
    },
    {
      key: 'capacity',
      header: 'Monthly capacity',
      numeric: true,
      cell: (r) => (r.monthlyCapacityMilli === null ? dash : formatQuantity(r.monthlyCapacityMilli, r.unit)),
    },
    {
      key: 'lead',
      header: 'Lead time',
      numeric: true,
      cell: (r) => (r.leadTimeDays === null ? dash : countOf(r.leadTimeDays, 'day')),
    },
    { key: 'updated', nowrap: true, header: 'Updated', sortKey: 'updated', cell: (r) => formatDate(r.updatedAt) },
  ]
  if (filters.status === 'draft') {
    columns.push({
      key: 'missing',
      header: 'Missing to publish',
      cell: (r) => (r.missing ? <span className="field-error">{r.missing}</span> : <Badge tone="success">Ready</Badge>),
    })
  }

  return (
    <div className="seller-skus">
      <PageHeader title={page === 'live' ? 'Seller SKUs (live)' : 'Seller SKUs (draft)'}>
        <Link to={page === 'live' ? listPath('draft') : listPath('live')}>
          {page === 'live' ? 'Drafts' : 'Live offers'}
        </Link>
        <Link to={`${NEW_IMPORT_PATH}?kind=seller_skus`}>Import offers or costs</Link>
        <Button asChild variant="primary">
          <Link to="/skus/seller_skus/create">Add a seller SKU</Link>
        </Button>
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label={`Filter ${noun}`} key={search}>
        <SearchFilter value={filters.q} placeholder="Seller’s code, product SKU code or name" />
        <PickerFilter
          name="seller"
          label="Seller"
          kind="seller"
          value={filters.seller}
          error={sellerError}
          choices={sellerChoices}
          placeholder="Name, e-mail or GSTIN"
        />
        <SelectFilter
          name="product"
          label="Product"
          value={filters.product}
          any="Any product"
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
        <div className="field">
          <label htmlFor="category">Category</label>
          <select id="category" name="category" defaultValue={filters.category ?? ''}>
            <option value="">Any category</option>
            {[...byProduct].map(([product, list]) => (
              <optgroup key={product} label={product}>
                {list.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {page === 'draft' ? (
          <div className="field">
            <label htmlFor="status">Status</label>
            <select id="status" name="status" defaultValue={filters.status}>
              <option value="draft">Draft</option>
              <option value="archived">Archived</option>
            </select>
          </div>
        ) : null}
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="updated"
          defaultDir="desc"
          clearTo={listPath(page)}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        capped={capped}
        noun={[noun.replace(/s$/, ''), noun]}
        matching={filtering && filters.status !== 'archived' && 'these filters'}
      />
      <Table
        sort={sort}
        caption={page === 'live' ? 'Live seller SKUs' : 'Draft seller SKUs'}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? `No ${noun} match these filters.` : `There are no ${noun} yet.`}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </div>
  )
}
