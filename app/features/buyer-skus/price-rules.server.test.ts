import { getDb } from '~/db.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { createPriceRequest, decidePriceRequest } from '../price-requests/mutations.server'
import { requestRecord } from '../price-requests/queries.server'
import { handleEditPageForm } from './forms.server'
import { versionInForce } from './versions.server'

// The price rules (docs/domain.md "Approval rules"): a buyer price below the cost (the lowest live
// seller cost) is refused, in a KAM's request, at its approval and in a direct edit; a direct edit
// lowering the margin below the category's floor becomes a price-change request; the decision page
// shows the cost, the margins and the open orders the change would affect.

const APP_URL = 'http://localhost:3000'
async function viewerOf(email: string) {
  const { idHash } = await startSession(getDb(), await userIdOf(email))
  return (await loadViewer(getDb(), idHash))!
}
let sellerId: number
let otherSellerId: number
/** A buyer SKU of the demo KAM's buyer 1 at ₹250, in category 1 (floor 30 %), with a live offer at ₹125 (and a dearer one). */
async function pricedSku() {
  const productSkuId = await makeProductSku({ categoryId: 1 })
  await makeSellerSku({ sellerId, productSkuId, status: 'live' })
  const dearer = await makeSellerSku({ sellerId: otherSellerId, productSkuId, status: 'live' })
  await getDb().updateTable('seller_skus').set({ cost_minor: 20_000 }).where('id', '=', dearer).execute()
  return makeBuyerSku({ buyerId: 1, productSkuId, priceMinor: 25_000 })
}
function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}
const priceNow = async (id: number) => (await versionInForce(getDb(), id))!.price_minor
async function edit(id: number, price: string, extra: Record<string, string> = {}, as = 'internal@example.com') {
  const internal = await viewerOf(as)
  const v = (await versionInForce(getDb(), id))!
  const sku = await getDb()
    .selectFrom('buyer_skus')
    .select('current_version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return handleEditPageForm(
    getDb(),
    internal,
    id,
    form({
      intent: 'save',
      buyerCode: v.buyer_code,
      price,
      moq: String(v.moq_milli / 1000),
      expectedCurrent: String(sku.current_version),
      ...extra,
    }),
  )
}
const pending = (buyerSkuId: number) =>
  getDb()
    .selectFrom('price_change_requests')
    .select(['id', 'requested_by', 'current_price_minor', 'proposed_price_minor', 'reason', 'status'])
    .where('buyer_sku_id', '=', buyerSkuId)
    .where('status', '=', 'pending')
    .execute()

beforeAll(async () => {
  sellerId = await makeSeller({ name: 'Price Rules Mills', status: 'active' })
  otherSellerId = await makeSeller({ name: 'Price Rules Looms', status: 'active' })
  await getDb().updateTable('categories').set({ margin_floor_bp: 3_000 }).where('id', '=', 1).execute()
})

describe('a price below the cost', () => {
  it('is refused in a KAM’s request (at its field), and at approval when the cost rose since', async () => {
    const kam = await viewerOf('demand_kam@example.com')
    const skuId = await pricedSku()
    const request = (proposedPrice: number) =>
      createPriceRequest(
        getDb(),
        kam,
        { intent: 'create', buyerSkuId: skuId, proposedPrice, reason: 'Matching a competitor quote' },
        { effectiveDates: true },
      )
    const below = await request(12_499)
    expect(below).toMatchObject({ ok: false, field: 'proposedPrice' })
    expect(!below.ok && below.message).toMatch(
      /₹124\.99 is below the cost \(₹125(\.00)?, the lowest live seller cost\)/,
    )
    const atCost = await request(12_500)
    expect(atCost.ok).toBe(true)

    // The cheaper offer is withdrawn: the cost is now ₹200, above the proposed ₹125.
    await getDb()
      .updateTable('seller_skus')
      .set({ cost_minor: 20_000 })
      .where('cost_minor', '=', 12_500)
      .where('seller_id', '=', sellerId)
      .execute()
    const admin = await viewerOf('admin@example.com')
    const id = atCost.ok ? atCost.value.id : 0
    const record = await requestRecord(getDb(), id)
    expect(record?.facts).toMatchObject({ costMinor: 20_000, belowCost: true })
    const approved = await decidePriceRequest(getDb(), admin, id, { intent: 'approve', note: '' }, { appUrl: APP_URL })
    expect(approved).toMatchObject({ ok: false, message: expect.stringMatching(/below the cost/) })
    expect((await pending(skuId)).map((r) => r.id)).toEqual([id])
    expect(await priceNow(skuId)).toBe(25_000)
  })

  it('is refused in a direct edit, at the price field, keeping the price', async () => {
    const skuId = await pricedSku()
    const outcome = await edit(skuId, '120')
    expect(outcome.status).toBe('invalid')
    expect(outcome.status === 'invalid' && outcome.reply.reply?.error?.price?.[0]).toMatch(/below the cost/)
    expect(await priceNow(skuId)).toBe(25_000)
    expect(await pending(skuId)).toEqual([])
  })
})

