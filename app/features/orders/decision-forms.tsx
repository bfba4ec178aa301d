import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { SellerOrderStatus } from '#db/types'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import type { Column } from '~/ui/table'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { rupeesInput } from '~/utils/money'
import { formatQuantity, quantityInput } from '~/utils/quantity'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { OrderActions } from './actions'
import type { StaffComparison } from './counter-offer.server'
import { sellerOrderSteps, stepsFrom, type SellerOrderStepName } from './states'

// The forms that decide a seller order, drawn the same on an order's page and in the approval
// queues (decisions.server.ts answers them): its steps, and the seller's counter-offer.

export const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00Z`) : null)

/** What a seller order's lines table shows of every line. */
type LineLike = {
  id: number
  lineNo: number
  buyerCode: string | null
  productSkuCode: string
  productSkuName: string
  unit: string
  quantityMilli: number
}

/** The first columns of a seller order's lines table (order page, approval queues): line, item (the buyer's code where the lens shows it), quantity. */
export function lineItemColumns<L extends LineLike>(): Column<L>[] {
  return [
    { key: 'line', header: 'Line', numeric: true, cell: (l) => l.lineNo },
    {
      key: 'item',
      header: 'Item',
      title: true,
      cell: (l) => (
        <>
          {l.buyerCode ? <strong>{l.buyerCode} · </strong> : null}
          <span className="nowrap">{l.productSkuCode}</span>
          <div className="muted">{l.productSkuName}</div>
        </>
      ),
    },
    { key: 'quantity', header: 'Quantity', numeric: true, cell: (l) => formatQuantity(l.quantityMilli, l.unit) },
  ]
}

/** What the decision forms need of a seller order. */
export interface DecidableSellerOrder {
  id: number
  code: string
  status: SellerOrderStatus
  counterOffer: { subOrderId: number; quantityMilli: number; readyBy: string; costMinor: number | null }[] | null
  /** The counter-offer beside the lines (staff pages only). */
  comparison?: StaffComparison | null
  lines: {
    id: number
    lineNo: number
    productSkuCode: string
    unit: string
    quantityMilli: number
    costMinor: number | null
    requiredBy: string
    readyBy: string | null
  }[]
}

/** What a step that needs a reason tells the person taking it. */
const consequence: Partial<Record<SellerOrderStepName, string>> = {
  reject: 'The seller is told why. Its lines can then be moved to another seller with a live offer.',
  cancel: 'The seller order stops here: the seller and the buyer’s KAM are told why.',
  qc_fail: 'The seller reworks the lines and marks them ready for QC again.',
}

/**
 * One step of a seller order as a small form. A step that needs a reason (reject, cancel) opens a
 * dialog with the reason field (a disclosure in place without JavaScript), open again when refused.
 */
export function StepForm({
  sellerOrder,
  step,
  reply,
}: {
  sellerOrder: DecidableSellerOrder
  step: SellerOrderStepName
  reply: Reply
}) {
  const name = `${step}-${sellerOrder.id}`
  const mine = replyFor(reply, name)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.orderStepSchema), {
    id: name,
    lastResult: mine,
  })
  const definition = sellerOrderSteps[step]
  const needsReason = 'needsReason' in definition && definition.needsReason
  const variant = step === 'cancel' || step === 'reject' ? 'danger' : step === 'approve' ? 'primary' : undefined
  const body = (
    <Form method="post" {...getFormProps(form)} className="step-form">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="step" />
      <input type="hidden" name="form" value={name} />
      <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
      <input type="hidden" name="step" value={step} />
      {needsReason ? <Field label="Why" meta={fields.reason} hint="The seller and the team read it" /> : null}
      <SubmitButton
        intent="step"
        variant={variant}
        pendingText="Saving…"
        aria-label={`${definition.label} ${sellerOrder.code}`}
      >
        {definition.label}
      </SubmitButton>
    </Form>
  )
  if (!needsReason) return body
  return (
    <ConfirmDialog
      key={name}
      trigger={definition.label}
      triggerVariant={variant ?? 'default'}
      title={`${definition.label} ${sellerOrder.code}?`}
      description={consequence[step]}
      defaultOpen={Boolean(mine)}
    >
      {body}
    </ConfirmDialog>
  )
}

/** A step a rule holds for now: its button disabled, and why (the server refuses it the same way). */
function HeldStep({
  sellerOrder,
  step,
  reason,
}: {
  sellerOrder: DecidableSellerOrder
  step: SellerOrderStepName
  reason: string
}) {
  const id = `${step}-${sellerOrder.id}-held`
  return (
    <div className="step-form held-step">
      <Button
        type="button"
        disabled
        aria-label={`${sellerOrderSteps[step].label} ${sellerOrder.code}`}
        aria-describedby={id}
      >
        {sellerOrderSteps[step].label}
      </Button>
      <p className="muted small" id={id}>
        {reason}
      </p>
    </div>
  )
}

/** The counter-offer recorded on a seller order, line by line, for everyone who sees the order. */
export function CounterOfferNotice({ sellerOrder }: { sellerOrder: DecidableSellerOrder }) {
  if (!sellerOrder.counterOffer) return null
  if (sellerOrder.comparison)
    return (
      <div className="notice">
        <p>
          <strong>Counter-offer recorded</strong>, waiting for a decision:
        </p>
        <CounterComparison comparison={sellerOrder.comparison} code={sellerOrder.code} />
      </div>
    )
  return (
    <div className="notice">
      <p>
        <strong>Counter-offer recorded</strong>, waiting for a decision:
      </p>
      <ul>
        {sellerOrder.counterOffer.map((c) => {
          const line = sellerOrder.lines.find((l) => l.id === c.subOrderId)
          const changed =
            line && line.quantityMilli !== c.quantityMilli
              ? ` (ordered ${formatQuantity(line.quantityMilli, line.unit)})`
              : ''
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

const percent = (bp: number | null) => (bp === null ? '—' : `${(bp / 100).toFixed(1)}%`)
const moneyAndPercent = (minor: number | null, bp: number | null) =>
  minor === null ? null : `${formatMoney(minor)} (${percent(bp)})`

/**
 * The counter-offer beside the lines it changes, for the staff who decide (and the buyer's KAM): per
 * line quantity against the MOQ, ready date against needed-by, cost and margin before and after where
 * the lens shows them; the margin and the buyer's total before and after; who recorded it, the buyer's
 * agreement, and whether an admin must accept. Never drawn for a seller or a buyer (their loaders carry none).
 */
export function CounterComparison({ comparison: c, code }: { comparison: StaffComparison; code: string }) {
  const costs = c.lines.some((l) => l.costBefore !== null)
  const margins = c.lines.some((l) => l.marginBefore !== null)
  const flag = (text: string) => <strong className="field-error"> {text}</strong>
  return (
    <div className="counter-comparison">
      <table className="table">
        <caption>Counter-offer on {code} beside the order</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Quantity (MOQ)</th>
            <th scope="col">Ready by (needed by)</th>
            {costs ? <th scope="col">Cost per unit</th> : null}
            {margins ? <th scope="col">Margin</th> : null}
          </tr>
        </thead>
        <tbody>
          {c.lines.map((l) => (
            <tr key={l.subOrderId}>
              <th scope="row">
                {l.lineNo}
                {l.buyerCode ? ` · ${l.buyerCode}` : ''}
              </th>
              <td>
                {formatQuantity(l.quantityBefore, l.unit)} → {formatQuantity(l.quantityAfter, l.unit)} (MOQ{' '}
                {formatQuantity(l.moqMilli, l.unit)}){l.belowMoq ? flag('below MOQ') : null}
              </td>
              <td>
                {day(l.readyBefore) ?? '—'} → {day(l.readyAfter)} (needed by {day(l.requiredBy)})
                {l.laterThanNeeded ? flag('later than needed-by') : null}
              </td>
              {costs ? (
                <td>
                  {l.costBefore === null ? null : formatMoney(l.costBefore)} →{' '}
                  {l.costAfter === null ? null : formatMoney(l.costAfter)}
                </td>
              ) : null}
              {margins ? (
                <td>
                  {moneyAndPercent(l.marginBefore, l.marginBpBefore)} →{' '}
                  {moneyAndPercent(l.marginAfter, l.marginBpAfter)}
                  {l.belowFloor ? flag(`below the category’s floor (${percent(l.floorBp)})`) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="plain-list">
        {c.marginBefore !== null ? (
          <li>
            Margin: {moneyAndPercent(c.marginBefore, c.marginBpBefore)} →{' '}
            <strong>{moneyAndPercent(c.marginAfter, c.marginBpAfter)}</strong>
          </li>
        ) : null}
        {c.buyerTotalBefore !== null && c.buyerTotalAfter !== null ? (
          <li>
            Buyer’s total (with GST): {formatMoney(c.buyerTotalBefore)} →{' '}
            <strong>{formatMoney(c.buyerTotalAfter)}</strong>
          </li>
        ) : null}
        <li>
          Recorded by {c.recordedBy ?? 'someone'} on {formatDateTime(c.recordedAt)}
          {c.recordedByViewer ? ': you recorded it, so another colleague accepts it' : ''}
        </li>
        {c.needsBuyer ? (
          <li>
            {c.buyerAgreed
              ? `The buyer agreed (recorded by ${c.buyerAgreed.by ?? 'the buyer'} on ${formatDateTime(c.buyerAgreed.at)})`
              : 'Waiting for the buyer’s agreement: it gives the buyer less, or later than it was told'}
          </li>
        ) : null}
        {c.needsAdmin ? <li>A line’s margin falls below its category’s floor: only an admin may accept it</li> : null}
      </ul>
    </div>
  )
}

/** Records the buyer's agreement to a counter-offer that gives it less or later (its KAM, an admin). */
function AgreeForm({ sellerOrder }: { sellerOrder: DecidableSellerOrder }) {
  return (
    <Form method="post" className="step-form">
      <input type="hidden" name="intent" value="agree_counter" />
      <input type="hidden" name="form" value={`agree-counter-${sellerOrder.id}`} />
      <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
      <SubmitButton
        intent="agree_counter"
        pendingText="Saving…"
        aria-label={`Record the buyer’s agreement to the counter-offer on ${sellerOrder.code}`}
      >
        Record the buyer’s agreement
      </SubmitButton>
    </Form>
  )
}

/** Records the seller's counter-offer: per line, the quantity, the date it is ready and the cost per unit. */
function CounterOfferForm({ sellerOrder, reply }: { sellerOrder: DecidableSellerOrder; reply: Reply }) {
  const name = `counter-${sellerOrder.id}`
  const mine = replyFor(reply, name)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.counterOfferSchema), {
    id: name,
    lastResult: mine,
    defaultValue: {
      line: Object.fromEntries(
        sellerOrder.lines.map((l) => [
          String(l.id),
          {
            quantity: quantityInput(l.quantityMilli),
            readyBy: l.readyBy ?? l.requiredBy,
            cost: l.costMinor === null ? '' : rupeesInput(l.costMinor),
          },
        ]),
      ),
    },
  })
  const lineFields = fields.line.getFieldset()
  return (
    <details className="disclosure counter-offer" open={mine ? true : undefined}>
      <summary className="btn">Record a counter-offer</summary>
      <Form method="post" {...getFormProps(form)} className="disclosure-body">
        <h3>The seller’s counter-offer on {sellerOrder.code}</h3>
        <p className="muted">
          What the seller offers instead, line by line. It waits for a decision: accepted, the lines change and the
          seller order is approved.
        </p>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="counter" />
        <input type="hidden" name="form" value={name} />
        <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
        {sellerOrder.lines.map((l) => {
          const line = lineFields[String(l.id)].getFieldset()
          return (
            <fieldset key={l.id} className="form-grid counter-line">
              <legend>
                Line {l.lineNo}: {l.productSkuCode}, {formatQuantity(l.quantityMilli, l.unit)} needed by{' '}
                {day(l.requiredBy)}
              </legend>
              <Field
                label={`Quantity (${l.unit})`}
                meta={line.quantity}
                inputProps={{ inputMode: 'decimal', size: 10 }}
              />
              <Field label="Ready by" meta={line.readyBy} type="date" />
              <Field
                label={`Cost per ${l.unit} (₹)`}
                meta={line.cost}
                inputProps={{ inputMode: 'decimal', size: 10 }}
              />
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
function CounterDecisionForms({
  sellerOrder,
  reply,
  acceptable,
}: {
  sellerOrder: DecidableSellerOrder
  reply: Reply
  acceptable: boolean
}) {
  const acceptName = `accept-counter-${sellerOrder.id}`
  const declineName = `decline-counter-${sellerOrder.id}`
  const [accept] = useZodForm(() => import('./forms').then((m) => m.counterDecisionSchema), {
    id: acceptName,
    lastResult: replyFor(reply, acceptName),
  })
  const [decline, declineFields] = useZodForm(() => import('./forms').then((m) => m.counterDecisionSchema), {
    id: declineName,
    lastResult: replyFor(reply, declineName),
  })
  return (
    <>
      {acceptable ? (
        <Form method="post" {...getFormProps(accept)} className="step-form">
          <ErrorSummary form={accept} />
          <input type="hidden" name="intent" value="accept_counter" />
          <input type="hidden" name="form" value={acceptName} />
          <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
          <SubmitButton
            intent="accept_counter"
            variant="primary"
            pendingText="Accepting…"
            aria-label={`Accept the counter-offer on ${sellerOrder.code}`}
          >
            Accept the counter-offer
          </SubmitButton>
        </Form>
      ) : null}
      <ConfirmDialog
        key={declineName}
        trigger="Decline the counter-offer"
        triggerVariant="danger"
        title={`Decline the counter-offer on ${sellerOrder.code}?`}
        description="The seller is told why; the seller order waits for approval as it stood."
        defaultOpen={Boolean(replyFor(reply, declineName))}
      >
        <Form method="post" {...getFormProps(decline)} className="step-form">
          <ErrorSummary form={decline} />
          <input type="hidden" name="intent" value="decline_counter" />
          <input type="hidden" name="form" value={declineName} />
          <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
          <Field label="Why" meta={declineFields.reason} hint="The seller reads it" />
          <SubmitButton
            intent="decline_counter"
            variant="danger"
            pendingText="Declining…"
            aria-label={`Decline the counter-offer on ${sellerOrder.code}`}
          >
            Decline the counter-offer
          </SubmitButton>
        </Form>
      </ConfirmDialog>
    </>
  )
}

/**
 * What the portal may do with a seller order now: its steps (approve, reject, the seller's own…),
 * and while it waits for approval, the counter-offer: record one, or decide the one recorded.
 */
export function DecisionForms({
  sellerOrder,
  may,
  reply,
  only,
  held,
}: {
  sellerOrder: DecidableSellerOrder
  may: OrderActions
  reply: Reply
  /** Offer only these steps (the queue: approve and reject). */ only?: SellerOrderStepName[]
  /** Steps held by a rule (a production gate, gates.ts): drawn disabled with the reason instead of a form. */
  held?: Partial<Record<SellerOrderStepName, string>>
}) {
  const steps = stepsFrom(sellerOrder.status).filter(
    (step) => may.steps.includes(step) && (!only || only.includes(step)),
  )
  const counter = may.counterOffers && sellerOrder.status === 'pending_approval'
  const c = sellerOrder.comparison
  // Accepting is offered to someone other than who recorded it, once the buyer agreed where it must.
  const acceptable = c ? !c.recordedByViewer && (!c.needsBuyer || c.buyerAgreed !== null) : true
  const agree =
    may.agreeCounter && sellerOrder.status === 'pending_approval' && c?.needsBuyer === true && c.buyerAgreed === null
  if (!steps.length && !counter && !agree) return null
  return (
    <div className="step-forms">
      {agree ? <AgreeForm sellerOrder={sellerOrder} /> : null}
      {counter && sellerOrder.counterOffer ? (
        <CounterDecisionForms sellerOrder={sellerOrder} reply={reply} acceptable={acceptable} />
      ) : null}
      {steps.map((step) =>
        held?.[step] ? (
          <HeldStep key={step} sellerOrder={sellerOrder} step={step} reason={held[step]} />
        ) : (
          <StepForm key={step} sellerOrder={sellerOrder} step={step} reply={reply} />
        ),
      )}
      {counter ? <CounterOfferForm sellerOrder={sellerOrder} reply={reply} /> : null}
    </div>
  )
}
