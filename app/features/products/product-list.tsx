import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { CheckField, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Table } from '~/ui/table'
import type { ProductRow } from './admin-queries.server'
import { CREATE_PRODUCT_FORM_ID, SLUG_MAX } from './shared'

export const productEditPath = (id: number) => `/dev_admin/products/${id}/edit`

export function ProductTable({ products }: { products: ProductRow[] }) {
  return (
    <Table
      caption="Products"
      rows={products}
      rowKey={(p) => p.id}
      empty="No products yet."
      columns={[
        { key: 'name', header: 'Name', cell: (p) => <Link to={productEditPath(p.id)}>{p.name}</Link> },
        { key: 'slug', header: 'Slug', cell: (p) => <code>{p.slug}</code> },
        { key: 'unit', header: 'Unit', cell: (p) => p.unit },
        { key: 'lines', header: 'Product lines', numeric: true, cell: (p) => p.lines },
        { key: 'attributes', header: 'Attributes', numeric: true, cell: (p) => p.attributes },
        {
          key: 'active',
          header: 'Status',
          cell: (p) => (p.active ? <Badge tone="success">active</Badge> : <Badge>inactive</Badge>),
        },
      ]}
    />
  )
}

/** A new product: its slug is fixed from here on (it is in URLs and bookmarks). */
export function AddProductForm({
  idempotencyKey,
  lastResult,
}: {
  idempotencyKey: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createProductSchema), {
    id: CREATE_PRODUCT_FORM_ID,
    lastResult,
    defaultValue: { active: 'on' },
  })
  return (
    <section className="card" aria-labelledby="add-product-heading" style={{ marginTop: 16 }}>
      <h2 id="add-product-heading">Add a product</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field
            label="Slug"
            meta={fields.slug}
            hint={`In URLs like /skus/{slug}_skus; cannot be changed later. Small letters, digits and _, at most ${SLUG_MAX}.`}
            inputProps={{ autoComplete: 'off', spellCheck: false, maxLength: SLUG_MAX }}
          />
          <Field label="Name" meta={fields.name} inputProps={{ autoComplete: 'off' }} />
          <Field
            label="Unit"
            meta={fields.unit}
            hint="The unit quantities are counted in: m, kg, pcs…"
            inputProps={{ autoComplete: 'off' }}
          />
        </div>
        <CheckField meta={fields.active} label="Active (offered in menus and SKU lists)" />
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Adding…">
            Add product
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}
