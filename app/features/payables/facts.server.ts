import type { Executor } from '~/platform/executor'
import { registrationReceiving } from '../settlements/registrations.server'
import { sellerSupply, type BillLineFacts } from './money'

// What the three-way match of a seller bill reads (docs/domain.md (issue 38)): the seller order and
// its seller (GSTIN, state, terms), and per line what was ordered (quantity, cost, GST rate), what
// QC accepted (qc_inspection_lines of decided inspections: an approved lot all of its quantity, a
// partly accepted lot its accepted quantity, a rejected lot none; an order QC passed by its step
// without a lot inspection, all of it) and what earlier bills took.

/** Seller orders a bill may be recorded against: QC passed (held for review until dispatched), dispatched, delivered. */
export const BILLABLE = ['qc_passed', 'dispatched', 'delivered'] as const
/** The states in which the goods have left the seller: the third leg of the match. */
export const SHIPPED = ['dispatched', 'delivered'] as const

export type OrderFacts = NonNullable<Awaited<ReturnType<typeof orderFacts>>>
export type LineFacts = OrderFacts['lines'][number]

export async function orderFacts(db: Executor, sellerOrderId: number, exceptBillId?: number) {
  const order = await db
    .selectFrom('seller_orders as so')
    .innerJoin('sellers as s', 's.id', 'so.seller_id')
    .select([
      'so.id',
      'so.code',
      'so.status',
      'so.seller_id',
      's.name as sellerName',
      's.gstin',
      's.gst_unregistered',
      's.payment_terms_days',
    ])
    .where('so.id', '=', sellerOrderId)
    .executeTakeFirst()
  if (!order) return undefined
  const [received, address, lines, lots, billed] = await Promise.all([
    registrationReceiving(db, sellerOrderId),
    db
      .selectFrom('addresses')
      .select('state')
      .where('seller_id', '=', order.seller_id)
      .orderBy((eb) => eb.case().when('kind', '=', 'billing').then(0).else(1).end())
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('sub_orders as l')
      .innerJoin('product_skus as ps', 'ps.id', 'l.product_sku_id')
      .innerJoin('products as p', 'p.id', 'ps.product_id')
      .innerJoin('seller_skus as ss', 'ss.id', 'l.seller_sku_id')
      .select([
        'l.id',
        'l.line_no',
        'l.quantity_milli',
        'l.cost_minor',
        'l.gst_rate_bp',
        'ps.code as skuCode',
        'ps.name as skuName',
        'ss.seller_code',
        'p.unit',
      ])
      .where('l.seller_order_id', '=', sellerOrderId)
      .orderBy('l.line_no')
      .execute(),
    db
      .selectFrom('qc_inspection_lines as l')
      .innerJoin('qc_inspections as i', 'i.id', 'l.inspection_id')
      .innerJoin('sub_orders as s', 's.id', 'l.sub_order_id')
      .select(['l.sub_order_id', 'i.status', 'l.quantity_milli', 'l.accepted_milli'])
      .where('s.seller_order_id', '=', sellerOrderId)
      .where('i.status', 'in', ['approved', 'partly_approved'])
      .execute(),
    db
      .selectFrom('seller_bill_lines as l')
      .innerJoin('seller_bills as b', 'b.id', 'l.bill_id')
      .innerJoin('sub_orders as s', 's.id', 'l.sub_order_id')
      .select(['l.sub_order_id', 'l.quantity_milli', 'l.debited_milli', 'b.id as bill_id'])
      .where('s.seller_order_id', '=', sellerOrderId)
      .where('b.status', '!=', 'rejected')
      .execute(),
  ])
  const accepted = new Map<number, number>()
  for (const lot of lots)
    accepted.set(
      lot.sub_order_id,
      (accepted.get(lot.sub_order_id) ?? 0) +
        Number(lot.status === 'approved' ? lot.quantity_milli : lot.accepted_milli),
    )
  // An order QC passed by its step without a lot inspection (no decided inspection of its lines)
  // had its whole quantity accepted.
  const passedWithoutLots = lots.length === 0 && (BILLABLE as readonly string[]).includes(order.status)
  if (passedWithoutLots) for (const l of lines) accepted.set(l.id, Number(l.quantity_milli))
  const before = new Map<number, number>()
  for (const b of billed)
    if (b.bill_id !== exceptBillId)
      before.set(b.sub_order_id, (before.get(b.sub_order_id) ?? 0) + Number(b.quantity_milli) - Number(b.debited_milli))
  const registered = !order.gst_unregistered && !!order.gstin
  return {
    order: { id: order.id, code: order.code, status: order.status, sellerId: order.seller_id },
    seller: {
      id: order.seller_id,
      name: order.sellerName,
      gstin: order.gstin,
      registered,
      state: address?.state ?? null,
      paymentTermsDays: Number(order.payment_terms_days),
    },
    /** The platform's registration that receives the goods and the bill (issue 52). */
    recipient: {
      gstin: received.registration.gstin,
      state: received.registration.state,
      isHome: received.registration.isHome,
      unregisteredState: received.unregisteredState,
    },
    supply: sellerSupply(order.gstin, address?.state ?? null, received.registration),
    lines: lines.map((l) => {
      const facts: BillLineFacts = {
        orderedMilli: Number(l.quantity_milli),
        costMinor: Number(l.cost_minor),
        acceptedMilli: accepted.get(l.id) ?? 0,
        billedBeforeMilli: before.get(l.id) ?? 0,
        gstRateBp: l.gst_rate_bp,
      }
      return {
        subOrderId: l.id,
        lineNo: l.line_no,
        description: [l.seller_code, l.skuCode, l.skuName].filter(Boolean).join(' · '),
        unit: l.unit,
        ...facts,
      }
    }),
  }
}
