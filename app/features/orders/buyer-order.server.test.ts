import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { buyerShipments } from '../logistics/buyer-shipments.server'
import { orderPageFor } from './pages.server'

// The buyer's order page is the buyer's agreement (docs/domain.md "The buyer's portal"): its lines
// once each, where they are in words, its shipments to the buyer and its invoices; nothing of a
// rejected seller order, a move to another seller, a first mile or a seller's name or address.
// Read on the demo data, which has an order whose rejected seller order's lines were moved
// (MO-2026-000006) and orders delivered by a first mile and a last mile.

const buyerViewer = (buyerId: number): Viewer => ({
  userId: 1,
  email: 'b@example.com',
  name: 'B',
  phone: null,
  roles: ['buyer'],
  company: { kind: 'buyer', id: buyerId, name: 'B', status: 'active' },
  sessionIdHash: 'x',
})
const staffViewer = (): Viewer => ({
  userId: 1,
  email: 'a@example.com',
  name: 'A',
  phone: null,
  roles: ['admin'],
  company: null,
  sessionIdHash: 'x',
})

async function movedOrder() {
  const db = getDb()
  const rejected = await db
    .selectFrom('seller_orders as so')
    .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
    .innerJoin('seller_orders as moved', 'moved.id', 'so.moved_to_id')
    .select([
      'mo.id',
      'mo.buyer_id',
      'so.id as rejectedId',
      'so.code as rejectedCode',
      'so.seller_id as rejectedSeller',
      'moved.code as movedCode',
    ])
    .where('so.status', '=', 'rejected')
    .orderBy('mo.id')
    .executeTakeFirstOrThrow()
  const sellerNames = (
    await db
      .selectFrom('seller_orders as so')
      .innerJoin('sellers as s', 's.id', 'so.seller_id')
      .select('s.name')
      .where('so.master_order_id', '=', rejected.id)
      .execute()
  ).map((r) => r.name)
  const codes = (
    await db.selectFrom('seller_orders').select('code').where('master_order_id', '=', rejected.id).execute()
  ).map((r) => r.code)
  return { ...rejected, sellerNames, codes }
}

