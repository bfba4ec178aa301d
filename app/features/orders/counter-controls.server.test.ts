import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeCategory } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, inAYear, placeTestOrder } from '../../../tests/support/orders'
import { acceptCounterOffer, orderMoves } from '~/lifecycle/seller-orders.server'
import { recordCounterOffer } from './counter-offer.server'
import { orderPageAction, orderPageFor } from './pages.server'

// The controls on a counter-offer (docs/domain.md "Orders": counter-offers): the comparison staff
// decide on (and only staff read), four eyes, the buyer's agreement to a change it receives (by its
// KAM or in its portal), and an admin below a category's margin floor.

let ids: { admin: number; supplierAdmin: number; kam: number; buyer: number; seller: number; category: number }
const nextYear = new Date().getUTCFullYear() + 1

const viewer = (roles: RoleKey[], userId: number, company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
const buyerViewer = () => viewer(['buyer'], ids.kam, { kind: 'buyer', id: ids.buyer, name: 'B', status: 'active' })
const sellerViewer = () => viewer(['seller'], ids.kam, { kind: 'seller', id: ids.seller, name: 'S', status: 'active' })

beforeAll(async () => {
  const addresses = [
    { kind: 'shipping' as const, city: 'Surat', isDefault: true },
    { kind: 'billing' as const, city: 'Surat', isDefault: true },
  ]
  const kam = await userIdOf('demand_kam@example.com')
  ids = {
    admin: await userIdOf('admin@example.com'),
    supplierAdmin: await userIdOf('supplier_admin@example.com'),
    kam,
    buyer: await makeBuyer({ name: 'Counter Control Buyer', status: 'active', kam_user_id: kam }, addresses),
    seller: await makeSeller({ name: 'Counter Control Mills', status: 'active' }),
    category: await makeCategory(),
  }
})

/**
 * An order of 10 at ₹500 (cost ₹125, MOQ 9, needed by 1 Mar next year) whose seller counters with 8,
 * ready 15 Apr, at ₹150: below the MOQ, later than needed, fewer for the buyer; recorded by the supplier team admin.
 */
async function countered(key: string) {
  const db = getDb()
  const order = await placeTestOrder({
    userId: await userIdOf('internal@example.com'),
    buyerId: ids.buyer,
    sellerIds: [ids.seller],
    key,
    categoryIds: [ids.category],
  })
  const line = await db
    .selectFrom('sub_orders')
    .select(['id', 'buyer_sku_id'])
    .where('seller_order_id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  await db
    .updateTable('buyer_sku_versions')
    .set({ moq_milli: 9_000 })
    .where('buyer_sku_id', '=', line.buyer_sku_id)
    .execute()
  const recorded = await recordCounterOffer(db, { userId: ids.supplierAdmin }, order.sellerOrderId, [
    { subOrderId: line.id, quantity: '8', readyBy: `${nextYear}-04-15`, cost: '150' },
  ])
  expect(recorded).toMatchObject({ ok: true })
  return { ...order, lineId: line.id }
}

const statusOf = async (id: number) =>
  (await getDb().selectFrom('seller_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe('counter-offer controls', () => {
  it('shows staff each changed line beside the original; sellers and buyers never carry cost, margin or the comparison', async () => {
    const db = getDb()
    const order = await countered('cc-compare')
    const adminPage = await orderPageFor(db, viewer(['admin'], ids.admin), 'admin', String(order.id))
    const c = adminPage!.order.sellerOrders[0]!.comparison!
    expect(c.lines).toEqual([
      expect.objectContaining({
        quantityBefore: 10_000,
        quantityAfter: 8_000,
        moqMilli: 9_000,
        belowMoq: true,
        requiredBy: inAYear(),
        readyAfter: `${nextYear}-04-15`,
        laterThanNeeded: true,
        costBefore: 12_500,
        costAfter: 15_000,
        marginBefore: 375_000,
        marginAfter: 280_000,
        marginBpBefore: 7_500,
        marginBpAfter: 7_000,
      }),
    ])
    expect(c).toMatchObject({
      marginBefore: 375_000,
      marginAfter: 280_000,
      buyerTotalBefore: 525_000,
      buyerTotalAfter: 420_000,
      needsBuyer: true,
      buyerAgreed: null,
      needsAdmin: false,
      recordedByViewer: false,
    })
    // The supplier team admin (costs, no values) reads costs but no margin or buyer total; it recorded the offer.
    const supplier = await orderPageFor(
      db,
      viewer(['supplier_admin'], ids.supplierAdmin),
      'supplier_admin',
      String(order.id),
    )
    const s = supplier!.order.sellerOrders[0]!.comparison!
    expect(s).toMatchObject({ recordedByViewer: true, marginAfter: null, buyerTotalAfter: null })
    expect(s.lines[0]).toMatchObject({ costAfter: 15_000, marginAfter: null })
    // The KAM (values, no costs): the buyer's total, no cost or margin.
    const kam = await orderPageFor(db, viewer(['demand_kam'], ids.kam), 'demand_kam', String(order.id))
    expect(kam!.order.sellerOrders[0]!.comparison).toMatchObject({ buyerTotalAfter: 420_000, marginAfter: null })
    expect(kam!.order.sellerOrders[0]!.comparison!.lines[0]).toMatchObject({ costAfter: null })
    // The seller: its own offer, nothing compared, no buyer total or margin.
    const seller = await orderPageFor(db, sellerViewer(), 'seller', String(order.id))
    expect(seller!.order.sellerOrders[0]!.comparison).toBeNull()
    expect(JSON.stringify(seller)).not.toMatch(
      /"(margin\w*|buyerTotal\w*|valueMinor)":\d|moqMilli|"comparison":\{|proposals/i,
    )
    // The buyer: the change it is asked to agree to at its own prices, never a cost, a margin or a seller.
    const buyer = await orderPageFor(db, buyerViewer(), 'buyer', String(order.id))
    expect(buyer!.order.proposals).toEqual([
      {
        proposal: order.sellerOrderId,
        totalBefore: 525_000,
        totalAfter: 420_000,
        lines: [
          expect.objectContaining({ quantityBefore: 10_000, quantityAfter: 8_000, expectedAfter: `${nextYear}-04-15` }),
        ],
      },
    ])
    expect(JSON.stringify(buyer)).not.toMatch(/cost|margin|Counter Control Mills|recordedBy/i)
  })

  it('four eyes: who recorded a counter-offer cannot accept it, and is not offered the button', async () => {
    const db = getDb()
    const order = await countered('cc-four-eyes')
    await db
      .updateTable('seller_orders')
      .set({ counter_offer_json: null })
      .where('id', '=', order.sellerOrderId)
      .execute()
    // An offer that takes nothing from the buyer (same quantity and date, a lower cost): only four eyes applies.
    expect(
      await recordCounterOffer(db, { userId: ids.supplierAdmin }, order.sellerOrderId, [
        { subOrderId: order.lineId, quantity: '10', readyBy: inAYear(), cost: '120' },
      ]),
    ).toMatchObject({ ok: true })
    const refused = await acceptCounterOffer(db, { userId: ids.supplierAdmin }, order.sellerOrderId)
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/You recorded this counter-offer/) })
    expect(await statusOf(order.sellerOrderId)).toBe('pending_approval')
    expect(await acceptCounterOffer(db, { userId: ids.admin }, order.sellerOrderId)).toMatchObject({ ok: true })
    expect(await statusOf(order.sellerOrderId)).toBe('approved')
  })

  it('a change the buyer receives waits for its agreement, recorded in the buyer portal, then told in its history', async () => {
    const db = getDb()
    const order = await countered('cc-buyer')
    expect(await acceptCounterOffer(db, { userId: ids.admin }, order.sellerOrderId)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/waiting for the buyer’s agreement/),
    })
    const agree = formOf({ intent: 'agree_counter', form: 'x', sellerOrder: String(order.sellerOrderId) })
    // Another buyer cannot agree for it (not found).
    const stranger = viewer(['buyer'], ids.kam, { kind: 'buyer', id: ids.buyer + 100_000, name: 'X', status: 'active' })
    expect(await orderPageAction(db, stranger, 'buyer', String(order.id), agree, orderMoves)).toEqual({
      status: 'not-found',
    })
    // A seller cannot agree for the buyer.
    expect(await orderPageAction(db, sellerViewer(), 'seller', String(order.id), agree, orderMoves)).toMatchObject({
      status: 'forbidden',
    })
    expect(await orderPageAction(db, buyerViewer(), 'buyer', String(order.id), agree, orderMoves)).toMatchObject({
      status: 'done',
      toast: { kind: 'success' },
    })
    const json = (
      await db
        .selectFrom('seller_orders')
        .select('counter_offer_json')
        .where('id', '=', order.sellerOrderId)
        .executeTakeFirstOrThrow()
    ).counter_offer_json!
    expect(JSON.parse(json)).toMatchObject({ buyerAgreedBy: ids.kam, buyerAgreedAt: expect.any(String) })
    // Agreed, nothing more is asked of the buyer; staff read who agreed.
    expect((await orderPageFor(db, buyerViewer(), 'buyer', String(order.id)))!.order.proposals).toEqual([])
    const staff = await orderPageFor(db, viewer(['admin'], ids.admin), 'admin', String(order.id))
    expect(staff!.order.sellerOrders[0]!.comparison!.buyerAgreed).toMatchObject({ at: expect.any(String) })
    expect(await acceptCounterOffer(db, { userId: ids.admin }, order.sellerOrderId)).toMatchObject({ ok: true })
    // The buyer's page tells what changed and when (its history).
    const history = (await orderPageFor(db, buyerViewer(), 'buyer', String(order.id)))!.order.history
    expect(history.map((e) => e.what)).toEqual(
      expect.arrayContaining([
        'Proposed change agreed',
        expect.stringMatching(/^Quantity of BC-cc-buyer-1 changed from 10 to 8/),
      ]),
    )
    expect(history.find((e) => /^Quantity of/.test(e.what))!.at).toEqual(expect.any(String))
  })

  it('the buyer’s KAM records its agreement; a KAM of other buyers cannot', async () => {
    const db = getDb()
    const order = await countered('cc-kam')
    const agree = formOf({ intent: 'agree_counter', form: 'x', sellerOrder: String(order.sellerOrderId) })
    const otherKam = viewer(['demand_kam'], ids.admin)
    expect(await orderPageAction(db, otherKam, 'demand_kam', String(order.id), agree, orderMoves)).toEqual({
      status: 'not-found',
    })
    // The supplier team decides seller orders but does not speak for the buyer.
    expect(
      await orderPageAction(
        db,
        viewer(['supplier_admin'], ids.supplierAdmin),
        'supplier_admin',
        String(order.id),
        agree,
        orderMoves,
      ),
    ).toMatchObject({ status: 'forbidden' })
    expect(
      await orderPageAction(db, viewer(['demand_kam'], ids.kam), 'demand_kam', String(order.id), agree, orderMoves),
    ).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    expect(
      await orderPageAction(db, viewer(['demand_kam'], ids.kam), 'demand_kam', String(order.id), agree, orderMoves),
    ).toMatchObject({ status: 'done', toast: { kind: 'error', message: expect.stringMatching(/already agreed/) } })
    expect(await acceptCounterOffer(db, { userId: ids.admin }, order.sellerOrderId)).toMatchObject({ ok: true })
  })

  it('a margin below the category’s floor needs an admin: other staff are refused with the reason', async () => {
    const db = getDb()
    await db.updateTable('categories').set({ margin_floor_bp: 7_200 }).where('id', '=', ids.category).execute()
    try {
      const order = await countered('cc-floor')
      const admin = await orderPageFor(db, viewer(['admin'], ids.admin), 'admin', String(order.id))
      expect(admin!.order.sellerOrders[0]!.comparison).toMatchObject({ needsAdmin: true })
      expect(admin!.order.sellerOrders[0]!.comparison!.lines[0]).toMatchObject({ belowFloor: true, floorBp: 7_200 })
      expect(
        await orderPageAction(
          db,
          viewer(['demand_kam'], ids.kam),
          'demand_kam',
          String(order.id),
          formOf({ intent: 'agree_counter', form: 'x', sellerOrder: String(order.sellerOrderId) }),
          orderMoves,
        ),
      ).toMatchObject({ status: 'done' })
      // Another supplier team admin (not who recorded it) is refused: the floor needs an admin.
      const otherSupplierAdmin = await userIdOf('internal@example.com')
      expect(await acceptCounterOffer(db, { userId: otherSupplierAdmin }, order.sellerOrderId)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/below its category’s floor: only an admin may accept it/),
      })
      expect(await statusOf(order.sellerOrderId)).toBe('pending_approval')
      expect(await acceptCounterOffer(db, { userId: ids.admin }, order.sellerOrderId)).toMatchObject({ ok: true })
      expect(await statusOf(order.sellerOrderId)).toBe('approved')
    } finally {
      await db.updateTable('categories').set({ margin_floor_bp: null }).where('id', '=', ids.category).execute()
    }
  })
})
