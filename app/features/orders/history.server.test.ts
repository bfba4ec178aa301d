import { getDb } from '~/db.server'
import { makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { audit } from '~/platform/audit.server'
import { agreeToCounterOffer, recordCounterOffer } from './counter-offer.server'
import { acceptCounterOffer, moveRejectedLines, takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { orderSight, type OrderLens, type OrderPortal } from './lens'
import { orderDetail } from './search.server'

// The order's history told to each viewer through the audit lens (app/features/audit/lens.ts),
// driven by the real mutations on the demo data: what each reads, and what it never reads.

let staff: { userId: number }
let buyerId: number
let sellers: { id: number; name: string }[]

const lens = (portal: OrderPortal, scope: OrderLens['scope'] = { kind: 'all' }): OrderLens => ({
  portal,
  scope,
  see: orderSight[portal],
})
const buyerLens = (id: number) => lens('buyer', { kind: 'buyer', buyerId: id })
const sellerLens = (id: number) => lens('seller', { kind: 'seller', sellerId: id })
const historyAs = async (l: OrderLens, orderId: number) => (await orderDetail(getDb(), l, orderId))!.history
const nextYear = () => new Date().getUTCFullYear() + 1

beforeAll(async () => {
  staff = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Lens Garments', status: 'active' }, [
    { kind: 'shipping', city: 'Tiruppur', isDefault: true },
    { kind: 'billing', city: 'Tiruppur', isDefault: true },
  ])
  sellers = []
  for (const name of ['Lens Loser Mills', 'Lens Winner Weaves'])
    sellers.push({ id: await makeSeller({ name, status: 'active' }), name })
})

