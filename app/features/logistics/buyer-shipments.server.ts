import type { Executor } from '~/platform/executor'
import type { BuyerShipment } from './buyer-shipments'

// The shipments of a master order as its buyer reads them (docs/domain.md "The buyer's portal"): the
// movements that bring goods to the buyer (last miles) and, of each, only the transporter, the
// LR/docket number, when it was picked up, when it is expected and when it was delivered, with the
// buyer's codes of the lines it carries. An allow-list: the request's addresses, cities, parties,
// phones, vehicle, freight and bills are never selected. First miles (seller to warehouse) are not
// shown at all: their one side is the seller, and they bring nothing to the buyer's door.

export async function buyerShipments(db: Executor, masterOrderId: number): Promise<BuyerShipment[]> {
  const rows = await shipmentRows(db).where('r.master_order_id', '=', masterOrderId).orderBy('r.id').execute()
  return (await shipmentsOf(db, rows)).map(({ id: _id, masterOrderId: _m, masterCode: _c, ...shipment }) => shipment)
}

/**
 * What the buyer's order page needs to say where each seller order's goods are: its last miles (as
 * buyerShipments) with the seller order each carries, and the seller orders taken to a warehouse
 * first (a first mile not cancelled). The order page reads its words from these and returns only the
 * shipments and the words: never a seller order id or a first mile.
 */
export async function buyerMovements(db: Executor, masterOrderId: number) {
  const [rows, firstMiles] = await Promise.all([
    shipmentRows(db).where('r.master_order_id', '=', masterOrderId).orderBy('r.id').execute(),
    db
      .selectFrom('transport_requests')
      .select('seller_order_id')
      .where('master_order_id', '=', masterOrderId)
      .where('transport_type', '=', 'first_mile')
      .where('status', '<>', 'cancelled')
      .execute(),
  ])
  const shipments = await shipmentsOf(db, rows)
  return {
    lastMiles: shipments.map(({ id: _id, masterOrderId: _m, masterCode: _c, ...shipment }, i) => ({
      ...shipment,
      sellerOrderId: rows[i]!.sellerOrderId,
    })),
    viaWarehouse: new Set(firstMiles.flatMap((r) => (r.seller_order_id === null ? [] : [r.seller_order_id]))),
  }
}

/**
 * The shipments to a buyer across its orders (the integration API), newest first, after a request
 * id (keyset), up to `limit`, each with its id and its order; one order's or one shipment's when
 * asked. Scoped by the buyer: another buyer's shipment is not found. Staff (`buyerId` null) read any.
 */
export async function buyerShipmentsAfter(
  db: Executor,
  buyerId: number | null,
  f: { masterOrderId?: number; id?: number },
  afterId: number | null,
  limit: number,
) {
  let query = shipmentRows(db)
  if (buyerId !== null) query = query.where('mo.buyer_id', '=', buyerId)
  if (f.masterOrderId !== undefined) query = query.where('r.master_order_id', '=', f.masterOrderId)
  if (f.id !== undefined) query = query.where('r.id', '=', f.id)
  if (afterId !== null) query = query.where('r.id', '<', afterId)
  return shipmentsOf(db, await query.orderBy('r.id', 'desc').limit(limit).execute())
}

/** The last miles to the buyer's door (not cancelled), with the allow-listed columns of their live booking. */
function shipmentRows(db: Executor) {
  return db
    .selectFrom('transport_requests as r')
    .innerJoin('master_orders as mo', 'mo.id', 'r.master_order_id')
    .leftJoin('transport_bookings as b', (join) =>
      join.onRef('b.request_id', '=', 'r.id').on('b.status', '<>', 'cancelled'),
    )
    .leftJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'r.id',
      'mo.id as masterOrderId',
      'mo.code as masterCode',
      'r.seller_order_id as sellerOrderId',
      'r.status',
      't.name as transporter',
      'b.lr_number as lrNumber',
      'b.picked_up_at as pickedUpAt',
      'b.expected_delivery_at as expectedDeliveryAt',
      'b.delivered_at as deliveredAt',
    ])
    .where('r.transport_type', '=', 'last_mile')
    .where('r.status', '<>', 'cancelled')
}
type ShipmentRow = Awaited<ReturnType<ReturnType<typeof shipmentRows>['execute']>>[number]

async function shipmentsOf(
  db: Executor,
  rows: ShipmentRow[],
): Promise<(BuyerShipment & { id: number; masterOrderId: number; masterCode: string })[]> {
  const sellerOrderIds = [...new Set(rows.flatMap((r) => (r.sellerOrderId === null ? [] : [r.sellerOrderId])))]
  const lines = sellerOrderIds.length
    ? await db
        .selectFrom('sub_orders as l')
        .innerJoin('buyer_skus as b', 'b.id', 'l.buyer_sku_id')
        .select(['l.seller_order_id', 'b.buyer_code'])
        .where('l.seller_order_id', 'in', sellerOrderIds)
        .orderBy('l.line_no')
        .execute()
    : []
  return rows.map((r) => ({
    id: r.id,
    masterOrderId: r.masterOrderId,
    masterCode: r.masterCode,
    state:
      r.deliveredAt || r.status === 'delivered'
        ? 'delivered'
        : r.pickedUpAt || r.status === 'in_transit'
          ? 'on_the_way'
          : r.transporter
            ? 'booked'
            : 'to_be_booked',
    transporter: r.transporter,
    lrNumber: r.lrNumber,
    pickedUpAt: r.pickedUpAt,
    expectedDeliveryAt: r.deliveredAt ? null : r.expectedDeliveryAt,
    deliveredAt: r.deliveredAt,
    lines: lines.filter((l) => l.seller_order_id === r.sellerOrderId).map((l) => l.buyer_code),
  }))
}
