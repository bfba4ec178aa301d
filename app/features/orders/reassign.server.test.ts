import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { addCartLine, saveCartLine } from './cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { moveRejectedLines, takeSellerOrderStep } from '~/lifecycle/seller-orders.server'

let staff: { userId: number }
let buyerId: number

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Moving Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Ludhiana', isDefault: true },
    { kind: 'billing', city: 'Ludhiana', isDefault: true },
  ])
})

describe('moving a rejected seller order’s lines', () => {
  it('opens a seller order with another seller who offers every line, once, and the master order follows', async () => {
    const db = getDb()
    const first = await makeSeller({ name: 'Refusing Mills', status: 'active' })
    const second = await makeSeller({ name: 'Willing Mills', status: 'active' })
    const productSkuId = await makeProductSku({ categoryId: 1 })
    const buyerSkuId = await makeBuyerSku({ buyerId, productSkuId, priceMinor: 10_000, moqMilli: 1_000 })
    const offer = await makeSellerSku({ sellerId: first, productSkuId, status: 'live' })
    const added = await addCartLine(db, staff, buyerId, buyerSkuId)
    if (!added.ok) throw new Error(added.message)
    await saveCartLine(db, staff, added.value.lineId, {
      quantity: '10',
      requiredBy: `${new Date().getUTCFullYear() + 1}-06-30`,
      sellerSkuId: offer,
    })
    const placed = await placeCart(db, staff, buyerId, 'move-1')
    if (!placed.ok) throw new Error(JSON.stringify(placed))
    const rejected = await db
      .selectFrom('seller_orders')
      .select(['id', 'code'])
      .where('master_order_id', '=', placed.value.id)
      .executeTakeFirstOrThrow()

    expect(await moveRejectedLines(db, staff, rejected.id, second)).toMatchObject({
      ok: false,
      message: /is not rejected/,
    })
    await takeSellerOrderStep(db, staff, rejected.id, 'reject', 'No capacity this month')
    expect(await moveRejectedLines(db, staff, rejected.id, first)).toMatchObject({ ok: false, field: 'seller' })
    expect(await moveRejectedLines(db, staff, rejected.id, second)).toMatchObject({
      ok: false,
      field: 'seller',
      message: /has no live offer/,
    })

    const secondOffer = await makeSellerSku({ sellerId: second, productSkuId, status: 'live' })
    const outcomes = await Promise.all([
      moveRejectedLines(db, staff, rejected.id, second),
      moveRejectedLines(db, staff, rejected.id, second),
    ])
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    const moved = outcomes.find((o) => o.ok)!
    if (!moved.ok) throw new Error('unreachable')
    const sellerOrders = await db
      .selectFrom('seller_orders')
      .select(['id', 'seller_id', 'status', 'moved_to_id', 'cost_minor'])
      .where('master_order_id', '=', placed.value.id)
      .orderBy('id')
      .execute()
    expect(sellerOrders).toEqual([
      { id: rejected.id, seller_id: first, status: 'rejected', moved_to_id: moved.value.id, cost_minor: 125_000 },
      { id: moved.value.id, seller_id: second, status: 'pending_approval', moved_to_id: null, cost_minor: 125_000 },
    ])
    expect(
      await db
        .selectFrom('sub_orders')
        .select(['seller_order_id', 'seller_sku_id'])
        .where('master_order_id', '=', placed.value.id)
        .execute(),
    ).toEqual([{ seller_order_id: moved.value.id, seller_sku_id: secondOffer }])
    await takeSellerOrderStep(db, staff, moved.value.id, 'approve')
    expect(
      (
        await db
          .selectFrom('master_orders')
          .select('status')
          .where('id', '=', placed.value.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('confirmed')
  })
})
