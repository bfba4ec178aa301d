import type { Database } from '#db/database'
import type { SellerOrderStatus } from '#db/types'
import type { BuyerShipment, BuyerShipmentState } from '../logistics/buyer-shipments'
import { buyerMovements } from '../logistics/buyer-shipments.server'
import { buyerOrderInvoices } from '../settlements/buyer.server'
import { buyerMoneyPaths } from '../settlements/buyer-paths'
import { buyerCredit } from '../credit/credit.server'
import { buyerHoldNotice, type HoldNotice } from '../credit/hold'
import { buyerProposals } from './counter-offer.server'
import type { OrderLens } from './lens'
import { lineValue } from './lines'
import { masterFigure, orderDetail, type OrderDetail } from './search.server'

// The buyer's order page reads the buyer's agreement (docs/domain.md "The buyer's portal"): the
// order's lines as one list, each where it is in words; its shipments to the buyer; its invoices.
// No seller orders as such: no seller order codes or statuses, nothing of a rejected seller order,
// of a move to another seller or of a counter-offer. An allow-list: each field below is named; what
// orderDetail reads for staff and sellers never reaches the buyer's loader.

/** Where a line is, in the buyer's words (its seller order's state, never its name). */
export type BuyerLineState =
  | 'awaiting_confirmation'
  | 'being_arranged'
  | 'confirmed'
  | 'in_production'
  | 'quality_check'
  | 'ready_to_dispatch'
  | 'dispatch_being_arranged'
  | 'on_the_way'
  | 'delivered'
  | 'cancelled'

const STATE_OF: Record<SellerOrderStatus, BuyerLineState> = {
  pending_approval: 'awaiting_confirmation',
  // A rejected seller order whose lines still wait for another seller: the platform is arranging them.
  rejected: 'being_arranged',
  approved: 'confirmed',
  in_production: 'in_production',
  ready_for_qc: 'quality_check',
  qc_failed: 'quality_check',
  qc_passed: 'ready_to_dispatch',
  dispatched: 'on_the_way',
  delivered: 'delivered',
  cancelled: 'cancelled',
}

