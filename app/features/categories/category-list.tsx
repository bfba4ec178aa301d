import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary } from '~/ui/list-summary'
import { CreateCategoryForm } from './category-form'
import { categoryPath, manageCategoriesPath, workflowPath } from './paths'
import type { CategoryRow } from './queries.server'
import { type CategoryFilters } from './schema'
import { formatGst } from './shared'
import { countOf } from '~/utils/format'

export interface ManageCategoriesProps {
  filters: CategoryFilters
  products: { id: number; slug: string; name: string }[]
  product: { id: number; slug: string; name: string } | null
  lines: { id: number; name: string; active: number }[]
  categories: CategoryRow[]
  idempotencyKey: string
  lastResult?: SubmissionResult<string[]> | null
}

const days = (n: number) => countOf(n, 'day')

const columns: Column<CategoryRow>[] = [
  { key: 'name', header: 'Name', cell: (c) => <Link to={categoryPath(c.id)}>{c.name}</Link> },
  { key: 'hsn', header: 'HSN code', cell: (c) => <code>{c.hsnCode}</code> },
  {
    key: 'gst',
    header: 'GST',
    numeric: true,
    cell: (c) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatGst(c.gstRateBp)}
        {c.gstRateAboveBp !== null && c.gstSlabAboveMinor !== null
          ? ` · ${formatGst(c.gstRateAboveBp)} above ₹${(c.gstSlabAboveMinor / 100).toLocaleString('en-IN')}`
          : ''}
      </span>
    ),
  },
  {
    key: 'workflow',
    header: 'Workflow',
    cell: (c) =>
      c.stages === 0 ? (
        <Link to={workflowPath(c.id)}>
          <Badge tone="warning">No workflow yet</Badge>
        </Link>
      ) : (
        <Link to={workflowPath(c.id)}>
          {c.stages} stage{c.stages === 1 ? '' : 's'}, {days(c.totalDays)}
          {c.qcGates === 0 ? ' (no QC gate)' : ''}
        </Link>
      ),
  },
  { key: 'conditions', header: 'Active conditions', numeric: true, cell: (c) => c.activeConditions },
  {
    key: 'active',
    header: 'Status',
    cell: (c) => (c.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
  },
]

/** A product's categories (the product chosen by links), its product lines, and "Add a category". */
export function ManageCategories({
  filters,
  products,
  product,
  lines,
  categories,
  idempotencyKey,
  lastResult,
}: ManageCategoriesProps) {
  if (!product) {
    return (
      <>
        <PageHeader title="Categories" />
        <p className="muted">There is no active product yet. The dev admin adds products first.</p>
      </>
    )
  }
  const filtering = Boolean(filters.q || filters.status !== 'all')
  return (
    <>
      <PageHeader title={`${product.name} categories`} />
      <nav aria-label="Products" className="row" style={{ marginBottom: 16 }}>
        <span className="muted">Product:</span>
        {products.map((p) =>
          p.id === product.id ? (
            <strong key={p.id} aria-current="page">
              {p.name}
            </strong>
          ) : (
            <Link key={p.id} to={manageCategoriesPath(p.slug)}>
              {p.name}
            </Link>
          ),
        )}
      </nav>
      <section aria-labelledby="lines-heading" style={{ marginBottom: 16 }}>
        <h2 id="lines-heading">Product lines</h2>
        <p>
          {lines.length === 0 ? (
            <span className="muted">None yet. </span>
          ) : (
            lines.map((l) => (l.active ? l.name : `${l.name} (inactive)`)).join(', ')
          )}
          {lines.length ? '. ' : ''}
          <span className="muted">
            The dev admin edits them on <Link to={`/dev_admin/products/${product.id}/edit`}>the product’s page</Link>.
          </span>
        </p>
      </section>
      <Form
        method="get"
        className="filters"
        role="search"
        aria-label="Filter categories"
        key={`${filters.product}${filters.status}${filters.q}`}
      >
        <input type="hidden" name="product" value={product.slug} />
        <div className="field grow">
          <label htmlFor="q">Search by name</label>
          <input id="q" name="q" type="search" defaultValue={filters.q} placeholder="Part of the name" />
        </div>
        <div className="field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={filters.status}>
            <option value="all">Active and inactive</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary">
            Filter
          </Button>
          {filtering ? <Link to={manageCategoriesPath(product.slug)}>Clear filters</Link> : null}
        </div>
      </Form>
      <ListSummary
        total={categories.length}
        noun={['category', 'categories']}
        matching={filtering && 'these filters'}
      />
      <Table
        caption={`${product.name} categories`}
        columns={columns}
        rows={categories}
        rowKey={(c) => c.id}
        empty={filtering ? 'No category matches these filters.' : `${product.name} has no categories yet.`}
      />
      <div style={{ marginTop: 24 }}>
        <CreateCategoryForm
          key={idempotencyKey}
          product={product}
          idempotencyKey={idempotencyKey}
          lastResult={lastResult}
        />
      </div>
    </>
  )
}
