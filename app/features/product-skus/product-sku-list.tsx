import { Form, useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { AttributeDefinition } from '#db/types'
import { StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { formatDate } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { attributeFieldName, formatAttribute } from '../products/attributes'
import { type SkuFilters } from './schema'
import { comparePath, skuListPath, skuPath, skuStatusFilters } from './shared'
import { FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { NEW_IMPORT_PATH } from '../imports/kinds'

interface Row {
  id: number
  code: string
  name: string
  categoryId: number
  category: string
  line: string | null
  moqMilli: number
  status: string
  updatedAt: string
  attributes: Record<string, string>
}

export interface SkuListProps {
  product: { slug: string; name: string; unit: string; schema: AttributeDefinition[] }
  filters: SkuFilters
  rows: Row[]
  total: number
  capped: boolean
  categories: { id: number; name: string }[]
  lines: { id: number; name: string }[]
  canExport: boolean
}

const statusLabels = { active: 'Active', archived: 'Archived', all: 'Any status' } as const

/** One product's SKUs: a GET filter form (the URL is the state), the table, pages, CSV. */
export function ProductSkuList({ product, filters, rows, total, capped, categories, lines, canExport }: SkuListProps) {
  const { search } = useLocation()
  const listPath = skuListPath(product.slug)
  const sort = { sort: filters.sort, dir: filters.dir }
  const exportParams = new URLSearchParams(search)
  exportParams.delete('page')
  const filtering = Boolean(
    filters.q || filters.category || filters.line || filters.status !== 'active' || Object.keys(filters.attrs).length,
  )
  const noun = `${product.name.toLowerCase()} SKU`

  const columns: Column<Row>[] = [
    {
      key: 'code',
      nowrap: true,
      header: 'Code',
      sortKey: 'code',
      cell: (r) => (
        <Link className="sku-code" to={skuPath(product.slug, r.id)}>
          {r.code}
        </Link>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (r) => (
        <>
          {r.name}
          <br />
          <span className="muted">{summary(product.schema, r.attributes)}</span>
        </>
      ),
    },
    {
      key: 'category',
      header: 'Category',
      cell: (r) => (
        <>
          {r.category}
          <br />
          <Link
            to={`${comparePath(r.categoryId)}?sku=${r.id}`}
            aria-label={`Compare ${r.code} with other ${r.category} SKUs`}
          >
            Compare
          </Link>
        </>
      ),
    },
    { key: 'line', header: 'Product line', cell: (r) => r.line ?? <span className="muted">—</span> },
    { key: 'moq', header: 'MOQ', numeric: true, cell: (r) => formatQuantity(r.moqMilli, product.unit) },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { key: 'updated', nowrap: true, header: 'Updated', sortKey: 'updated', cell: (r) => formatDate(r.updatedAt) },
  ]

  return (
    <>
      <PageHeader title={`${product.name} SKUs`}>
        <Link to={`${NEW_IMPORT_PATH}?kind=product_skus:${product.slug}`}>Import from a file</Link>
        <Button asChild variant="primary">
          <Link to={`${listPath}/create`}>Add a {noun}</Link>
        </Button>
      </PageHeader>
      <Form
        method="get"
        className="filters"
        role="search"
        aria-label={`Filter ${product.name.toLowerCase()} SKUs`}
        key={search}
      >
        <SearchFilter value={filters.q} placeholder="Code or name" />
        <SelectFilter
          name="category"
          label="Category"
          value={filters.category}
          any="Any category"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectFilter
          name="line"
          label="Product line"
          value={filters.line}
          any="Any line"
          options={lines.map((l) => ({ value: l.id, label: l.name }))}
        />
        <SelectFilter
          name="status"
          label="Status"
          value={filters.status}
          options={skuStatusFilters.map((s) => ({ value: s, label: statusLabels[s] }))}
        />
        {product.schema.map((a) => (
          <AttributeFilter key={a.key} attribute={a} value={filters.attrs[a.key] ?? ''} />
        ))}
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="code"
          defaultDir="asc"
          clearTo={listPath}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        capped={capped}
        noun={noun}
        matching={filtering && 'these filters'}
        csv={canExport ? `${listPath}/export.csv?${exportParams}` : null}
      />
      <Table
        sort={sort}
        caption={`${product.name} SKUs`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? `No ${noun}s match these filters.` : `There are no ${noun}s yet.`}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </>
  )
}

/** Enum attributes filter from their values; numbers and text by exact value (any case). */
function AttributeFilter({ attribute, value }: { attribute: AttributeDefinition; value: string }) {
  const name = attributeFieldName(attribute.key)
  const id = `filter-${attribute.key}`
  const label = attribute.unit ? `${attribute.label} (${attribute.unit})` : attribute.label
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {attribute.type === 'enum' ? (
        <select id={id} name={name} defaultValue={attribute.values?.find((v) => v.toLowerCase() === value) ?? ''}>
          <option value="">Any</option>
          {attribute.values?.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          defaultValue={value}
          inputMode={attribute.type === 'number' ? 'decimal' : undefined}
        />
      )}
    </div>
  )
}

function summary(schema: AttributeDefinition[], values: Record<string, string>): string {
  return schema
    .filter((a) => values[a.key])
    .map((a) => formatAttribute(a, values[a.key]))
    .join(' · ')
}