export const buyerLineStateWords: Record<BuyerLineState, string> = {
  awaiting_confirmation: 'Awaiting confirmation',
  being_arranged: 'Being arranged',
  confirmed: 'Confirmed',
  in_production: 'In production',
  quality_check: 'Quality check',
  ready_to_dispatch: 'Ready to dispatch',
  dispatch_being_arranged: 'Dispatch to you being arranged',
  on_the_way: 'On the way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/** The QC outcomes the buyer reads: passed or failed and when (no codes, operators, notes or measurements). */
const QC_WORDS: Record<string, string> = {
  approved: 'Passed',
  partly_approved: 'Partly accepted',
  rejected: 'Failed',
  submitted: 'Being decided',
  scheduled: 'Scheduled',
}

type SellerOrder = OrderDetail['sellerOrders'][number]

/** How a seller order's goods move towards the buyer: the state of its last mile, and whether it went to a warehouse first. */
export interface Movement {
  lastMile: BuyerShipmentState | null
  viaWarehouse: boolean
}

/**
 * Where a seller order's goods are, in the buyer's words: the one answer both its lines and the
 * order's shipment box give. Once the goods leave the maker they are "on the way" only when they are
 * coming to the buyer: a last mile on the road, or sent straight with no platform transport (the box
 * then shows it as a shipment too). Goods on their way to, or waiting at, a warehouse, with their
 * last mile not yet on the road, read "Dispatch to you being arranged" while the box shows nothing on
 * its way (or the last mile being arranged or booked).
 */
export function whereItIs(status: SellerOrderStatus, movement: Movement): BuyerLineState {
  const state = STATE_OF[status]
  if (state !== 'on_the_way') return state
  if (movement.lastMile === 'on_the_way' || movement.lastMile === 'delivered') return movement.lastMile
  if (movement.lastMile || movement.viaWarehouse) return 'dispatch_being_arranged'
  return 'on_the_way'
}

function lineOf(sellerOrder: SellerOrder, line: SellerOrder['lines'][number], movement: Movement) {
  const state = whereItIs(sellerOrder.status, movement)
  const stage = line.stages.find((s) => s.position === line.stagePosition)
  const words =
    state === 'in_production' && stage
      ? `In production: ${stage.name} (${line.stages.indexOf(stage) + 1} of ${line.stages.length})`
      : buyerLineStateWords[state]
  return {
    id: line.id,
    lineNo: line.lineNo,
    buyerCode: line.buyerCode,
    item: line.productSkuName,
    itemCode: line.productSkuCode,
    unit: line.unit,
    quantityMilli: line.quantityMilli,
    priceMinor: line.priceMinor,
    valueMinor: line.priceMinor === null ? null : lineValue(line.quantityMilli, line.priceMinor),
    requiredBy: line.requiredBy,
    expectedBy: state === 'cancelled' ? null : line.readyBy,
    state,
    where: words,
    qc: sellerOrder.inspections.map((i) => ({
      outcome: QC_WORDS[i.status] ?? 'Scheduled',
      scheduledOn: i.scheduledOn,
      decidedAt: i.decidedAt,
    })),
  }
}

/**
 * The buyer's words for its order's open credit hold (docs/domain.md "Credit": where a hold shows):
 * waiting for payment, with what it owes overdue today and where its invoices are; null when the
 * order is not held.
 */
async function buyerHold(db: Database, buyerId: number, orderId: number): Promise<HoldNotice | null> {
  const order = await db
    .selectFrom('master_orders')
    .select([
      'credit_hold',
      'credit_hold_reason',
      'credit_held_at',
      'credit_hold_overdue_minor',
      'credit_hold_over_limit_minor',
      'placed_at',
    ])
    .where('id', '=', orderId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst()
  if (!order || order.credit_hold !== 'held') return null
  const credit = await buyerCredit(db, buyerId)
  return buyerHoldNotice(
    {
      heldAt: order.credit_held_at ?? order.placed_at,
      overdueMinor: order.credit_hold_overdue_minor,
      overLimitMinor: order.credit_hold_over_limit_minor,
      reason: order.credit_hold_reason ?? '',
    },
    { overdueMinor: credit?.overdueMinor ?? 0, limitMinor: credit?.limitMinor ?? 0 },
    `${buyerMoneyPaths.invoices}?status=overdue`,
  )
}

/** One of the buyer's orders as the buyer reads it; undefined outside the lens (404). */
export async function buyerOrderDetail(db: Database, lens: OrderLens, id: number) {
  if (lens.scope.kind !== 'buyer') return undefined
  const detail = await orderDetail(db, lens, id)
  if (!detail) return undefined
  const [movements, invoices, waiting] = await Promise.all([
    buyerMovements(db, detail.id),
    buyerOrderInvoices(db, lens.scope.buyerId, detail.id),
    db
      .selectFrom('seller_orders')
      .select(['id', 'counter_offer_json'])
      .where('master_order_id', '=', detail.id)
      .where('status', '=', 'pending_approval')
      .where('counter_offer_json', 'is not', null)
      .execute(),
  ])
  const hold = await buyerHold(db, lens.scope.buyerId, detail.id)
  // A change proposed for some of its lines (a counter-offer giving it less or later), for the buyer to agree to.
  const proposals = await buyerProposals(db, waiting)
  // A line belongs to one seller order at a time (a move takes it along), so each line is listed once.
  const movementOf = (sellerOrderId: number): Movement => ({
    lastMile: movements.lastMiles.filter((m) => m.sellerOrderId === sellerOrderId).at(-1)?.state ?? null,
    viaWarehouse: movements.viaWarehouse.has(sellerOrderId),
  })
  const lines = detail.sellerOrders
    .flatMap((s) => s.lines.map((l) => lineOf(s, l, movementOf(s.id))))
    .sort((a, b) => a.lineNo - b.lineNo || a.id - b.id)
  // The shipment box: the last miles, and goods sent straight to the buyer without platform transport,
  // so that every line "on the way" is on a shipment "on the way" and no other is.
  const shipments: BuyerShipment[] = [
    ...movements.lastMiles.map(({ sellerOrderId: _s, ...shipment }) => shipment),
    ...detail.sellerOrders
      .filter(
        (s) => s.lines.length && whereItIs(s.status, movementOf(s.id)) === 'on_the_way' && !movementOf(s.id).lastMile,
      )
      .map((s) => ({
        state: 'on_the_way' as const,
        transporter: null,
        lrNumber: null,
        pickedUpAt: null,
        expectedDeliveryAt: null,
        deliveredAt: null,
        lines: s.lines.flatMap((l) => (l.buyerCode ? [l.buyerCode] : [])),
      })),
  ]
  return {
    id: detail.id,
    code: detail.code,
    status: masterFigure(detail.status, 'the order’s status'),
    source: detail.source,
    channelOrderId: detail.channelOrderId,
    placedAt: detail.placedAt,
    requiredBy: masterFigure(detail.requiredBy, 'the order’s needed-by'),
    cancelReason: detail.cancelReason,
    hold,
    buyer: detail.buyer,
    money: { valueMinor: detail.money.valueMinor, gstMinor: detail.money.gstMinor },
    shipTo: detail.shipTo,
    billTo: detail.billTo,
    lines,
    proposals,
    shipments,
    invoices,
    history: detail.history,
  }
}
export type BuyerOrderDetail = NonNullable<Awaited<ReturnType<typeof buyerOrderDetail>>>