describe('a direct edit lowering the margin below the floor', () => {
  it('becomes a price-change request in the editor’s name; the price in force stays', async () => {
    const skuId = await pricedSku()
    const outcome = await edit(skuId, '170', { note: 'Buyer asked for a volume discount' })
    expect(outcome).toMatchObject({
      status: 'done',
      toast: {
        kind: 'info',
        message: expect.stringMatching(
          /needs an admin’s decision \(Price lowered below the Cotton shirting margin floor of 30 % \(margin 26\.47 %\)\), so it was not saved: price-change request #\d+ is made for you/,
        ),
      },
    })
    expect(await priceNow(skuId)).toBe(25_000)
    const [request] = await pending(skuId)
    expect(request).toMatchObject({
      requested_by: await userIdOf('internal@example.com'),
      current_price_minor: 25_000,
      proposed_price_minor: 17_000,
    })
    expect(request!.reason).toMatch(/below the Cotton shirting margin floor of 30 % \(margin 26\.47 %\): Buyer asked/)
    // The decision page weighs it: cost ₹125, margin ₹125 (50 %) now, ₹45 (26.47 %) proposed, no open orders.
    const record = await requestRecord(getDb(), request!.id)
    expect(record?.facts).toMatchObject({
      costMinor: 12_500,
      floorBp: 3_000,
      marginNow: { minor: 12_500, bp: 5_000 },
      marginProposed: { minor: 4_500, bp: 2_647 },
      belowCost: false,
      openOrders: { count: 0, shown: [] },
    })

    // Another change needing a decision while it waits is refused (one above the floor too: an
    // internal user's change needs one); an admin's above the floor is saved at once.
    for (const price of ['160', '200']) {
      const again = await edit(skuId, price)
      expect(again.status === 'invalid' && again.reply.reply?.error?.price?.[0]).toMatch(
        new RegExp(`request #${request!.id} for this buyer SKU already waits`),
      )
    }
    expect(await priceNow(skuId)).toBe(25_000)
    expect((await edit(skuId, '200', {}, 'admin@example.com')).status).toBe('done')
    expect(await priceNow(skuId)).toBe(20_000)
  })

  it('saves the other changes of the same edit, at the price in force', async () => {
    const skuId = await pricedSku()
    const outcome = await edit(skuId, '150', { buyerCode: 'RULES-NEW-CODE' })
    expect(outcome.status === 'done' && outcome.toast.message).toMatch(/Your other changes are saved as version 2/)
    const v = (await versionInForce(getDb(), skuId))!
    expect([v.buyer_code, v.price_minor]).toEqual(['RULES-NEW-CODE', 25_000])
    expect((await pending(skuId)).map((r) => r.proposed_price_minor)).toEqual([15_000])
  })

  it('an admin’s raise, or lowering above the floor, is saved at once', async () => {
    const skuId = await pricedSku()
    expect((await edit(skuId, '300', {}, 'admin@example.com')).status).toBe('done')
    expect(await priceNow(skuId)).toBe(30_000)
    expect((await edit(skuId, '280', {}, 'admin@example.com')).status).toBe('done')
    expect(await priceNow(skuId)).toBe(28_000)
    expect(await pending(skuId)).toEqual([])
  })
})

describe('the decision page’s open orders', () => {
  it('counts the master orders with the buyer SKU not yet invoiced, and lists their codes', async () => {
    const internal = await userIdOf('internal@example.com')
    const buyerId = await makeBuyer({ name: 'Open Orders Buyer', status: 'active' }, [
      { kind: 'shipping', city: 'Pune', isDefault: true },
      { kind: 'billing', city: 'Pune', isDefault: true },
    ])
    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerId], key: 'rules-open' })
    const line = await getDb()
      .selectFrom('sub_orders')
      .select('buyer_sku_id')
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    // ₹500 at cost ₹125: ₹300 is a 58 % margin, below a 60 % floor.
    await getDb().updateTable('categories').set({ margin_floor_bp: 6_000 }).where('id', '=', 1).execute()
    expect((await edit(line.buyer_sku_id, '300')).status).toBe('done')
    await getDb().updateTable('categories').set({ margin_floor_bp: 3_000 }).where('id', '=', 1).execute()
    const [request] = await pending(line.buyer_sku_id)
    const master = await getDb()
      .selectFrom('master_orders')
      .select('code')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect((await requestRecord(getDb(), request!.id))?.facts.openOrders).toEqual({
      count: 1,
      shown: [{ id: order.id, code: master.code }],
    })
    expect(
      await takeSellerOrderStep(getDb(), { userId: internal }, order.sellerOrderId, 'cancel', 'Buyer withdrew'),
    ).toMatchObject({ ok: true })
    expect((await requestRecord(getDb(), request!.id))?.facts.openOrders).toEqual({ count: 0, shown: [] })
  })
})
