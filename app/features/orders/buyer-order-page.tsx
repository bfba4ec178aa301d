import { HoldBanner } from '../credit/hold-banner'
import { holdStatusWords } from '../credit/hold'
import { shipmentStateWords } from '../logistics/buyer-shipments'
import { buyerMoneyPaths } from '../settlements/buyer-paths'
import { figuresSentence } from '../settlements/figures'
import { Form } from '@remix-run/react'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { Details, type Detail } from '~/ui/details'
import { History } from '~/ui/history'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { day } from './decision-forms'
import { orderBase } from './lens'
import { sourceLabels } from './sources'
import type { BuyerOrderDetail } from './buyer-order.server'
import type { OrderAddress } from './search.server'

type Line = BuyerOrderDetail['lines'][number]

const addressText = (a: OrderAddress | null) =>
  a ? [a.label, a.line1, a.line2, a.city, a.state, a.pin].filter(Boolean).join(', ') : 'None'

/** The buyer's order: its facts, its lines as one list, its shipments, its invoices, its history. */
export function BuyerOrderPage({ order }: { order: BuyerOrderDetail }) {
  const facts: Detail[] = [
    {
      label: 'Status',
      value: (
        <>
          <StatusBadge status={order.status} />
          {order.hold ? ` · ${holdStatusWords.buyer}` : null}
        </>
      ),
    },
  ]
  facts.push(
    { label: 'Placed', value: formatDateTime(order.placedAt) },
    { label: 'Needed by', value: day(order.requiredBy) },
  )
  facts.push({
    label: 'Source',
    value: `${sourceLabels[order.source as 'cart'] ?? order.source}${order.channelOrderId ? ` (${order.channelOrderId})` : ''}`,
  })
  const { valueMinor, gstMinor } = order.money
  if (valueMinor !== null && gstMinor !== null)
    facts.push(
      { label: 'Value', value: formatMoney(valueMinor) },
      { label: 'GST', value: formatMoney(gstMinor) },
      { label: 'Total', value: <strong>{formatMoney(valueMinor + gstMinor)}</strong> },
    )
  facts.push(
    { label: 'Ship to', value: addressText(order.shipTo) },
    { label: 'Bill to', value: addressText(order.billTo) },
  )
  if (order.cancelReason) facts.push({ label: 'Cancelled because', value: order.cancelReason })
  return (
    <div className="order-page">
      <PageHeader title={`Order ${order.code}`}>
        <Link to={orderBase.buyer}>All orders</Link>
      </PageHeader>
      <HoldBanner hold={order.hold} />
      <section className="card">
        <Details items={facts} />
      </section>
      <Proposals proposals={order.proposals} />
      <section className="card" aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        <Table
          caption={`Lines of ${order.code}`}
          rows={order.lines}
          rowKey={(l) => l.id}
          empty="This order has no lines."
          columns={[
            { key: 'line', header: 'Line', numeric: true, cell: (l: Line) => l.lineNo },
            {
              key: 'item',
              header: 'Item',
              title: true,
              cell: (l: Line) => (
                <>
                  {l.buyerCode ? <strong>{l.buyerCode} · </strong> : null}
                  <span className="nowrap">{l.itemCode}</span>
                  <div className="muted">{l.item}</div>
                </>
              ),
            },
            {
              key: 'quantity',
              header: 'Quantity',
              numeric: true,
              cell: (l: Line) => formatQuantity(l.quantityMilli, l.unit),
            },
            {
              key: 'price',
              header: 'Price',
              numeric: true,
              cell: (l: Line) => (l.priceMinor === null ? null : `${formatMoney(l.priceMinor)}/${l.unit}`),
            },
            {
              key: 'value',
              header: 'Value',
              numeric: true,
              cell: (l: Line) => (l.valueMinor === null ? null : formatMoney(l.valueMinor)),
            },
            { key: 'needed', header: 'Needed by', nowrap: true, cell: (l: Line) => day(l.requiredBy) },
            {
              key: 'expected',
              header: 'Expected',
              nowrap: true,
              cell: (l: Line) => day(l.expectedBy) ?? <span className="muted">—</span>,
            },
            { key: 'where', header: 'Where it is', cell: (l: Line) => l.where },
            {
              key: 'qc',
              header: 'Quality check',
              cell: (l: Line) =>
                l.qc.length ? (
                  <ul className="plain-list">
                    {l.qc.map((q, i) => (
                      <li key={i}>
                        {q.outcome}
                        {q.decidedAt
                          ? `, ${formatDateTime(q.decidedAt)}`
                          : q.scheduledOn
                            ? `, ${day(q.scheduledOn)}`
                            : ''}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">—</span>
                ),
            },
          ]}
        />
      </section>
      <Shipments shipments={order.shipments} />
      <Invoices invoices={order.invoices} />
      <History entries={order.history} />
    </div>
  )
}

/** A change proposed for some lines (fewer, or later than the buyer was told): the buyer agrees to it here. */
function Proposals({ proposals }: { proposals: BuyerOrderDetail['proposals'] }) {
  if (!proposals.length) return null
  return (
    <section className="card" aria-labelledby="proposals-heading">
      <h2 id="proposals-heading">A change to your order needs your agreement</h2>
      {proposals.map((p) => (
        <div key={p.proposal} className="notice">
          <ul>
            {p.lines.map((l) => (
              <li key={l.lineNo}>
                Line {l.lineNo} ({l.buyerCode}):{' '}
                {l.quantityAfter !== l.quantityBefore
                  ? `${formatQuantity(l.quantityBefore, l.unit)} → ${formatQuantity(l.quantityAfter, l.unit)}; `
                  : ''}
                expected {day(l.expectedAfter)} (needed by {day(l.requiredBy)}
                {l.expectedBefore ? `, expected ${day(l.expectedBefore)} before` : ''}); value{' '}
                {formatMoney(l.valueBefore)} → {formatMoney(l.valueAfter)}
              </li>
            ))}
          </ul>
          <p>
            Order total (with GST): {formatMoney(p.totalBefore)} → <strong>{formatMoney(p.totalAfter)}</strong>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="agree_counter" />
            <input type="hidden" name="form" value={`agree-counter-${p.proposal}`} />
            <input type="hidden" name="sellerOrder" value={p.proposal} />
            <SubmitButton
              intent="agree_counter"
              variant="primary"
              pendingText="Saving…"
              aria-label={`Agree to the change to ${p.lines.map((l) => l.buyerCode).join(', ')}`}
            >
              Agree to the change
            </SubmitButton>
          </Form>
          <p className="muted small">
            Not agreeing? Tell your account manager: the lines stay as ordered until the change is agreed.
          </p>
        </div>
      ))}
    </section>
  )
}

function Shipments({ shipments }: { shipments: BuyerOrderDetail['shipments'] }) {
  return (
    <section className="card" aria-labelledby="shipments-heading">
      <h2 id="shipments-heading">Shipment</h2>
      {shipments.length === 0 ? (
        <p className="muted">Nothing is on its way to you yet: a shipment shows here once it is arranged.</p>
      ) : null}
      <ul className="plain-list">
        {shipments.map((s, i) => (
          <li key={i}>
            <strong>{shipmentStateWords[s.state]}</strong>
            {s.lines.length ? ` (${s.lines.join(', ')})` : ''}
            {s.transporter ? ` · ${s.transporter}` : ''}
            {s.lrNumber ? ` · LR/docket ${s.lrNumber}` : ''}
            {s.pickedUpAt ? ` · picked up ${formatDateTime(s.pickedUpAt)}` : ''}
            {s.deliveredAt
              ? ` · delivered ${formatDateTime(s.deliveredAt)}`
              : s.expectedDeliveryAt
                ? ` · expected ${formatDateTime(s.expectedDeliveryAt)}`
                : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Invoices({ invoices }: { invoices: BuyerOrderDetail['invoices'] }) {
  return (
    <section className="card" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Invoices</h2>
      {invoices.length === 0 ? (
        <p className="muted">Nothing invoiced yet: goods are invoiced when they are delivered.</p>
      ) : null}
      <ul className="plain-list">
        {invoices.map((i) => (
          <li key={i.id}>
            {i.valid ? (
              <Link reloadDocument to={buyerMoneyPaths.invoicePdf(i.id)}>
                {i.number} (PDF)
              </Link>
            ) : (
              <Link to={buyerMoneyPaths.invoice(i.id)}>{i.number}</Link>
            )}{' '}
            of {day(i.invoiceOn)}, due by {day(i.dueOn)}: {figuresSentence(i)} <StatusBadge status={i.status} />
            {i.waiting ? <span className="muted"> {i.waiting}</span> : null}
          </li>
        ))}
      </ul>
      {invoices.length ? <Link to={buyerMoneyPaths.invoices}>All your invoices</Link> : null}
    </section>
  )
}
