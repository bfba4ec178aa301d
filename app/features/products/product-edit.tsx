import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { CheckField, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import type { ProductForEdit, ProductLineRow } from './admin-queries.server'
import { type FormReply } from './schema'
import { formIds } from './shared'
import { countOf } from '~/utils/format'

/** The reply meant for one form of the page, if the last submit came from it. */
export const replyFor = (reply: FormReply | null | undefined, form: string) =>
  reply && reply.form === form ? reply.result : undefined

export function ProductDetailsForm({ product, reply }: { product: ProductForEdit; reply?: FormReply | null }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.productDetailsSchema), {
    id: formIds.details,
    lastResult: replyFor(reply, formIds.details),
    defaultValue: { name: product.name, unit: product.unit, active: product.active ? 'on' : undefined },
  })
  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Product</h2>
      <dl className="details">
        <div>
          <dt>Slug</dt>
          <dd>
            <code>{product.slug}</code> <span className="muted">(fixed: it is in URLs and bookmarks)</span>
          </dd>
        </div>
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={product.version} />
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field label="Name" meta={fields.name} inputProps={{ autoComplete: 'off' }} />
          <Field label="Unit" meta={fields.unit} hint="m, kg, pcs…" inputProps={{ autoComplete: 'off' }} />
        </div>
        <CheckField meta={fields.active} label="Active (offered in menus and SKU lists)" />
        <div className="form-actions">
          <SubmitButton variant="primary" intent="details" pendingText="Saving…">
            Save product
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}

/** A one-button form posting an intent for one line. */
function LineButton({
  line,
  intent,
  children,
  variant,
}: {
  line: ProductLineRow
  intent: string
  children: string
  variant?: 'danger'
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lineId" value={line.id} />
      <Button type="submit" variant={variant} aria-label={`${children}: ${line.name}`}>
        {children}
      </Button>
    </Form>
  )
}

function LineRow({
  line,
  index,
  count,
  reply,
}: {
  line: ProductLineRow
  index: number
  count: number
  reply?: FormReply | null
}) {
  const id = formIds.line(line.id)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.renameLineSchema), {
    id,
    lastResult: replyFor(reply, id),
    defaultValue: { name: line.name },
  })
  return (
    <li className="editor-item">
      <div className="row">
        <strong>{line.name}</strong>
        {line.active ? null : <Badge>inactive</Badge>}
        <span className="muted">{countOf(line.skus, 'SKU')}</span>
      </div>
      <ErrorSummary form={form} />
      <div className="row">
        {index > 0 ? (
          <LineButton line={line} intent="line-up">
            Move up
          </LineButton>
        ) : null}
        {index < count - 1 ? (
          <LineButton line={line} intent="line-down">
            Move down
          </LineButton>
        ) : null}
        {line.active ? (
          <LineButton line={line} intent="line-deactivate">
            Deactivate
          </LineButton>
        ) : (
          <LineButton line={line} intent="line-reactivate">
            Reactivate
          </LineButton>
        )}
        {line.skus === 0 ? (
          <ConfirmDialog
            trigger="Delete"
            title={`Delete the product line ${line.name}?`}
            description="No product SKU uses it, so nothing else changes."
          >
            <Form method="post">
              <input type="hidden" name="intent" value="line-delete" />
              <input type="hidden" name="lineId" value={line.id} />
              <Button type="submit" variant="danger" style={{ marginTop: 12 }}>
                Yes, delete {line.name}
              </Button>
            </Form>
          </ConfirmDialog>
        ) : null}
        <details className="disclosure" open={fields.name.errors?.length ? true : undefined}>
          <summary className="btn">Rename</summary>
          <div className="disclosure-body">
            <Form method="post" {...getFormProps(form)}>
              <input type="hidden" name="intent" value="line-rename" />
              <input type="hidden" name="lineId" value={line.id} />
              <Field label={`New name for ${line.name}`} meta={fields.name} inputProps={{ autoComplete: 'off' }} />
              <SubmitButton intent="line-rename">Save name</SubmitButton>
            </Form>
          </div>
        </details>
      </div>
    </li>
  )
}

export function ProductLinesSection({
  lines,
  idempotencyKey,
  reply,
}: {
  lines: ProductLineRow[]
  idempotencyKey: string
  reply?: FormReply | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.addLineSchema), {
    id: formIds.lineAdd,
    lastResult: replyFor(reply, formIds.lineAdd),
  })
  return (
    <section className="card" aria-labelledby="lines-heading">
      <h2 id="lines-heading">Product lines</h2>
      <p className="muted">
        Groupings inside the product used by SKUs and reports. A line that SKUs use cannot be deleted; deactivate it
        instead.
      </p>
      {lines.length === 0 ? <p className="muted">No product lines yet.</p> : null}
      <ol className="editor-list">
        {lines.map((line, index) => (
          <LineRow key={line.id} line={line} index={index} count={lines.length} reply={reply} />
        ))}
      </ol>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="line-add" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field label="New product line" meta={fields.name} inputProps={{ autoComplete: 'off' }} />
        </div>
        <SubmitButton intent="line-add" pendingText="Adding…">
          Add product line
        </SubmitButton>
      </Form>
    </section>
  )
}