describe('the order history through the lens', () => {
  it('never tells a seller, the supplier team or logistics the buyer’s invoice; finance reads it', async () => {
    const db = getDb()
    const entry = await db
      .selectFrom('audit_events')
      .innerJoin('seller_orders', (join) =>
        join.on((eb) => eb(eb.cast('seller_orders.id', 'text'), '=', eb.ref('audit_events.entity_id'))),
      )
      .select(['audit_events.after_json', 'seller_orders.master_order_id', 'seller_orders.seller_id'])
      .where('audit_events.action', '=', 'buyer_invoice.raised')
      .where('audit_events.entity_type', '=', 'seller_order')
      .orderBy('audit_events.id')
      .executeTakeFirstOrThrow()
    const { invoice, total } = JSON.parse(entry.after_json!) as { invoice: string; total: string }
    expect(total).toMatch(/^₹/)

    // Finance and the admin read the invoice, its number and its total, in ₹.
    for (const portal of ['admin', 'biz_fin'] as const) {
      const told = JSON.stringify(await historyAs(lens(portal), entry.master_order_id))
      expect(told).toContain('Invoice raised')
      expect(told).toContain(invoice)
      expect(told).toContain(total)
    }
    // The seller reads its own seller order's history, and nothing of the buyer's invoice.
    const seller = await historyAs(sellerLens(entry.seller_id), entry.master_order_id)
    expect(seller.map((e) => e.what)).toContain('Delivered')
    for (const told of [
      JSON.stringify(seller),
      JSON.stringify(await historyAs(lens('supplier_admin'), entry.master_order_id)),
      JSON.stringify(await historyAs(lens('logistics'), entry.master_order_id)),
    ]) {
      expect(told).not.toContain('Invoice raised')
      expect(told).not.toContain(invoice)
      expect(told).not.toContain(total)
    }
  })

  it('tells the losing seller its lines moved, never to whom; the buyer reads no rejection, no move and no seller', async () => {
    const db = getDb()
    const [loser, winner] = sellers as [{ id: number; name: string }, { id: number; name: string }]
    const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [loser.id], key: 'lens-move' })
    expect(await takeSellerOrderStep(db, staff, order.sellerOrderId, 'reject', 'Looms down this month')).toMatchObject({
      ok: true,
    })
    const line = await db
      .selectFrom('sub_orders')
      .select('product_sku_id')
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    await makeSellerSku({ sellerId: winner.id, productSkuId: line.product_sku_id, status: 'live' })
    const moved = await moveRejectedLines(db, staff, order.sellerOrderId, winner.id)
    if (!moved.ok) throw new Error(moved.message)

    const losing = await historyAs(sellerLens(loser.id), order.id)
    expect(losing.map((e) => e.what)).toEqual(['Lines moved to another seller', 'Rejected', 'Added'])
    expect(losing[1]!.note).toBe('Looms down this month')
    // Its own value in its own words, as its order page says it.
    expect(losing[2]!.changes.map((c) => c.label)).toContain('Your value')
    expect(losing[2]!.changes.map((c) => c.label)).not.toContain('Cost')
    const told = JSON.stringify(losing)
    expect(told).not.toContain(winner.name)
    expect(told).not.toContain(moved.value.code)
    expect(told).not.toContain('Lens Garments')

    // The winning seller reads its own new order, not where the lines came from.
    const winning = JSON.stringify(await historyAs(sellerLens(winner.id), order.id))
    expect(winning).not.toContain(loser.name)
    expect(winning).not.toContain(order.sellerOrders[0]!.code)

    // Staff who see sellers read both names.
    const admin = JSON.stringify(await historyAs(lens('admin'), order.id))
    expect(admin).toContain(winner.name)
    expect(admin).toContain(loser.name)

    const buyer = await historyAs(buyerLens(buyerId), order.id)
    expect(buyer.map((e) => e.what)).toEqual(expect.arrayContaining(['Placed']))
    const buyerTold = JSON.stringify(buyer)
    for (const marker of [
      'Rejected',
      'Lines moved',
      'Looms down',
      winner.name,
      loser.name,
      'Seller order',
      moved.value.code,
    ])
      expect(buyerTold).not.toContain(marker)
  })

  it('tells the buyer an accepted counter-offer as its agreement: the line’s quantity, expected date and value', async () => {
    const db = getDb()
    const order = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: [sellers[0]!.id],
      key: 'lens-counter',
    })
    const line = await db
      .selectFrom('sub_orders')
      .innerJoin('product_skus', 'product_skus.id', 'sub_orders.product_sku_id')
      .innerJoin('products', 'products.id', 'product_skus.product_id')
      .select(['sub_orders.id', 'products.unit'])
      .where('sub_orders.seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    const readyBy = `${nextYear()}-01-20`
    expect(
      await recordCounterOffer(db, { userId: await userIdOf('internal@example.com') }, order.sellerOrderId, [
        { subOrderId: line.id, quantity: '8', readyBy, cost: '130' },
      ]),
    ).toMatchObject({ ok: true })
    // It gives the buyer less: the buyer's agreement first (recorded here by an admin), then another person accepts.
    expect(await agreeToCounterOffer(db, staff, order.sellerOrderId)).toMatchObject({ ok: true })
    expect(await acceptCounterOffer(db, staff, order.sellerOrderId)).toMatchObject({ ok: true })

    const buyer = await historyAs(buyerLens(buyerId), order.id)
    const changed = buyer.find((e) => e.what.startsWith('Quantity of'))
    expect(changed!.what).toBe(
      `Quantity of BC-lens-counter-1 changed from 10 to 8 ${line.unit}; expected 20 Jan ${nextYear()}`,
    )
    expect(changed!.changes).toContainEqual({ label: 'Order value', before: '₹5,000.00', after: '₹4,000.00' })
    expect(changed!.actor).toBe('The platform team')
    // The value the buyer reads in its history now agrees with the order's.
    expect((await orderDetail(db, buyerLens(buyerId), order.id))!.money.valueMinor).toBe(400_000)
    // Seller orders' events are not the buyer's: no counter-offer, no approval, no seller, no cost.
    const told = JSON.stringify(buyer)
    for (const marker of ['Counter-offer', 'Approved', 'Added', sellers[0]!.name, '₹130'])
      expect(told).not.toContain(marker)
    // Only told entries leave: no raw entry, no key the lens did not declare.
    for (const entry of buyer)
      expect(Object.keys(entry).sort()).toEqual(['actor', 'at', 'changes', 'id', 'note', 'what'])

    // The seller reads the counter-offer with its own cost; the supplier team reads the quantities, not the value.
    expect(JSON.stringify(await historyAs(sellerLens(sellers[0]!.id), order.id))).toContain('₹130.00')
    const supplier = (await historyAs(lens('supplier_admin'), order.id)).find((e) => e.what.startsWith('Quantity of'))!
    expect(supplier.changes).toEqual([])
  })

  it('tells only declared keys, states in words, money in ₹ and the actor in the viewer’s terms', async () => {
    const db = getDb()
    const seller = sellers[0]!
    const sellerUser = await makeCompanyUser('seller', seller.id, 'lens-seller@example.com')
    const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [seller.id], key: 'lens-keys' })
    expect(await takeSellerOrderStep(db, staff, order.sellerOrderId, 'approve')).toMatchObject({ ok: true })
    // A key no rule declares is told to nobody, staff included.
    await audit(db, {
      actorUserId: staff.userId,
      action: 'seller_order.approved',
      entityType: 'seller_order',
      entityId: order.sellerOrderId,
      before: { status: 'approved' },
      after: { status: 'approved', buyer_price: 'MARKER-UNDECLARED' },
    })
    // A step a staff member takes for a seller (docs/domain.md) carries the seller in `for_seller`.
    await audit(db, {
      actorUserId: staff.userId,
      action: 'seller_order.production_started',
      entityType: 'seller_order',
      entityId: order.sellerOrderId,
      before: { status: 'approved' },
      after: { status: 'in_production', for_seller: seller.name },
    })
    await audit(db, {
      actorUserId: sellerUser,
      action: 'seller_order.ready_for_qc',
      entityType: 'seller_order',
      entityId: order.sellerOrderId,
      before: { status: 'in_production' },
      after: { status: 'ready_for_qc' },
    })

    const admin = await historyAs(lens('admin'), order.id)
    const sellerSide = await historyAs(sellerLens(seller.id), order.id)
    for (const told of [admin, sellerSide]) {
      expect(JSON.stringify(told)).not.toContain('MARKER-UNDECLARED')
      expect(JSON.stringify(told)).not.toMatch(/pending_approval|in_production|ready_for_qc/)
    }
    const adminName = (
      await db.selectFrom('users').select('name').where('id', '=', staff.userId).executeTakeFirstOrThrow()
    ).name
    const sellerName = (
      await db.selectFrom('users').select('name').where('id', '=', sellerUser).executeTakeFirstOrThrow()
    ).name
    expect(admin.filter((e) => e.what === 'Approved').at(-1)!.changes).toEqual([
      { label: 'Status', before: 'Pending approval', after: 'Approved' },
    ])
    expect(admin.find((e) => e.what === 'Production started')!.actor).toBe(`${adminName} for ${seller.name}`)
    expect(sellerSide.find((e) => e.what === 'Production started')!.actor).toBe(`The platform team for ${seller.name}`)
    expect(sellerSide.find((e) => e.what === 'Ready for QC')!.actor).toBe(sellerName)
    expect(sellerSide.find((e) => e.what === 'Approved')!.actor).toBe('The platform team')
    // The order's own entries: status in words, value and GST in ₹ where the lens shows value.
    const placed = admin.find((e) => e.what === 'Placed')!
    expect(placed.changes).toEqual(
      expect.arrayContaining([
        { label: 'Value', before: null, after: '₹5,000.00' },
        { label: 'Buyer', before: null, after: 'Lens Garments' },
      ]),
    )
    expect(admin.find((e) => e.what === 'Status changed')!.changes).toEqual([
      { label: 'Status', before: 'Placed', after: 'Confirmed' },
    ])
    const logistics = (await historyAs(lens('logistics'), order.id)).find((e) => e.what === 'Placed')!
    expect(logistics.changes.map((c) => c.label)).not.toContain('Value')
    expect(JSON.stringify(logistics)).not.toContain('₹')
  })
})
