import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'
import { addCartLine, saveCartLine } from './cart.server'
import { agreeToCounterOffer, declineCounterOffer, recordCounterOffer } from './counter-offer.server'
import { acceptCounterOffer } from '~/lifecycle/seller-orders.server'
import { placeCart } from '~/lifecycle/master-orders.server'

let staff: { userId: number }
let admin: { userId: number }
let buyerId: number
let sellerId: number
const nextYear = () => new Date().getUTCFullYear() + 1

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  admin = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Counter Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Erode', isDefault: true },
    { kind: 'billing', city: 'Erode', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Counter Mills', status: 'active' })
})

/** A placed order of one line: 100 units at ₹100, cost ₹125 (the test offer's). */
async function placed(key: string) {
  const db = getDb()
  const productSkuId = await makeProductSku({ categoryId: 1 })
  const buyerSkuId = await makeBuyerSku({ buyerId, productSkuId, priceMinor: 10_000, moqMilli: 1_000 })
  const offer = await makeSellerSku({ sellerId, productSkuId, status: 'live' })
  const added = await addCartLine(db, staff, buyerId, buyerSkuId)
  if (!added.ok) throw new Error(added.message)
  await saveCartLine(db, staff, added.value.lineId, {
    quantity: '100',
    requiredBy: `${nextYear()}-06-30`,
    sellerSkuId: offer,
  })
  const order = await placeCart(db, staff, buyerId, key)
  if (!order.ok) throw new Error(JSON.stringify(order))
  const sellerOrder = await db
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('master_order_id', '=', order.value.id)
    .executeTakeFirstOrThrow()
  const line = await db
    .selectFrom('sub_orders')
    .select('id')
    .where('seller_order_id', '=', sellerOrder.id)
    .executeTakeFirstOrThrow()
  return { orderId: order.value.id, sellerOrder, lineId: line.id }
}

describe('counter-offers', () => {
  it('are checked at each line, and accepted offers change the lines and totals and approve the seller order', async () => {
    const db = getDb()
    const { orderId, sellerOrder, lineId } = await placed('counter-1')
    expect(
      await recordCounterOffer(db, staff, sellerOrder.id, [
        { subOrderId: lineId, quantity: 'lots', readyBy: '2020-01-01', cost: '' },
      ]),
    ).toMatchObject({
      ok: false,
      fields: {
        [`line.${lineId}.quantity`]: expect.stringMatching(/quantity/),
        [`line.${lineId}.readyBy`]: 'Choose today or a later date',
        [`line.${lineId}.cost`]: expect.stringMatching(/cost per unit/),
      },
    })
    expect(
      await recordCounterOffer(db, staff, sellerOrder.id, [
        { subOrderId: lineId, quantity: '80', readyBy: `${nextYear()}-05-01`, cost: '130' },
      ]),
    ).toEqual({ ok: true, value: undefined })
    expect(await agreeToCounterOffer(db, admin, sellerOrder.id)).toMatchObject({ ok: true })
    expect(await acceptCounterOffer(db, admin, sellerOrder.id)).toEqual({ ok: true, value: { code: sellerOrder.code } })
    expect(
      await db
        .selectFrom('sub_orders')
        .select(['quantity_milli', 'cost_minor', 'ready_by'])
        .where('id', '=', lineId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ quantity_milli: 80_000, cost_minor: 13_000, ready_by: `${nextYear()}-05-01` })
    expect(
      await db
        .selectFrom('seller_orders')
        .select(['status', 'value_minor', 'cost_minor', 'counter_offer_json'])
        .where('id', '=', sellerOrder.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'approved', value_minor: 800_000, cost_minor: 1_040_000, counter_offer_json: null })
    expect(
      await db
        .selectFrom('master_orders')
        .select(['status', 'value_minor', 'cost_minor'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: 'confirmed', value_minor: 800_000, cost_minor: 1_040_000 })
    expect((await auditEntriesOf(db, 'seller_order', sellerOrder.id)).map((e) => e.what)).toEqual([
      'Counter-offer accepted',
      'Counter-offer recorded',
      'Added',
    ])
    // Nothing is waiting any more: the order was approved (the step helper's answer).
    expect(await acceptCounterOffer(db, admin, sellerOrder.id)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is already approved \(by .+\): “Accept the counter-offer” is no longer possible/),
    })
  })

  it('of an accept and a decline at once, one wins; a decline needs a reason and leaves the order waiting', async () => {
    const db = getDb()
    const { sellerOrder, lineId } = await placed('counter-2')
    await recordCounterOffer(db, staff, sellerOrder.id, [
      { subOrderId: lineId, quantity: '90', readyBy: `${nextYear()}-05-01`, cost: '120' },
    ])
    expect(await declineCounterOffer(db, admin, sellerOrder.id, ' ')).toMatchObject({ ok: false, field: 'reason' })
    expect(await agreeToCounterOffer(db, admin, sellerOrder.id)).toMatchObject({ ok: true })
    const outcomes = await Promise.all([
      acceptCounterOffer(db, admin, sellerOrder.id),
      declineCounterOffer(db, staff, sellerOrder.id, 'Too late for the buyer'),
    ])
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    const row = await db
      .selectFrom('seller_orders')
      .select(['status', 'counter_offer_json'])
      .where('id', '=', sellerOrder.id)
      .executeTakeFirstOrThrow()
    expect(row.counter_offer_json).toBeNull()
    expect(['approved', 'pending_approval']).toContain(row.status)
  })
})
