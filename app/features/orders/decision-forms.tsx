import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { SellerOrderStatus } from '#db/types'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { formatDate, formatMoney } from '~/utils/format'
import { rupeesInput } from '~/utils/money'
import { formatQuantity, quantityInput } from '~/utils/quantity'
import type { PickOption } from '../search/pick'
import type { OrderActions } from './actions'
import { counterDecisionSchema, counterOfferSchema, orderStepSchema } from './schema'
import { sellerOrderSteps, stepsFrom, type SellerOrderStepName } from './states'

// The forms that decide a seller order, drawn the same on an order's page and in the approval
// queues (decisions.server.ts answers them): its steps, and the seller's counter-offer.

export type Reply = (SubmissionResult<string[]> & { choices?: Record<string, PickOption[]> }) | null | undefined

/** The reply of the form named `name` (each small form says its name), else none. */
export const replyFor = (reply: Reply, name: string) => (reply?.initialValue?.form === name ? reply : undefined)

export const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00Z`) : null)

/** What the decision forms need of a seller order. */
export interface DecidableSellerOrder {
  id: number
  code: string
  status: SellerOrderStatus
  counterOffer: { subOrderId: number; quantityMilli: number; readyBy: string; costMinor: number | null }[] | null
  lines: { id: number; lineNo: number; productSkuCode: string; unit: string; quantityMilli: number; costMinor: number | null; requiredBy: string; readyBy: string | null }[]
}

/** One step of a seller order as a small form: a reason field when the step needs one. */
export function StepForm({ sellerOrder, step, reply }: { sellerOrder: DecidableSellerOrder; step: SellerOrderStepName; reply: Reply }) {
  const name = `${step}-${sellerOrder.id}`
  const [form, fields] = useZodForm(orderStepSchema, { id: name, lastResult: replyFor(reply, name) })
  const definition = sellerOrderSteps[step]
  const needsReason = 'needsReason' in definition && definition.needsReason
  return (
    <Form method="post" {...getFormProps(form)} className={needsReason ? 'step-form with-reason' : 'step-form'}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="step" />
      <input type="hidden" name="form" value={name} />
      <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
      <input type="hidden" name="step" value={step} />
      {needsReason ? <Field label={`Why (${definition.label.toLowerCase()} ${sellerOrder.code})`} meta={fields.reason} hint="The seller and the team read it" /> : null}
      <SubmitButton intent="step" variant={step === 'cancel' || step === 'reject' ? 'danger' : step === 'approve' ? 'primary' : undefined} pendingText="Saving…" aria-label={`${definition.label} ${sellerOrder.code}`}>
        {definition.label}
      </SubmitButton>
    </Form>
  )
}

/** The counter-offer recorded on a seller order, line by line, for everyone who sees the order. */
export function CounterOfferNotice({ sellerOrder }: { sellerOrder: DecidableSellerOrder }) {
  if (!sellerOrder.counterOffer) return null
  return (
    <div className="notice">
      <p>
        <strong>Counter-offer recorded</strong>, waiting for a decision:
      </p>
      <ul>
        {sellerOrder.counterOffer.map((c) => {
          const line = sellerOrder.lines.find((l) => l.id === c.subOrderId)
          const changed = line && line.quantityMilli !== c.quantityMilli ? ` (ordered ${formatQuantity(line.quantityMilli, line.unit)})` : ''
          return (
            <li key={c.subOrderId}>
              Line {line?.lineNo}: {formatQuantity(c.quantityMilli, line?.unit)}
              {changed}, ready {day(c.readyBy)}
              {c.costMinor !== null ? `, at ${formatMoney(c.costMinor)} per ${line?.unit}` : ''}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Records the seller's counter-offer: per line, the quantity, the date it is ready and the cost per unit. */
function CounterOfferForm({ sellerOrder, reply }: { sellerOrder: DecidableSellerOrder; reply: Reply }) {
  const name = `counter-${sellerOrder.id}`
  const mine = replyFor(reply, name)
  const [form, fields] = useZodForm(counterOfferSchema, {
    id: name,
    lastResult: mine,
    defaultValue: {
      line: Object.fromEntries(
        sellerOrder.lines.map((l) => [String(l.id), { quantity: quantityInput(l.quantityMilli), readyBy: l.readyBy ?? l.requiredBy, cost: l.costMinor === null ? '' : rupeesInput(l.costMinor) }]),
      ),
    },
  })
  const lineFields = fields.line.getFieldset()
  return (
    <details className="counter-offer" open={mine ? true : undefined}>
      <summary>Record the seller’s counter-offer</summary>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="counter" />
        <input type="hidden" name="form" value={name} />
        <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
        {sellerOrder.lines.map((l) => {
          const line = lineFields[String(l.id)].getFieldset()
          return (
            <fieldset key={l.id} className="form-grid counter-line">
              <legend>
                Line {l.lineNo}: {l.productSkuCode}, {formatQuantity(l.quantityMilli, l.unit)} needed by {day(l.requiredBy)}
              </legend>
              <Field label={`Quantity (${l.unit})`} meta={line.quantity} inputProps={{ inputMode: 'decimal', size: 10 }} />
              <Field label="Ready by" meta={line.readyBy} type="date" />
              <Field label={`Cost per ${l.unit} (₹)`} meta={line.cost} inputProps={{ inputMode: 'decimal', size: 10 }} />
            </fieldset>
          )
        })}
        <div className="form-actions">
          <SubmitButton intent="counter" pendingText="Recording…">
            Record the counter-offer
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}

/** Accepts the recorded counter-offer (the lines change and the seller order is approved), or declines it with a reason. */
function CounterDecisionForms({ sellerOrder, reply }: { sellerOrder: DecidableSellerOrder; reply: Reply }) {
  const acceptName = `accept-counter-${sellerOrder.id}`
  const declineName = `decline-counter-${sellerOrder.id}`
  const [accept] = useZodForm(counterDecisionSchema, { id: acceptName, lastResult: replyFor(reply, acceptName) })
  const [decline, declineFields] = useZodForm(counterDecisionSchema, { id: declineName, lastResult: replyFor(reply, declineName) })
  return (
    <div className="step-forms">
      <Form method="post" {...getFormProps(accept)} className="step-form">
        <ErrorSummary form={accept} />
        <input type="hidden" name="intent" value="accept_counter" />
        <input type="hidden" name="form" value={acceptName} />
        <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
        <SubmitButton intent="accept_counter" variant="primary" pendingText="Accepting…" aria-label={`Accept the counter-offer on ${sellerOrder.code}`}>
          Accept the counter-offer
        </SubmitButton>
      </Form>
      <Form method="post" {...getFormProps(decline)} className="step-form with-reason">
        <ErrorSummary form={decline} />
        <input type="hidden" name="intent" value="decline_counter" />
        <input type="hidden" name="form" value={declineName} />
        <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
        <Field label={`Why the counter-offer on ${sellerOrder.code} is declined`} meta={declineFields.reason} hint="The seller reads it; the order waits for approval as it stood" />
        <SubmitButton intent="decline_counter" variant="danger" pendingText="Declining…" aria-label={`Decline the counter-offer on ${sellerOrder.code}`}>
          Decline the counter-offer
        </SubmitButton>
      </Form>
    </div>
  )
}

/**
 * What the portal may do with a seller order now: its steps (approve, reject, the seller's own…),
 * and while it waits for approval, the counter-offer: record one, or decide the one recorded.
 */
export function DecisionForms({ sellerOrder, may, reply }: { sellerOrder: DecidableSellerOrder; may: OrderActions; reply: Reply }) {
  const steps = stepsFrom(sellerOrder.status).filter((step) => may.steps.includes(step))
  const counter = may.counterOffers && sellerOrder.status === 'pending_approval'
  return (
    <>
      {counter && sellerOrder.counterOffer ? <CounterDecisionForms sellerOrder={sellerOrder} reply={reply} /> : null}
      {steps.length ? (
        <div className="step-forms">
          {steps.map((step) => (
            <StepForm key={step} sellerOrder={sellerOrder} step={step} reply={reply} />
          ))}
        </div>
      ) : null}
      {counter ? <CounterOfferForm sellerOrder={sellerOrder} reply={reply} /> : null}
    </>
  )
}
