import { Form, useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { formatDate, formatMoney } from '~/utils/format'
import { imageUrl } from '../images/image-url'
import { createPath, editPath, sampleOrdersOf, type SampleSkuPlace } from './places'
import type { CategoryGroup, SampleSkuRow } from './queries.server'
import type { SampleSkuFilters } from './schema'
import { FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'

export interface SampleSkuListProps {
  place: SampleSkuPlace
  filters: SampleSkuFilters
  rows: SampleSkuRow[]
  total: number
  /** The count stopped at `total` (there are more). */
  capped: boolean
  categories: CategoryGroup[]
  products: { id: number; name: string }[]
}

const stateLabels = { active: 'Active', inactive: 'Inactive', all: 'All' } as const

/** The sample SKUs of every portal: a GET filter form (the URL is the state), the table, pages. */
export function SampleSkuList({ place, filters, rows, total, capped, categories, products }: SampleSkuListProps) {
  const { search } = useLocation()
  const sort = { sort: filters.sort, dir: filters.dir }
  const filtering = Boolean(
    filters.q || filters.categoryId || filters.productId || filters.state !== 'active' || filters.inStock,
  )

  const columns: Column<SampleSkuRow>[] = [
    {
      key: 'image',
      header: 'Image',
      hideHeader: true,
      cell: (r) =>
        r.imageId ? (
          <img
            src={imageUrl(r.imageId)}
            alt={`Image of ${r.name}`}
            className="thumbnail sample-thumb"
            width={48}
            height={48}
            loading="lazy"
          />
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'code',
      nowrap: true,
      header: 'Code',
      sortKey: 'code',
      cell: (r) => (
        <span className="sample-nowrap">
          {place.canEdit ? <Link to={editPath(place, r.id)}>{r.code}</Link> : r.code}
        </span>
      ),
    },
    { key: 'name', header: 'Name', sortKey: 'name', cell: (r) => <span className="sample-name">{r.name}</span> },
    {
      key: 'category',
      header: 'Category',
      cell: (r) => (
        <>
          {r.categoryName}
          <br />
          <span className="muted">{r.productName}</span>
        </>
      ),
    },
    {
      key: 'productSku',
      header: 'Product SKU',
      cell: (r) =>
        r.productSkuCode ? <span className="sample-nowrap">{r.productSkuCode}</span> : <span className="muted">—</span>,
    },
    {
      key: 'charge',
      header: 'Charge',
      numeric: true,
      cell: (r) => (r.chargeMinor === 0 ? 'Free' : formatMoney(r.chargeMinor)),
    },
    {
      key: 'stock',
      header: 'Stock',
      numeric: true,
      cell: (r) =>
        r.stock === 0 ? (
          <span className="sample-nowrap">
            <Badge tone="warning">Out of stock</Badge>
          </span>
        ) : (
          r.stock.toLocaleString('en-IN')
        ),
    },
    {
      key: 'rating',
      header: 'Buyer rating',
      cell: (r) => {
        if (!r.rating) return <span className="muted">—</span>
        const text = `${r.rating.average.toLocaleString('en-IN')} of 5 (${r.rating.count})`
        const orders = sampleOrdersOf(place)
        return orders ? <Link to={`${orders}?sampleSku=${encodeURIComponent(r.code)}`}>{text}</Link> : text
      },
    },
    {
      key: 'active',
      header: 'Active',
      cell: (r) => (r.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
    {
      key: 'updated',
      nowrap: true,
      header: 'Updated',
      sortKey: 'updated',
      cell: (r) => (
        <time dateTime={r.updatedAt} className="sample-nowrap">
          {formatDate(r.updatedAt)}
        </time>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="Sample SKUs">
        {place.canEdit ? (
          <Button asChild variant="primary">
            <Link to={createPath(place)}>Add a sample SKU</Link>
          </Button>
        ) : null}
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="Filter sample SKUs" key={search}>
        <SearchFilter value={filters.q} placeholder="Code or name" />
        <SelectFilter
          name="product"
          label="Product"
          value={filters.productId}
          any="Any product"
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
        <div className="field">
          <label htmlFor="category">Category</label>
          <select id="category" name="category" defaultValue={filters.categoryId ?? ''}>
            <option value="">Any category</option>
            {categories.map((group) => (
              <optgroup key={group.product} label={group.product}>
                {group.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <SelectFilter
          name="state"
          label="State"
          value={filters.state}
          options={Object.entries(stateLabels).map(([value, label]) => ({ value, label }))}
        />
        <div className="field checks">
          <label>
            <input type="checkbox" name="in_stock" value="1" defaultChecked={filters.inStock} /> In stock only
          </label>
        </div>
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="code"
          defaultDir="asc"
          clearTo={place.base}
          filtering={filtering}
        />
      </Form>
      <ListSummary total={total} capped={capped} noun="sample SKU" matching={filtering && 'these filters'} />
      <Table
        sort={sort}
        caption="Sample SKUs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No sample SKUs match these filters.' : 'There are no sample SKUs yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </>
  )
}
