import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Label } from 'radix-ui/label'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { Details } from '~/ui/details'
import { ErrorList, ErrorSummary, Field, getSelectProps } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { History } from '~/ui/history'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { countOf, formatDateTime, formatMoney } from '~/utils/format'
import { replyFor, type Reply } from '~/platform/form-reply'
import { buyerMoneyPaths } from '../settlements/buyer-paths'
import { sampleBase, type SamplePortal } from './lens'
import type { SampleOrderDetail } from './search.server'
import { sampleOrderMachine, type SampleOrderStepName } from './states'

type Item = SampleOrderDetail['items'][number]

/** What a step that needs a reason tells the person taking it. */
const consequence: Partial<Record<SampleOrderStepName, string>> = {
  reject: 'The samples are not sent; the buyer reads why.',
  cancel: 'The samples are not sent; the buyer reads why.',
}

/** One staff step as a small form: a reason in a dialog (a disclosure without JavaScript), the courier for a dispatch. */
function StepForm({
  order,
  step,
  reply,
}: {
  order: SampleOrderDetail
  step: Exclude<SampleOrderStepName, 'feedback'>
  reply: Reply
}) {
  const mine = replyFor(reply, step)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.sampleStepSchema), {
    id: `step-${step}`,
    lastResult: mine,
  })
  const definition = sampleOrderMachine.steps[step]
  const needsReason = 'needsReason' in definition && definition.needsReason
  const variant =
    step === 'cancel' || step === 'reject'
      ? 'danger'
      : step === 'approve' || step === 'dispatch'
        ? 'primary'
        : undefined
  const body = (
    <Form
      method="post"
      {...getFormProps(form)}
      className={step === 'dispatch' ? 'card form-grid step-form' : 'step-form'}
    >
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="form" value={step} />
      {needsReason ? <Field label="Why" meta={fields.reason} hint="The buyer reads it" /> : null}
      {step === 'dispatch' ? (
        <>
          <Field label="Courier" meta={fields.courier} inputProps={{ autoComplete: 'off' }} />
          <Field
            label="Tracking number"
            meta={fields.trackingNumber}
            inputProps={{ autoComplete: 'off' }}
            hint="The samples leave stock when they are dispatched"
          />
        </>
      ) : null}
      <div className="form-actions">
        <SubmitButton
          intent={step}
          variant={variant}
          pendingText="Saving…"
          aria-label={`${definition.label} ${order.code}`}
        >
          {definition.label}
        </SubmitButton>
      </div>
    </Form>
  )
  if (!needsReason) return body
  return (
    <ConfirmDialog
      key={step}
      trigger={definition.label}
      triggerVariant={variant ?? 'default'}
      title={`${definition.label} ${order.code}?`}
      description={consequence[step]}
      defaultOpen={Boolean(mine)}
    >
      {body}
    </ConfirmDialog>
  )
}

/** The buyer's feedback: a rating and a comment for every sample; sending it closes the order. */
function FeedbackForm({ order, reply }: { order: SampleOrderDetail; reply: Reply }) {
  const mine = replyFor(reply, 'feedback')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.sampleFeedbackSchema), {
    id: 'feedback',
    lastResult: mine,
  })
  const items = fields.item.getFieldset()
  return (
    <Form method="post" {...getFormProps(form)} className="card">
      <h2>Your feedback</h2>
      <p className="muted">Tell us what you think of each sample. Sending it closes the order.</p>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="feedback" />
      <input type="hidden" name="form" value="feedback" />
      {order.items.map((item) => {
        const meta = items[String(item.id)].getFieldset()
        const ratingErrors = meta.rating.errors ?? []
        return (
          <fieldset key={item.id} className="form-grid">
            <legend>
              {item.code} · {item.name}
            </legend>
            <div className="field">
              <Label htmlFor={meta.rating.id}>Rating</Label>
              <select
                {...getSelectProps(meta.rating)}
                aria-invalid={ratingErrors.length ? true : undefined}
                aria-describedby={ratingErrors.length ? meta.rating.errorId : undefined}
              >
                <option value="">Choose</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n} of 5{n === 5 ? ': excellent' : n === 1 ? ': poor' : ''}
                  </option>
                ))}
              </select>
              <ErrorList id={meta.rating.errorId} errors={ratingErrors} />
            </div>
            <div className="field grow">
              <Label htmlFor={meta.comment.id}>Comment (optional)</Label>
              <textarea {...getTextareaProps(meta.comment)} rows={2} />
              <ErrorList id={meta.comment.errorId} errors={meta.comment.errors} />
            </div>
          </fieldset>
        )
      })}
      <div className="form-actions">
        <SubmitButton intent="feedback" variant="primary" pendingText="Sending…">
          Send feedback
        </SubmitButton>
      </div>
    </Form>
  )
}

