import { TableFrame } from '~/ui/table'
import { getFormProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { countOf, formatDate, formatDateTime, formatMoney } from '~/utils/format'
import type { BuyerCredit } from './rule'
import { TURNOVER_BAND_LABELS, TURNOVER_BANDS, type TurnoverBand } from '~/utils/hsn'
import { cancelHoldFormId, GRACE_FORM, holdFormId, TURNOVER_BAND_FORM } from './shared'

export interface HeldOrder {
  id: number
  code: string
  placedAt: string
  totalMinor: number
  reason: string
  buyerName: string
  /** The order's page in the viewer's portal. */
  to: string
  /** The buyer's settlement page, with the ageing of what it owes. */
  ageingTo: string
  atHold: { heldAt: string; overdueMinor: number | null; overLimitMinor: number | null }
  /** The buyer's credit as it stands now. */
  today: BuyerCredit | null
  sellerOrders: { id: number; code: string; sellerName: string; valueMinor: number }[]
}

const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor))

/** The buyer's figures then and now, side by side: what the hold was decided on, and today's. */
function Figures({ order }: { order: HeldOrder }) {
  const today = order.today
  return (
    <TableFrame label={`Credit of ${order.buyerName} when held and today`} className="hold-figures">
      <table className="table" data-hold-figures="">
        <caption className="visually-hidden">Credit of {order.buyerName} when held and today</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className="num">
              When held ({formatDate(order.atHold.heldAt)})
            </th>
            <th scope="col" className="num">
              Today
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-figure="overdue">
            <th scope="row">Overdue beyond grace</th>
            <td className="num">{money(order.atHold.overdueMinor)}</td>
            <td className="num">{money(today?.overdueBeyondGraceMinor ?? null)}</td>
          </tr>
          <tr data-figure="over-limit">
            <th scope="row">Over limit by</th>
            <td className="num">{money(order.atHold.overLimitMinor)}</td>
            <td className="num">
              {today && today.availableMinor !== null ? formatMoney(Math.max(0, -today.availableMinor)) : '—'}
            </td>
          </tr>
          <tr data-figure="outstanding">
            <th scope="row">Invoiced and open (outstanding)</th>
            <td className="num">—</td>
            <td className="num">{money(today?.invoicedOpenMinor ?? null)}</td>
          </tr>
          <tr data-figure="overdue-all">
            <th scope="row">Overdue</th>
            <td className="num">—</td>
            <td className="num">{money(today?.overdueMinor ?? null)}</td>
          </tr>
          <tr data-figure="exposure">
            <th scope="row">Exposure (with open orders, this one too)</th>
            <td className="num">—</td>
            <td className="num">{money(today?.exposureMinor ?? null)}</td>
          </tr>
          <tr data-figure="limit">
            <th scope="row">Credit limit</th>
            <td className="num">—</td>
            <td className="num">{today ? (today.limitMinor > 0 ? formatMoney(today.limitMinor) : 'No limit') : '—'}</td>
          </tr>
        </tbody>
      </table>
    </TableFrame>
  )
}

function ReasonField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  const errors = field.errors ?? []
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea
        {...getTextareaProps(field)}
        rows={2}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? field.errorId : undefined}
      />
      <ErrorList id={field.errorId} errors={errors} />
    </div>
  )
}

/** Release, whole or in part: the seller orders ticked go to their sellers, the others are cancelled. */
function ReleaseForm({ order, reply }: { order: HeldOrder; reply?: FormReply | null }) {
  const id = holdFormId(order.id)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.holdDecisionSchema), {
    id,
    lastResult: reply?.form === id ? reply.result : undefined,
  })
  const chooses = order.sellerOrders.length > 1
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="order" value={order.id} />
      <input type="hidden" name="intent" value="release" />
      <ErrorSummary form={form} />
      {chooses ? (
        <fieldset>
          <legend>Seller orders to release (the others are cancelled)</legend>
          <input type="hidden" name="scope" value="chosen" />
          {order.sellerOrders.map((s) => (
            <div key={s.id}>
              <label>
                <input type="checkbox" name="sellerOrders" value={s.id} defaultChecked /> {s.code} · {s.sellerName} ·{' '}
                {formatMoney(s.valueMinor)}
              </label>
            </div>
          ))}
          <ErrorList id={fields.sellerOrders.errorId} errors={fields.sellerOrders.errors ?? []} />
        </fieldset>
      ) : null}
      <ReasonField field={fields.reason} label="Reason for release (kept in the order’s history)" />
      <SubmitButton variant="primary" intent="release" pendingText="Releasing…">
        Release the order
      </SubmitButton>
    </Form>
  )
}

