import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { countOf, formatDateTime, formatMoney } from '~/utils/format'
import { GRACE_FORM, holdFormId } from './shared'

export interface HeldOrder {
  id: number
  code: string
  placedAt: string
  totalMinor: number
  reason: string
  buyerName: string
  /** The order's page in the viewer's portal. */
  to: string
}

function HoldCard({ order, reply }: { order: HeldOrder; reply?: FormReply | null }) {
  const id = holdFormId(order.id)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.holdDecisionSchema), {
    id,
    lastResult: reply?.form === id ? reply.result : undefined,
  })
  const headingId = `${id}-heading`
  const errors = fields.reason.errors ?? []
  return (
    <section className="card" aria-labelledby={headingId} data-hold={order.code}>
      <h2 id={headingId}>
        <Link to={order.to}>{order.code}</Link> · {order.buyerName} · {formatMoney(order.totalMinor)}
      </h2>
      <p className="muted">Placed {formatDateTime(order.placedAt)}</p>
      <p>Held: {order.reason}.</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="order" value={order.id} />
        <ErrorSummary form={form} />
        <div className="field">
          <label htmlFor={fields.reason.id}>Reason (kept in the order’s history)</label>
          <textarea
            {...getTextareaProps(fields.reason)}
            rows={2}
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={errors.length ? fields.reason.errorId : undefined}
          />
          <ErrorList id={fields.reason.errorId} errors={errors} />
        </div>
        <div className="actions">
          <SubmitButton variant="primary" name="intent" value="release" intent="release" pendingText="Releasing…">
            Release the order
          </SubmitButton>{' '}
          <SubmitButton name="intent" value="cancel" intent="cancel" pendingText="Cancelling…">
            Cancel the order
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}

function GraceForm({ graceDays, reply }: { graceDays: number; reply?: FormReply | null }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.graceSchema), {
    id: GRACE_FORM,
    lastResult: reply?.form === GRACE_FORM ? reply.result : undefined,
    defaultValue: { graceDays: String(graceDays) },
  })
  return (
    <section className="card" aria-labelledby="grace-heading">
      <h2 id="grace-heading">Grace period</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="grace" />
        <ErrorSummary form={form} />
        <Field
          label="Days an invoice may be overdue before the buyer’s new orders are held"
          meta={fields.graceDays}
          inputProps={{ inputMode: 'numeric', size: 4 }}
        />
        <SubmitButton intent="grace" pendingText="Saving…">
          Save the grace period
        </SubmitButton>
      </Form>
    </section>
  )
}

/**
 * The finance portal's credit holds (docs/domain.md "Credit"): each held order, why it was held, and
 * its release and cancel, each with a reason; an admin also sets the grace period here.
 */
export function CreditHoldsPage({
  holds,
  graceDays,
  setsGrace,
  reply,
}: {
  holds: HeldOrder[]
  graceDays: number
  setsGrace: boolean
  reply?: FormReply | null
}) {
  return (
    <>
      <PageHeader title="Credit holds" />
      <p>
        Orders placed over their buyer’s credit limit, or for a buyer with invoices overdue by more than{' '}
        {countOf(graceDays, 'day')}, wait here: their sellers hear of them once released.
      </p>
      {holds.length === 0 ? <p className="muted">No order is on credit hold.</p> : null}
      <div className="stack">
        {holds.map((order) => (
          <HoldCard key={order.id} order={order} reply={reply} />
        ))}
        {setsGrace ? <GraceForm graceDays={graceDays} reply={reply} /> : null}
      </div>
    </>
  )
}
