import type { MasterOrderStatus, SellerOrderStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { apiPath, type EventData } from '~/platform/webhook-events'
import { anyoneListening, emitEvent } from '~/platform/webhooks.server'

// What the lifecycle tells webhook subscribers (docs/domain.md "Webhooks (issue 40)"): each step's
// function below calls one of these inside its own transaction, after the step, so an event is
// queued only when the change commits. The facts are read here (ids, codes, statuses, times and the
// parties); what each subscriber reads of them is the event's lens (app/platform/webhook-events.ts).
// While no subscription is active, each returns after one small read.

/** A seller order, its master order and the two parties, as events tell them. */
async function sellerOrderFacts(trx: Executor, sellerOrderId: number) {
  const row = await trx
    .selectFrom('seller_orders as so')
    .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
    .innerJoin('buyers as b', 'b.id', 'mo.buyer_id')
    .innerJoin('sellers as s', 's.id', 'so.seller_id')
    .select([
      'so.id',
      'so.code',
      'so.status',
      'so.seller_id',
      'so.master_order_id',
      'mo.code as master_code',
      'mo.status as master_status',
      'mo.buyer_id',
      'mo.credit_hold',
      'b.name as buyer_name',
      's.name as seller_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('sub_orders')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('sub_orders.seller_order_id', '=', 'so.id')
        .as('lines'),
    )
    .where('so.id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  return {
    row,
    data: {
      seller_order: {
        id: row.id,
        code: row.code,
        status: row.status,
        lines: Number(row.lines ?? 0),
        api: apiPath.sellerOrder(row.id),
      },
      master_order: {
        id: row.master_order_id,
        code: row.master_code,
        status: row.master_status,
        api: apiPath.masterOrder(row.master_order_id),
      },
      buyer: { id: row.buyer_id, name: row.buyer_name },
      seller: { id: row.seller_id, name: row.seller_name },
    },
  }
}

type SellerOrderEventName =
  | 'seller_order.created'
  | 'seller_order.approved'
  | 'seller_order.rejected'
  | 'seller_order.cancelled'
  | 'seller_order.countered'
  | 'seller_order.status_changed'
  | 'seller_order.stage_changed'

/**
 * A seller order's event. Its seller hears of it only when the order went to the seller: not while it
 * is on credit hold, nor when it was cancelled with its hold (its seller never heard of it:
 * docs/domain.md "Credit"); staff always.
 */
export async function sellerOrderEvent(
  trx: Executor,
  type: SellerOrderEventName,
  sellerOrderId: number,
  extra: EventData = {},
): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const { row, data } = await sellerOrderFacts(trx, sellerOrderId)
  await emitEvent(trx, {
    type,
    buyerId: row.buyer_id,
    sellerId: row.credit_hold === 'none' || row.credit_hold === 'released' ? row.seller_id : null,
    data: { ...data, ...extra },
  })
}

/** A seller order moved from one status to another: its status_changed event, and approved, rejected or cancelled where it is one. */
export async function sellerOrderMoved(
  trx: Executor,
  sellerOrderId: number,
  from: SellerOrderStatus,
  to: SellerOrderStatus,
  details: { reason?: string | null; approvedBy?: 'staff' | 'counter_offer' } = {},
): Promise<void> {
  if (!(await anyoneListening(trx))) return
  await sellerOrderEvent(trx, 'seller_order.status_changed', sellerOrderId, { previous_status: from })
  const at = new Date().toISOString()
  if (to === 'approved')
    await sellerOrderEvent(trx, 'seller_order.approved', sellerOrderId, {
      approved_at: at,
      approved_by: details.approvedBy ?? 'staff',
    })
  if (to === 'rejected')
    await sellerOrderEvent(trx, 'seller_order.rejected', sellerOrderId, { reason: details.reason || null })
  if (to === 'cancelled')
    await sellerOrderEvent(trx, 'seller_order.cancelled', sellerOrderId, { reason: details.reason || null })
}

/**
 * A seller order that came to its seller (placed, released from hold, lines moved): created, and
 * approved (with its status move) when its seller's orders are approved as they come.
 */
export async function sellerOrderReceived(trx: Executor, sellerOrderId: number): Promise<void> {
  if (!(await anyoneListening(trx))) return
  await sellerOrderEvent(trx, 'seller_order.created', sellerOrderId)
  const { status } = await trx
    .selectFrom('seller_orders')
    .select('status')
    .where('id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  if (status === 'approved') {
    await sellerOrderEvent(trx, 'seller_order.status_changed', sellerOrderId, { previous_status: 'pending_approval' })
    await sellerOrderEvent(trx, 'seller_order.approved', sellerOrderId, {
      approved_at: new Date().toISOString(),
      approved_by: 'automatic',
    })
  }
}

/** A master order as its events tell it. */
async function masterOrderFacts(trx: Executor, masterOrderId: number) {
  const row = await trx
    .selectFrom('master_orders as mo')
    .innerJoin('buyers as b', 'b.id', 'mo.buyer_id')
    .select([
      'mo.id',
      'mo.code',
      'mo.status',
      'mo.buyer_id',
      'mo.placed_at',
      'mo.required_by',
      'mo.line_count',
      'mo.source',
      'mo.credit_hold',
      'b.name as buyer_name',
    ])
    .where('mo.id', '=', masterOrderId)
    .executeTakeFirstOrThrow()
  return {
    row,
    masterOrder: { id: row.id, code: row.code, status: row.status, api: apiPath.masterOrder(row.id) },
    buyer: { id: row.buyer_id, name: row.buyer_name },
  }
}

/** A master order placed: the buyer and staff hear of it; each seller of its own seller order (sellerOrderReceived). */
export async function masterOrderPlaced(trx: Executor, masterOrderId: number): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const { row, masterOrder, buyer } = await masterOrderFacts(trx, masterOrderId)
  const sellerOrders = await trx
    .selectFrom('seller_orders')
    .select(['id', 'code', 'seller_id'])
    .where('master_order_id', '=', masterOrderId)
    .orderBy('id')
    .execute()
  await emitEvent(trx, {
    type: 'master_order.placed',
    buyerId: row.buyer_id,
    sellerId: null,
    data: {
      master_order: {
        ...masterOrder,
        placed_at: row.placed_at,
        required_by: row.required_by,
        lines: row.line_count,
        source: row.source,
        credit_hold: row.credit_hold === 'held',
      },
      buyer,
      seller_orders: sellerOrders,
    },
  })
  for (const sellerOrder of sellerOrders) await sellerOrderReceived(trx, sellerOrder.id)
}