/** Cancel, behind its own disclosure and a box to tick: works the same with JavaScript off. */
function CancelForm({ order, reply }: { order: HeldOrder; reply?: FormReply | null }) {
  const id = cancelHoldFormId(order.id)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.holdDecisionSchema), {
    id,
    lastResult: reply?.form === id ? reply.result : undefined,
  })
  const confirmErrors = fields.confirm.errors ?? []
  return (
    <details open={reply?.form === id ? true : undefined}>
      <summary>Cancel the order…</summary>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="order" value={order.id} />
        <input type="hidden" name="intent" value="cancel" />
        <ErrorSummary form={form} />
        <p>
          Cancelling {order.code} cancels every one of its seller orders. It cannot be undone: the buyer would have to
          order again.
        </p>
        <ReasonField field={fields.reason} label="Reason for cancelling (kept in the order’s history)" />
        <div className="field">
          <label>
            <input
              type="checkbox"
              name={fields.confirm.name}
              id={fields.confirm.id}
              value="yes"
              aria-invalid={confirmErrors.length ? true : undefined}
              aria-describedby={confirmErrors.length ? fields.confirm.errorId : undefined}
            />{' '}
            Yes, cancel {order.code} for {order.buyerName}
          </label>
          <ErrorList id={fields.confirm.errorId} errors={confirmErrors} />
        </div>
        <SubmitButton intent="cancel" pendingText="Cancelling…">
          Cancel the order
        </SubmitButton>
      </Form>
    </details>
  )
}

function HoldCard({ order, reply }: { order: HeldOrder; reply?: FormReply | null }) {
  const headingId = `${holdFormId(order.id)}-heading`
  return (
    <section className="card stack" aria-labelledby={headingId} data-hold={order.code}>
      <h2 id={headingId}>
        <Link to={order.to}>{order.code}</Link> · {order.buyerName} · {formatMoney(order.totalMinor)}
      </h2>
      <p className="muted">
        Placed {formatDateTime(order.placedAt)} ·{' '}
        <Link to={order.ageingTo}>Ledger and ageing of {order.buyerName}</Link>
      </p>
      <p>Held: {order.reason}.</p>
      <Figures order={order} />
      <ReleaseForm order={order} reply={reply} />
      <CancelForm order={order} reply={reply} />
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

/** The platform's aggregate turnover band (issue 52): above ₹5 crore every document carries 6 or 8 digits of HSN. */
function TurnoverBandForm({ band, reply }: { band: TurnoverBand; reply?: FormReply | null }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.turnoverBandSchema), {
    id: TURNOVER_BAND_FORM,
    lastResult: reply?.form === TURNOVER_BAND_FORM ? reply.result : undefined,
    defaultValue: { band },
  })
  return (
    <section className="card" aria-labelledby="turnover-band-heading">
      <h2 id="turnover-band-heading">Aggregate turnover band</h2>
      <p className="muted">
        The platform’s aggregate turnover in the preceding financial year. Above ₹5 crore every category, invoice,
        e-invoice, e-way bill and GSTR-1 carries an HSN code of at least 6 digits (Notification 78/2020-Central Tax); up
        to ₹5 crore, at least 4.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="turnover-band" />
        <ErrorSummary form={form} />
        <SelectField
          label="Aggregate turnover"
          meta={fields.band}
          options={TURNOVER_BANDS.map((value) => ({ value, label: TURNOVER_BAND_LABELS[value] }))}
        />
        <SubmitButton intent="turnover-band" pendingText="Saving…">
          Save the band
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
  turnoverBand = 'above_5_crore',
  reply,
}: {
  holds: HeldOrder[]
  graceDays: number
  setsGrace: boolean
  turnoverBand?: TurnoverBand
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
        {setsGrace ? <TurnoverBandForm band={turnoverBand} reply={reply} /> : null}
      </div>
    </>
  )
}
