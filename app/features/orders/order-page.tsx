import { HoldBanner } from '../credit/hold-banner'
import { holdStatusWords } from '../credit/hold'
import { getFormProps } from '@conform-to/react'
import { useMayOpen } from '~/ui/may-open'
import { Form } from '@remix-run/react'
import { sentenceCase, StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { Details, type Detail } from '~/ui/details'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { History } from '~/ui/history'
import { Link } from '~/ui/link'
import { PickerField } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime, formatMoney } from '~/utils/format'
import { choicesOf } from '~/platform/pick'
import { actionsOn, SELLER_STEPS, type OrderActions } from './actions'
import { CounterOfferNotice, day, DecisionForms, lineItemColumns } from './decision-forms'
import { replyFor, type Reply } from '~/platform/form-reply'
import { orderBase, type OrderPortal } from './lens'
import { stepsFrom, type SellerOrderStepName } from './states'
import { gateRefusal, GATED_STEPS } from './gates'
import { sourceLabels } from './sources'
import type { OrderAddress, OrderDetail } from './search.server'

type SellerOrder = OrderDetail['sellerOrders'][number]
type Line = SellerOrder['lines'][number]

function AddressText({ address }: { address: OrderAddress | null }) {
  if (!address) return <span className="muted">None</span>
  return (
    <>
      {[address.label, address.line1, address.line2, address.city, address.state, address.pin]
        .filter(Boolean)
        .join(', ')}
    </>
  )
}

/** Where a line is in its category's workflow, and the seller's button to move it on (staff's, for the seller). */
function Stage({
  line,
  status,
  canAdvance,
  reply,
}: {
  line: Line
  status: SellerOrder['status']
  canAdvance: boolean
  reply: Reply
}) {
  const current = line.stages.find((s) => s.position === line.stagePosition)
  const index = current ? line.stages.indexOf(current) + 1 : 0
  const next = line.stages.find((s) => s.position > line.stagePosition)
  // Held at a QC gate only until the seller order passes QC (not once it has, nor after dispatch).
  const held =
    current?.qcGate &&
    (status === 'approved' || status === 'in_production' || status === 'ready_for_qc' || status === 'qc_failed')
  const name = `advance-${line.id}`
  const [form] = useZodForm(() => import('./forms').then((m) => m.advanceLineSchema), {
    id: name,
    lastResult: replyFor(reply, name),
  })
  return (
    <div className="stage">
      {line.stages.length === 0 ? (
        <span className="muted">No workflow stages</span>
      ) : (
        <>
          <span>{current ? `${index} of ${line.stages.length}: ${current.name}` : 'Not started'}</span>
          <progress
            max={line.stages.length}
            value={index}
            aria-label={`Line ${line.lineNo}: stage ${index} of ${line.stages.length}`}
          />
          {held ? <p className="muted small">QC gate: held here until QC passes.</p> : null}
        </>
      )}
      {canAdvance && next && !held && (status === 'in_production' || status === 'qc_passed') ? (
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="advance" />
          <input type="hidden" name="form" value={name} />
          <input type="hidden" name="line" value={line.id} />
          <input type="hidden" name="from" value={line.stagePosition} />
          <SubmitButton intent="advance" pendingText="Moving…" aria-label={`Move line ${line.lineNo} to ${next.name}`}>
            To “{next.name}”
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  )
}

function MoveLinesForm({ sellerOrder, reply }: { sellerOrder: SellerOrder; reply: Reply }) {
  const name = `move-${sellerOrder.id}`
  const mine = replyFor(reply, name)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.moveLinesSchema), {
    id: name,
    lastResult: mine,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="step-form with-reason">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="form" value={name} />
      <input type="hidden" name="sellerOrder" value={sellerOrder.id} />
      <PickerField
        label={`Move the lines of ${sellerOrder.code} to`}
        meta={fields.seller}
        kind="seller"
        choices={choicesOf(mine, 'seller')}
        hint="An active seller with a live offer for every line"
      />
      <SubmitButton intent="move" pendingText="Moving…">
        Move the lines
      </SubmitButton>
    </Form>
  )
}

function CancelOrderForm({ code, reply }: { code: string; reply: Reply }) {
  const name = 'cancel-order'
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.cancelOrderSchema), {
    id: name,
    lastResult: replyFor(reply, name),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card step-form with-reason">
      <h2>Cancel the order</h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="cancel_order" />
      <input type="hidden" name="form" value={name} />
      <Field
        label={`Why is ${code} cancelled?`}
        meta={fields.reason}
        hint="Every seller order not yet dispatched is cancelled; the KAM and the sellers read this"
      />
      <SubmitButton intent="cancel_order" variant="danger" pendingText="Cancelling…">
        Cancel the whole order
      </SubmitButton>
    </Form>
  )
}