/** A master order's status moved (worked out from its seller orders). */
export async function masterOrderMoved(trx: Executor, masterOrderId: number, from: MasterOrderStatus): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const { row, masterOrder, buyer } = await masterOrderFacts(trx, masterOrderId)
  await emitEvent(trx, {
    type: 'master_order.status_changed',
    buyerId: row.buyer_id,
    sellerId: null,
    data: { master_order: masterOrder, previous_status: from, buyer },
  })
}

/** A counter-offer recorded: its seller hears of it, and its buyer when the offer needs the buyer's agreement. */
export async function counterOfferRecorded(trx: Executor, sellerOrderId: number, needsBuyer: boolean): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const at = new Date().toISOString()
  await sellerOrderEvent(trx, 'seller_order.countered', sellerOrderId, { recorded_at: at })
  if (!needsBuyer) return
  const { row, data } = await sellerOrderFacts(trx, sellerOrderId)
  await emitEvent(trx, {
    type: 'master_order.change_proposed',
    buyerId: row.buyer_id,
    sellerId: null,
    data: { ...data, proposed_at: at },
  })
}

/** A QC inspection decided (its seller order's own move is told by sellerOrderMoved). */
export async function inspectionDecided(
  trx: Executor,
  inspectionId: number,
  rejectedPart: { id: number } | undefined,
): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const inspection = await trx
    .selectFrom('qc_inspections')
    .select(['id', 'code', 'status', 'seller_order_id', 'decided_at'])
    .where('id', '=', inspectionId)
    .executeTakeFirstOrThrow()
  const { row, data } = await sellerOrderFacts(trx, inspection.seller_order_id)
  const part = rejectedPart
    ? await trx
        .selectFrom('seller_orders')
        .select(['id', 'code', 'status'])
        .where('id', '=', rejectedPart.id)
        .executeTakeFirstOrThrow()
    : null
  await emitEvent(trx, {
    type: 'qc.decided',
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    data: {
      ...data,
      inspection: {
        id: inspection.id,
        code: inspection.code,
        decision: inspection.status,
        decided_at: inspection.decided_at ?? new Date().toISOString(),
        api: apiPath.inspection(inspection.id),
      },
      rejected_part: part,
    },
  })
}