describe('the buyer’s order page', () => {
  it('lists a moved seller order’s lines once, with no seller order, no rejection, no move and no seller', async () => {
    const db = getDb()
    const o = await movedOrder()
    const page = (await orderPageFor(db, buyerViewer(o.buyer_id), 'buyer', String(o.id)))!
    expect(page.order.id).toBe(o.id)
    // Every line of the order, each once.
    const lines = await db
      .selectFrom('sub_orders')
      .select('id')
      .where('master_order_id', '=', o.id)
      .orderBy('id')
      .execute()
    expect(lines.length).toBeGreaterThan(0)
    expect(page.order.lines.map((l) => l.id).sort((a, b) => a - b)).toEqual(lines.map((l) => l.id))
    expect(page.order.lines.every((l) => l.buyerCode && l.priceMinor !== null && l.valueMinor !== null)).toBe(true)
    // The whole page's data, its history told to the buyer included.
    const data = JSON.stringify(page)
    // No seller order code at all (the rejected one's least), no seller, no word of rejection or of a move.
    for (const code of o.codes) expect(data).not.toContain(code)
    for (const name of o.sellerNames) expect(data).not.toContain(name)
    expect(data).not.toMatch(/rejected|movedTo|sellerOrder|"cost|counterOffer|decisionNote/i)
    expect(Object.keys(page.order).sort()).toEqual([
      'billTo',
      'buyer',
      'cancelReason',
      'channelOrderId',
      'code',
      'history',
      // The buyer's own words for an open credit hold (issue 51), null here.
      'hold',
      'id',
      'invoices',
      'lines',
      'money',
      'placedAt',
      'proposals',
      'requiredBy',
      'shipTo',
      'shipments',
      'source',
      'status',
    ])
    expect(Object.keys(page.order.lines[0]!).sort()).toEqual([
      'buyerCode',
      'expectedBy',
      'id',
      'item',
      'itemCode',
      'lineNo',
      'priceMinor',
      'qc',
      'quantityMilli',
      'requiredBy',
      'state',
      'unit',
      'valueMinor',
      'where',
    ])
  })

  it('leaves the staff view as it was: the rejected seller order and where its lines went', async () => {
    const o = await movedOrder()
    const page = (await orderPageFor(getDb(), staffViewer(), 'admin', String(o.id)))!
    const rejected = page.order.sellerOrders.find((s) => s.id === o.rejectedId)!
    expect(rejected).toMatchObject({ code: o.rejectedCode, status: 'rejected', movedToCode: o.movedCode, lines: [] })
  })

  it('is not found for another buyer', async () => {
    const o = await movedOrder()
    const other = await getDb()
      .selectFrom('buyers')
      .select('id')
      .where('id', '<>', o.buyer_id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect(await orderPageFor(getDb(), buyerViewer(other.id), 'buyer', String(o.id))).toBeUndefined()
  })
})

describe('the buyer’s shipments', () => {
  it('show the last mile’s transporter, LR, pickup and delivery, and nothing of the first mile or the seller', async () => {
    const db = getDb()
    // A demo order carried by a first mile (seller to warehouse) and a last mile (warehouse to buyer).
    const both = await db
      .selectFrom('transport_requests as f')
      .innerJoin('transport_requests as l', (join) =>
        join
          .onRef('l.master_order_id', '=', 'f.master_order_id')
          .on('l.transport_type', '=', 'last_mile')
          .on('l.status', '=', 'delivered'),
      )
      .innerJoin('master_orders as mo', 'mo.id', 'f.master_order_id')
      .select(['mo.id', 'mo.buyer_id', 'f.id as firstId', 'f.from_json as firstFrom', 'l.id as lastId'])
      .where('f.transport_type', '=', 'first_mile')
      .orderBy('mo.id')
      .executeTakeFirstOrThrow()
    const booking = (requestId: number) =>
      db
        .selectFrom('transport_bookings as b')
        .innerJoin('transporters as t', 't.id', 'b.transporter_id')
        .select(['t.name', 'b.lr_number', 'b.picked_up_at', 'b.delivered_at', 'b.vehicle_number', 'b.driver_phone'])
        .where('b.request_id', '=', requestId)
        .where('b.status', '<>', 'cancelled')
        .executeTakeFirstOrThrow()
    const last = await booking(both.lastId)
    const first = await booking(both.firstId)

    const shipments = await buyerShipments(db, both.id)
    expect(shipments).toEqual([
      {
        state: 'delivered',
        transporter: last.name,
        lrNumber: last.lr_number,
        pickedUpAt: last.picked_up_at,
        expectedDeliveryAt: null,
        deliveredAt: last.delivered_at,
        lines: expect.any(Array),
      },
    ])
    expect(shipments[0]!.lines.length).toBeGreaterThan(0)

    const page = (await orderPageFor(db, buyerViewer(both.buyer_id), 'buyer', String(both.id)))!
    expect(page.order.shipments).toEqual(shipments)
    const data = JSON.stringify(page)
    // The seller's pickup address, name and phone (the first mile's one side) appear nowhere; nor the first mile's LR or vehicles.
    const pickup = JSON.parse(both.firstFrom) as { party: string; line1: string; pin: string; phone: string | null }
    for (const secret of [
      pickup.party,
      pickup.line1,
      pickup.pin,
      pickup.phone,
      first.lr_number,
      first.vehicle_number,
      last.vehicle_number,
      last.driver_phone,
    ]) {
      if (secret) expect(data).not.toContain(secret)
    }
    const sellers = (
      await db
        .selectFrom('seller_orders as so')
        .innerJoin('sellers as s', 's.id', 'so.seller_id')
        .select('s.name')
        .where('so.master_order_id', '=', both.id)
        .execute()
    ).map((r) => r.name)
    for (const name of sellers) expect(data).not.toContain(name)
    // The order's invoices, each linked to the buyer's own PDF.
    const invoices = await db
      .selectFrom('buyer_invoices')
      .select(['id', 'number'])
      .where('master_order_id', '=', both.id)
      .execute()
    expect(page.order.invoices.map((i) => i.number).sort()).toEqual(invoices.map((i) => i.number).sort())
  })
})

describe('where the buyer’s goods are (issue 51)', () => {
  it('gives one answer: a line reads on the way exactly when a shipment on the way carries it', async () => {
    const db = getDb()
    // Every demo order with goods that left their maker: first miles on the road or at the warehouse,
    // last miles arranged, booked, on the road and delivered.
    const orders = await db
      .selectFrom('seller_orders as so')
      .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
      .select(['mo.id', 'mo.buyer_id'])
      .where('so.status', 'in', ['dispatched', 'qc_passed'])
      .groupBy(['mo.id', 'mo.buyer_id'])
      .orderBy('mo.id')
      .execute()
    // Among them, goods on a first mile whose last mile is not on the road: the case.
    const firstMileOnly = await db
      .selectFrom('transport_requests as f')
      .innerJoin('seller_orders as so', 'so.id', 'f.seller_order_id')
      .select('f.master_order_id')
      .where('f.transport_type', '=', 'first_mile')
      .where('f.status', '<>', 'cancelled')
      .where('so.status', '=', 'dispatched')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('transport_requests as l')
              .select('l.id')
              .whereRef('l.seller_order_id', '=', 'f.seller_order_id')
              .where('l.transport_type', '=', 'last_mile')
              .where('l.status', 'in', ['in_transit', 'delivered']),
          ),
        ),
      )
      .execute()
    expect(firstMileOnly.length).toBeGreaterThan(0)
    const asked = new Set(firstMileOnly.map((r) => r.master_order_id))
    let lines = 0
    for (const o of orders) {
      const page = (await orderPageFor(db, buyerViewer(o.buyer_id), 'buyer', String(o.id)))!
      const { shipments } = page.order
      const moving = new Set(shipments.filter((s) => s.state === 'on_the_way').flatMap((s) => s.lines))
      for (const line of page.order.lines) {
        if (!line.buyerCode) continue
        lines++
        expect(line.state === 'on_the_way', `${page.order.code} ${line.buyerCode}: ${line.where}`).toBe(
          moving.has(line.buyerCode),
        )
      }
      if (asked.has(o.id)) {
        // Nothing on its way to the buyer yet: no line says it is.
        expect(page.order.lines.some((l) => l.where === 'Dispatch to you being arranged')).toBe(true)
      }
    }
    expect(lines).toBeGreaterThan(0)
  })
})