/** An inspection's state in the words of an order page: passed or failed. */
const QC_BADGE: Record<string, string> = {
  approved: 'qc_passed',
  partly_approved: 'partly_accepted',
  rejected: 'qc_failed',
  submitted: 'qc_waiting',
  scheduled: 'scheduled',
}

/** The seller order's quality checks, as far as the lens shows them (the buyer: outcome and dates). */
function QcOutcomes({ inspections }: { inspections: SellerOrder['inspections'] }) {
  if (!inspections.length) return null
  return (
    <div className="qc-outcomes">
      <h3>Quality checks</h3>
      <ul>
        {inspections.map((i) => (
          <li key={i.id}>
            <strong>{i.code}</strong> <StatusBadge status={QC_BADGE[i.status] ?? i.status} /> inspection{' '}
            {i.slot ? `${day(i.scheduledOn)}, ${i.slot}` : day(i.scheduledOn)}
            {i.operator ? ` by ${i.operator}` : ''}
            {i.decidedAt ? ` · decided ${formatDateTime(i.decidedAt)}` : ''}
            {i.failing?.length ? (
              <ul className="qc-failing">
                {i.failing.map((f) => (
                  <li key={f.name}>
                    Not met: {f.name} ({f.severity}): measured {f.value}
                    {f.unit ? ` ${f.unit}` : ''}, needs {f.rule}
                  </li>
                ))}
              </ul>
            ) : null}
            {i.notes ? <p className="muted">Inspector’s notes: {i.notes}</p> : null}
            {i.decisionNote ? <p className="muted">Decision: {i.decisionNote}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The steps of a seller order its production gate holds now, with why (the lines short of their stage). */
function heldSteps(order: SellerOrder): Partial<Record<SellerOrderStepName, string>> {
  return Object.fromEntries(
    GATED_STEPS.map((step) => [step, gateRefusal(step, order.lines)]).filter(([, reason]) => reason),
  )
}

/** Whether the page offers the seller's own steps on this seller order now (a step, or a line's next stage). */
function actsForSeller(order: SellerOrder, may: OrderActions) {
  const sellerSteps: readonly string[] = SELLER_STEPS
  return (
    stepsFrom(order.status).some((step) => sellerSteps.includes(step) && may.steps.includes(step)) ||
    (may.advance && (order.status === 'in_production' || order.status === 'qc_passed'))
  )
}

function SellerOrderCard({
  order,
  portal,
  may: pageMay,
  reply,
}: {
  order: SellerOrder
  portal: OrderPortal
  may: OrderActions
  reply: Reply
}) {
  const may = actionsOn(pageMay, order.id)
  const total = (field: 'priceMinor' | 'costMinor') =>
    order.lines.reduce((sum, l) => sum + Math.round(((l[field] ?? 0) * l.quantityMilli) / 1000), 0)
  const facts: Detail[] = [{ label: 'Status', value: <StatusBadge status={order.status} /> }]
  if (order.requiredBy) facts.push({ label: 'Needed by', value: day(order.requiredBy) })
  if (order.decidedAt)
    facts.push({
      label: 'Decided',
      value: `${formatDateTime(order.decidedAt)}${order.decidedBy ? ` by ${order.decidedBy}` : ''}`,
    })
  if (order.decisionNote) facts.push({ label: 'Reason', value: order.decisionNote })
  if (order.linesMoved) facts.push({ label: 'Lines moved to', value: order.movedToCode ?? 'Another seller' })
  if (order.valueMinor !== null) facts.push({ label: 'Value', value: formatMoney(order.valueMinor) })
  if (order.costMinor !== null)
    facts.push({ label: portal === 'seller' ? 'Your value' : 'Cost', value: formatMoney(order.costMinor) })
  return (
    <section
      className="card seller-order"
      id={`seller-order-${order.id}`}
      aria-labelledby={`seller-order-${order.id}-heading`}
    >
      <h2 id={`seller-order-${order.id}-heading`}>
        {order.code}
        {order.sellerName && portal !== 'seller' ? ` · ${order.sellerName}` : ''}
      </h2>
      <Details items={facts} />
      <CounterOfferNotice sellerOrder={order} />
      {order.lines.length === 0 ? (
        <p className="muted">
          {order.linesMoved ? `Its lines are now with ${order.movedToCode ?? 'another seller'}.` : 'It has no lines.'}
        </p>
      ) : (
        <Table
          caption={`Lines of ${order.code}`}
          rows={order.lines}
          rowKey={(l) => l.id}
          columns={[
            ...lineItemColumns<Line>(),
            ...(order.lines.some((l) => l.priceMinor !== null)
              ? [
                  {
                    key: 'price',
                    header: 'Price',
                    numeric: true,
                    cell: (l: Line) => (l.priceMinor === null ? null : `${formatMoney(l.priceMinor)}/${l.unit}`),
                  },
                ]
              : []),
            ...(order.lines.some((l) => l.costMinor !== null)
              ? [
                  {
                    key: 'cost',
                    header: portal === 'seller' ? 'Your price' : 'Cost',
                    numeric: true,
                    cell: (l: Line) => (l.costMinor === null ? null : `${formatMoney(l.costMinor)}/${l.unit}`),
                  },
                ]
              : []),
            { key: 'needed', header: 'Needed by', nowrap: true, cell: (l) => day(l.requiredBy) },
            {
              key: 'ready',
              header: 'Ready by',
              nowrap: true,
              cell: (l) => day(l.readyBy) ?? <span className="muted">—</span>,
            },
            {
              key: 'stage',
              header: 'Stage',
              cell: (l) => <Stage line={l} status={order.status} canAdvance={may.advance} reply={reply} />,
            },
          ]}
        />
      )}
      {order.lines.length > 1 && (order.lines[0].priceMinor !== null || order.lines[0].costMinor !== null) ? (
        <p className="muted">
          {order.lines[0].priceMinor !== null ? `Lines at buyer prices: ${formatMoney(total('priceMinor'))}. ` : ''}
          {order.lines[0].costMinor !== null ? `At cost: ${formatMoney(total('costMinor'))}.` : ''}
        </p>
      ) : null}
      <QcOutcomes inspections={order.inspections} />
      {may.onBehalf && actsForSeller(order, may) ? (
        <p className="muted small">
          The seller’s steps taken here are recorded as yours, for {order.sellerName ?? 'the seller'}.
        </p>
      ) : null}
      <DecisionForms sellerOrder={order} may={may} reply={reply} held={heldSteps(order)} />
      {may.moveLines && order.status === 'rejected' && !order.linesMoved ? (
        <MoveLinesForm sellerOrder={order} reply={reply} />
      ) : null}
    </section>
  )
}

/** One master order through the portal's lens: its facts, its seller orders and lines, what the portal may do, its history. */
export function OrderPage({
  order,
  portal,
  may,
  reply,
}: {
  order: OrderDetail
  portal: OrderPortal
  may: OrderActions
  reply: Reply
}) {
  const mayOpenPath = useMayOpen()
  // A seller's page has no master order status: each of its seller orders says its own (below).
  const facts: Detail[] = order.status
    ? [
        {
          label: 'Status',
          value: (
            <>
              <StatusBadge status={order.status} />
              {order.hold ? ` · ${holdStatusWords.staff}` : null}
            </>
          ),
        },
      ]
    : []
  if (order.buyer)
    facts.push({
      label: 'Buyer',
      value:
        portal === 'buyer' ? (
          order.buyer.name
        ) : (
          <Link to={`/redirect/buyer/${order.buyer.id}`}>{order.buyer.name}</Link>
        ),
    })
  facts.push({
    label: 'Placed',
    value: `${formatDateTime(order.placedAt)}${order.placedBy ? ` by ${order.placedBy}` : ''}`,
  })
  if (order.requiredBy) facts.push({ label: 'Needed by', value: day(order.requiredBy) })
  if (portal !== 'seller')
    facts.push({
      label: 'Source',
      value: `${sourceLabels[order.source as 'cart'] ?? order.source}${order.channelOrderId ? ` (${order.channelOrderId})` : ''}`,
    })
  const { valueMinor, gstMinor, costMinor, marginMinor } = order.money
  if (valueMinor !== null && gstMinor !== null)
    facts.push(
      { label: 'Value', value: formatMoney(valueMinor) },
      { label: 'GST', value: formatMoney(gstMinor) },
      { label: 'Total', value: <strong>{formatMoney(valueMinor + gstMinor)}</strong> },
    )
  if (costMinor !== null) facts.push({ label: 'Cost', value: formatMoney(costMinor) })
  if (marginMinor !== null) facts.push({ label: 'Margin', value: formatMoney(marginMinor) })
  if (order.shipTo || order.billTo)
    facts.push(
      { label: 'Ship to', value: <AddressText address={order.shipTo} /> },
      { label: 'Bill to', value: <AddressText address={order.billTo} /> },
    )
  if (order.cancelReason) facts.push({ label: 'Cancelled because', value: order.cancelReason })
  const cancellable =
    may.cancelOrder &&
    order.sellerOrders.every((s) => s.status !== 'dispatched' && s.status !== 'delivered') &&
    order.status !== 'cancelled'
  return (
    <div className="order-page">
      <PageHeader title={`Order ${order.code}`}>
        <Link to={orderBase[portal]}>All orders</Link>
      </PageHeader>
      <HoldBanner hold={order.hold} />
      <section className="card">
        <Details items={facts} />
      </section>
      {order.sellerOrders.map((s) => (
        <SellerOrderCard key={s.id} order={s} portal={portal} may={may} reply={reply} />
      ))}
      {/* Links into the main portal's logistics and money sections, drawn where the viewer may follow them. */}
      {order.shipping ? (
        <ShippingLens rows={order.shipping} linked={mayOpenPath('/logistics/transport_requests')} />
      ) : null}
      {order.settlement ? <MoneyLens money={order.settlement} linked={mayOpenPath('/logistics/settlements')} /> : null}
      {cancellable ? <CancelOrderForm code={order.code} reply={reply} /> : null}
      <History entries={order.history} />
    </div>
  )
}

/** The shipping lens: each transport request of the order with its booking and where it is. */
function ShippingLens({ rows, linked }: { rows: NonNullable<OrderDetail['shipping']>; linked: boolean }) {
  return (
    <section className="card" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Shipping</h2>
      {rows.length === 0 ? <p className="muted">No transport requested yet.</p> : null}
      <ul className="plain-list">
        {rows.map((r) => (
          <li key={r.id}>
            {linked ? (
              <Link to={`/logistics/transport_requests/${r.id}/edit`}>{r.code}</Link>
            ) : (
              <strong>{r.code}</strong>
            )}{' '}
            {sentenceCase(r.type)} of {r.orderCode} <StatusBadge status={r.status} /> {r.fromCity} → {r.toCity}, pickup{' '}
            {day(r.pickupOn)}
            {r.bookingCode ? (
              <>
                {' · '}
                {r.transporter}
                {r.vehicleNumber ? ` ${r.vehicleNumber}` : ''}
                {r.lrNumber ? `, LR ${r.lrNumber}` : ''}
                {r.deliveredAt
                  ? `, delivered ${formatDateTime(r.deliveredAt)}`
                  : r.pickedUpAt
                    ? `, picked up ${formatDateTime(r.pickedUpAt)}, expected ${formatDateTime(r.expectedDeliveryAt ?? '')}`
                    : `, expected ${formatDateTime(r.expectedDeliveryAt ?? '')}`}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The money lens: the order's invoices (each opening its page, where credit and debit notes are raised), what is paid and credited, and what is outstanding. */
function MoneyLens({ money, linked }: { money: NonNullable<OrderDetail['settlement']>; linked: boolean }) {
  return (
    <section className="card" aria-labelledby="money-heading">
      <h2 id="money-heading">Invoices and payments</h2>
      <Details
        items={[
          { label: 'Invoiced', value: formatMoney(money.invoicedMinor) },
          { label: 'Paid', value: formatMoney(money.paidMinor) },
          { label: 'Debit notes', value: formatMoney(money.debitedMinor) },
          { label: 'Credited', value: formatMoney(money.creditedMinor) },
          { label: 'Outstanding', value: <strong>{formatMoney(money.outstandingMinor)}</strong> },
        ]}
      />
      {money.invoices.length === 0 ? (
        <p className="muted">Nothing invoiced yet: an invoice is raised when a seller order is delivered.</p>
      ) : null}
      <ul className="plain-list">
        {money.invoices.map((i) => (
          <li key={i.id}>
            {linked ? (
              <>
                <Link to={`/logistics/settlements/buyers/${i.buyerId}/invoices/${i.id}`}>{i.number}</Link> (
                <Link reloadDocument to={`/logistics/settlements/buyers/${i.buyerId}/invoices/${i.id}.pdf`}>
                  PDF
                </Link>
                )
              </>
            ) : (
              <strong>{i.number}</strong>
            )}{' '}
            ({i.sellerOrderCode}) of {day(i.invoiceOn)}, due {day(i.dueOn)}: {formatMoney(i.totalMinor)}, open{' '}
            {formatMoney(i.openMinor)} <StatusBadge status={i.status} />
          </li>
        ))}
      </ul>
      {linked && money.invoices[0] ? (
        <Link to={`/logistics/settlements/buyers/${money.invoices[0].buyerId}`}>The buyer’s settlement</Link>
      ) : null}
    </section>
  )
}