/** A shipment picked up or delivered: a transport request and the booking that moved it. */
export async function shipmentMoved(
  trx: Executor,
  type: 'shipment.picked_up' | 'shipment.delivered',
  requestId: number,
  bookingId: number,
): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const row = await trx
    .selectFrom('transport_requests as r')
    .innerJoin('transport_bookings as b', 'b.request_id', 'r.id')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .leftJoin('master_orders as mo', 'mo.id', 'r.master_order_id')
    .leftJoin('seller_orders as so', 'so.id', 'r.seller_order_id')
    .leftJoin('sample_orders as sa', 'sa.id', 'r.sample_order_id')
    .leftJoin('buyers as buyer', (join) =>
      join.on((eb) => eb.or([eb('buyer.id', '=', eb.ref('mo.buyer_id')), eb('buyer.id', '=', eb.ref('sa.buyer_id'))])),
    )
    .leftJoin('sellers as seller', 'seller.id', 'so.seller_id')
    .select([
      'r.id',
      'r.code',
      'r.transport_type',
      'r.status',
      'b.code as booking_code',
      'b.lr_number',
      'b.picked_up_at',
      'b.expected_delivery_at',
      'b.delivered_at',
      't.name as transporter',
      'mo.id as master_order_id',
      'mo.code as master_code',
      'mo.status as master_status',
      'so.id as seller_order_id',
      'so.code as seller_order_code',
      'sa.id as sample_order_id',
      'sa.code as sample_order_code',
      'buyer.id as buyer_id',
      'buyer.name as buyer_name',
      'seller.id as seller_id',
      'seller.name as seller_name',
    ])
    .where('r.id', '=', requestId)
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow()
  await emitEvent(trx, {
    type,
    buyerId: row.buyer_id,
    sellerId: null,
    data: {
      shipment: {
        id: row.id,
        code: row.code,
        booking_code: row.booking_code,
        type: row.transport_type,
        status: row.status,
        transporter: row.transporter,
        lr_number: row.lr_number,
        picked_up_at: row.picked_up_at,
        expected_delivery_at: row.delivered_at ? null : row.expected_delivery_at,
        delivered_at: row.delivered_at,
        api: apiPath.shipment(row.id),
      },
      master_order:
        row.master_order_id === null
          ? null
          : {
              id: row.master_order_id,
              code: row.master_code,
              status: row.master_status,
              api: apiPath.masterOrder(row.master_order_id),
            },
      seller_order: row.seller_order_id === null ? null : { id: row.seller_order_id, code: row.seller_order_code },
      sample_order: row.sample_order_id === null ? null : { id: row.sample_order_id, code: row.sample_order_code },
      buyer: row.buyer_id === null ? null : { id: row.buyer_id, name: row.buyer_name },
      seller: row.seller_id === null ? null : { id: row.seller_id, name: row.seller_name },
    },
  })
}

/** A tax invoice raised to the buyer (a seller order delivered, a sample order dispatched). */
export async function invoiceRaised(trx: Executor, invoiceId: number): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const row = await trx
    .selectFrom('buyer_invoices as i')
    .innerJoin('buyers as b', 'b.id', 'i.buyer_id')
    .leftJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
    .leftJoin('seller_orders as so', 'so.id', 'i.seller_order_id')
    .leftJoin('sample_orders as sa', 'sa.id', 'i.sample_order_id')
    .select([
      'i.id',
      'i.number',
      'i.invoice_on',
      'i.due_on',
      'i.total_minor',
      'i.status',
      'i.buyer_id',
      'b.name as buyer_name',
      'mo.id as master_order_id',
      'mo.code as master_code',
      'mo.status as master_status',
      'so.id as seller_order_id',
      'so.code as seller_order_code',
      'sa.id as sample_order_id',
      'sa.code as sample_order_code',
    ])
    .where('i.id', '=', invoiceId)
    .executeTakeFirstOrThrow()
  await emitEvent(trx, {
    type: 'invoice.raised',
    buyerId: row.buyer_id,
    sellerId: null,
    data: {
      invoice: {
        id: row.id,
        number: row.number,
        invoice_on: row.invoice_on,
        due_on: row.due_on,
        total_minor: Number(row.total_minor),
        status: row.status,
        api: apiPath.invoice(row.id),
      },
      master_order:
        row.master_order_id === null
          ? null
          : {
              id: row.master_order_id,
              code: row.master_code,
              status: row.master_status,
              api: apiPath.masterOrder(row.master_order_id),
            },
      seller_order: row.seller_order_id === null ? null : { id: row.seller_order_id, code: row.seller_order_code },
      sample_order: row.sample_order_id === null ? null : { id: row.sample_order_id, code: row.sample_order_code },
      buyer: { id: row.buyer_id, name: row.buyer_name },
    },
  })
}

/** Money received from a buyer, with the invoices it was allocated to. */
export async function paymentReceived(trx: Executor, paymentId: number): Promise<void> {
  if (!(await anyoneListening(trx))) return
  const payment = await trx
    .selectFrom('buyer_payments as p')
    .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
    .select([
      'p.id',
      'p.number',
      'p.received_on',
      'p.amount_minor',
      'p.tds_minor',
      'p.mode',
      'p.reference',
      'p.buyer_id',
      'b.name as buyer_name',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow()
  const invoices = await trx
    .selectFrom('payment_allocations as a')
    .innerJoin('buyer_invoices as i', 'i.id', 'a.invoice_id')
    .select(['i.id', 'i.number', 'i.status'])
    .where('a.payment_id', '=', paymentId)
    .orderBy('i.id')
    .execute()
  await emitEvent(trx, {
    type: 'payment.received',
    buyerId: payment.buyer_id,
    sellerId: null,
    data: {
      payment: {
        id: payment.id,
        number: payment.number,
        received_on: payment.received_on,
        amount_minor: Number(payment.amount_minor),
        tds_minor: Number(payment.tds_minor),
        mode: payment.mode,
        reference: payment.reference,
      },
      invoices: invoices.map((i) => ({ ...i, api: apiPath.invoice(i.id) })),
      buyer: { id: payment.buyer_id, name: payment.buyer_name },
    },
  })
}