const ratingText = (rating: number | null) =>
  rating === null ? '' : `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} ${rating}/5`

/** A sample order in a portal: its facts, items with feedback, the steps the viewer may take, its history. */
export function SampleOrderPage({
  order,
  portal,
  reply,
}: {
  order: SampleOrderDetail
  portal: SamplePortal
  reply: Reply
}) {
  const columns: Column<Item>[] = [
    { key: 'line', header: 'Item', numeric: true, cell: (i) => i.lineNo },
    {
      key: 'sample',
      header: 'Sample',
      title: true,
      cell: (i) => (
        <>
          <strong>{i.code}</strong> · {i.name}
          <div className="muted">{i.category}</div>
        </>
      ),
    },
    { key: 'pieces', header: 'Pieces', numeric: true, cell: (i) => i.quantity },
    { key: 'charge', header: 'Charge', numeric: true, cell: (i) => formatMoney(i.chargeMinor * i.quantity) },
  ]
  if (order.items.some((i) => i.stock !== undefined))
    columns.push({ key: 'stock', header: 'In stock now', numeric: true, cell: (i) => i.stock ?? '' })
  columns.push({
    key: 'feedback',
    header: 'Feedback',
    cell: (i) =>
      i.rating === null ? (
        <span className="muted">
          {order.status !== 'delivered'
            ? '—'
            : order.steps.includes('feedback')
              ? 'Rate it below'
              : 'Waiting for the buyer'}
        </span>
      ) : (
        <>
          <span aria-label={`Rated ${i.rating} of 5`}>{ratingText(i.rating)}</span>
          {i.comment ? <span> · {i.comment}</span> : null}
        </>
      ),
  })
  const staffSteps = order.steps.filter((s): s is Exclude<SampleOrderStepName, 'feedback'> => s !== 'feedback')
  const ship = order.shipTo
  return (
    <>
      <PageHeader title={`Sample order ${order.code}`}>
        <StatusBadge status={order.status} />
      </PageHeader>
      <section className="card" aria-label="Sample order">
        <Details
          items={[
            ...(order.buyerName ? [{ label: 'Buyer', value: order.buyerName }] : []),
            { label: 'Requested', value: formatDateTime(order.requestedAt) },
            ...('requestedBy' in order
              ? [
                  { label: 'Requested by', value: order.requestedBy },
                  { label: 'KAM', value: order.kamName },
                ]
              : []),
            {
              label: 'Ship to',
              value: [ship.label, ship.line1, ship.line2, ship.city, ship.state, ship.pin].filter(Boolean).join(', '),
            },
            { label: 'Samples', value: `${order.itemCount} (${countOf(order.quantityTotal, 'piece')})` },
            { label: 'Charges', value: `${formatMoney(order.chargeMinor)} before GST` },
            ...(order.invoice
              ? [
                  {
                    label: 'Invoice',
                    value:
                      portal === 'buyer' ? (
                        <Link to={buyerMoneyPaths.invoice(order.invoice.id)}>{order.invoice.number}</Link>
                      ) : (
                        order.invoice.number
                      ),
                  },
                  { label: 'Invoice total', value: formatMoney(order.invoice.totalMinor) },
                ]
              : []),
            ...(order.reason
              ? [
                  {
                    label: order.status === 'rejected' ? 'Why it was rejected' : 'Why it was cancelled',
                    value: order.reason,
                  },
                ]
              : []),
            ...(order.courier
              ? [
                  { label: 'Courier', value: `${order.courier}, tracking number ${order.trackingNumber}` },
                  { label: 'Dispatched', value: order.dispatchedAt ? formatDateTime(order.dispatchedAt) : null },
                ]
              : []),
            ...(order.deliveredAt ? [{ label: 'Delivered', value: formatDateTime(order.deliveredAt) }] : []),
            ...(order.closedAt ? [{ label: 'Closed', value: formatDateTime(order.closedAt) }] : []),
            ...('note' in order && order.note ? [{ label: 'Note (internal)', value: order.note }] : []),
          ]}
        />
      </section>
      {staffSteps.length ? (
        <section className="card" aria-labelledby="next-heading">
          <h2 id="next-heading">Next</h2>
          <div className="row">
            {staffSteps.map((step) => (
              <StepForm key={step} order={order} step={step} reply={reply} />
            ))}
          </div>
        </section>
      ) : null}
      <h2>Samples</h2>
      <Table caption={`Samples of ${order.code}`} columns={columns} rows={order.items} rowKey={(i) => i.id} />
      {order.steps.includes('feedback') ? <FeedbackForm order={order} reply={reply} /> : null}
      <History entries={order.history} />
      <p>
        <Link to={sampleBase[portal]}>{portal === 'main' ? 'Your sample requests' : 'All sample orders'}</Link>
      </p>
    </>
  )
}
