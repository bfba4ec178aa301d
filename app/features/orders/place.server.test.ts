import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { addBuyerSkuVersion } from '../buyer-skus/versions.server'
import { addCartLine, cartFor, cartView, removeCartLine, saveCart, saveCartLine, setCartAddresses } from './cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'

let actor: { userId: number }
let other: { userId: number }
let buyerId: number
let sellerA: number
let sellerB: number
let gstBp: number

const inAYear = () => `${new Date().getUTCFullYear() + 1}-03-01`

beforeAll(async () => {
  actor = { userId: await userIdOf('internal@example.com') }
  other = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Orderly Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Tiruppur', isDefault: true },
    { kind: 'billing', city: 'Chennai', isDefault: true },
  ])
  sellerA = await makeSeller({ name: 'Loom Works A', status: 'active' })
  sellerB = await makeSeller({ name: 'Loom Works B', status: 'active' })
  gstBp = (await getDb().selectFrom('categories').select('gst_rate_bp').where('id', '=', 1).executeTakeFirstOrThrow())
    .gst_rate_bp
})

/** A buyer SKU of the buyer (price per unit in paise, MOQ 100) with a live offer from each seller given. */
async function item(priceMinor: number, sellers: number[]) {
  const productSkuId = await makeProductSku({ categoryId: 1 })
  const buyerSkuId = await makeBuyerSku({ buyerId, productSkuId, priceMinor, moqMilli: 100_000 })
  const offers = []
  for (const sellerId of sellers) offers.push(await makeSellerSku({ sellerId, productSkuId, status: 'live' }))
  return { buyerSkuId, offers }
}

async function line(buyerSkuId: number, sellerSkuId: number | null, quantity = '150', requiredBy = inAYear()) {
  const added = await addCartLine(getDb(), actor, buyerId, buyerSkuId)
  if (!added.ok) throw new Error(added.message)
  expect(await saveCartLine(getDb(), actor, added.value.lineId, { quantity, requiredBy, sellerSkuId })).toEqual({
    ok: true,
    value: undefined,
  })
  return added.value.lineId
}

const count = async (table: 'master_orders' | 'seller_orders' | 'sub_orders') =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('the cart page', () => {
  it('shows each line with its offers (cheapest first), its messages, and totals of the lines ready to order', async () => {
    const db = getDb()
    const viewer = await userIdOf('catalog_manager@example.com')
    const me = { userId: viewer }
    const shirt = await item(25_000, [sellerA, sellerB])
    const first = await addCartLine(db, me, buyerId, shirt.buyerSkuId)
    const second = await addCartLine(db, me, buyerId, shirt.buyerSkuId)
    if (!first.ok || !second.ok) throw new Error('not added')
    await saveCartLine(db, me, first.value.lineId, {
      quantity: '200',
      requiredBy: inAYear(),
      sellerSkuId: shirt.offers[1],
    })
    await saveCartLine(db, me, second.value.lineId, { quantity: '20', requiredBy: inAYear(), sellerSkuId: null })
    const view = await cartView(db, viewer, buyerId)
    expect(view?.buyer.name).toBe('Orderly Apparel')
    expect(view?.addresses.map((a) => [a.kind, a.city])).toEqual([
      ['shipping', 'Tiruppur'],
      ['billing', 'Chennai'],
    ])
    expect(view?.cart?.shipTo).toBe(view?.addresses[0].id)
    expect(view?.lines.map((l) => [l.quantity, l.valueMinor, l.errors])).toEqual([
      ['200', 5_000_000, {}],
      ['20', null, { quantity: 'Order at least the MOQ, 100 m', seller: 'Choose a seller' }],
    ])
    expect(view?.lines[0].offers.map((o) => o.sellerName)).toEqual(['Loom Works A', 'Loom Works B'])
    expect(view?.totals).toEqual({
      valueMinor: 5_000_000,
      gstMinor: Math.floor((5_000_000 * gstBp + 5000) / 10000),
      totalMinor: 5_000_000 + Math.floor((5_000_000 * gstBp + 5000) / 10000),
      readyLines: 1,
    })
    // Another person's view of the same buyer is their own, empty cart.
    expect(
      (await cartView(db, actor.userId, buyerId))?.lines.filter(
        (l) => l.productSkuCode === view?.lines[0].productSkuCode,
      ),
    ).toEqual([])
  })
})

describe('placing the cart', () => {
  it('makes one master order, a seller order per seller and a line per cart line, at the prices in force, and empties the cart', async () => {
    const db = getDb()
    const shirt = await item(25_050, [sellerA, sellerB])
    const denim = await item(40_000, [sellerB])
    await line(shirt.buyerSkuId, shirt.offers[0], '1,200.5')
    await line(denim.buyerSkuId, denim.offers[0], '100', `${new Date().getUTCFullYear() + 1}-01-15`)
    await line(shirt.buyerSkuId, shirt.offers[1], '200')

    const ordersBefore = await count('master_orders')
    const placed = await placeCart(db, actor, buyerId, 'place-1')
    if (!placed.ok) throw new Error(JSON.stringify(placed))
    expect(placed.value.code).toMatch(/^MO-\d{4}-\d{6}$/)
    const order = await db
      .selectFrom('master_orders')
      .selectAll()
      .where('id', '=', placed.value.id)
      .executeTakeFirstOrThrow()
    // 1,200.5 × ₹250.50 + 100 × ₹400 + 200 × ₹250.50
    const values = [30_072_525, 4_000_000, 5_010_000]
    const gst = values.map((v) => Math.floor((v * gstBp + 5000) / 10000))
    expect(order).toMatchObject({
      buyer_id: buyerId,
      source: 'cart',
      status: 'placed',
      line_count: 3,
      value_minor: values.reduce((a, b) => a + b),
      gst_minor: gst.reduce((a, b) => a + b),
      // Every offer costs ₹125 a unit: 1,500.5 units.
      cost_minor: 18_756_250,
      required_by: `${new Date().getUTCFullYear() + 1}-01-15`,
      placed_by: actor.userId,
    })
    expect(JSON.parse(order.ship_to_json)).toMatchObject({ city: 'Tiruppur' })
    expect(JSON.parse(order.bill_to_json)).toMatchObject({ city: 'Chennai' })

    const sellerOrders = await db
      .selectFrom('seller_orders')
      .select(['id', 'code', 'seller_id', 'status', 'value_minor'])
      .where('master_order_id', '=', order.id)
      .orderBy('id')
      .execute()
    expect(sellerOrders.map((s) => [s.seller_id, s.status, s.value_minor])).toEqual([
      [sellerA, 'pending_approval', 30_072_525],
      [sellerB, 'pending_approval', 9_010_000],
    ])
    expect(sellerOrders.every((s) => /^SO-\d{4}-\d{6}$/.test(s.code))).toBe(true)
    const lines = await db
      .selectFrom('sub_orders')
      .select([
        'line_no',
        'seller_order_id',
        'buyer_sku_version',
        'price_minor',
        'cost_minor',
        'quantity_milli',
        'gst_rate_bp',
      ])
      .where('master_order_id', '=', order.id)
      .orderBy('line_no')
      .execute()
    expect(lines).toEqual([
      {
        line_no: 1,
        seller_order_id: sellerOrders[0].id,
        buyer_sku_version: 1,
        price_minor: 25_050,
        cost_minor: 12_500,
        quantity_milli: 1_200_500,
        gst_rate_bp: gstBp,
      },
      {
        line_no: 2,
        seller_order_id: sellerOrders[1].id,
        buyer_sku_version: 1,
        price_minor: 40_000,
        cost_minor: 12_500,
        quantity_milli: 100_000,
        gst_rate_bp: gstBp,
      },
      {
        line_no: 3,
        seller_order_id: sellerOrders[1].id,
        buyer_sku_version: 1,
        price_minor: 25_050,
        cost_minor: 12_500,
        quantity_milli: 200_000,
        gst_rate_bp: gstBp,
      },
    ])
    const entries = await db
      .selectFrom('audit_events')
      .select(['action', 'entity_type'])
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'master_order'), eb('entity_id', '=', String(order.id))]),
          eb.and([
            eb('entity_type', '=', 'seller_order'),
            eb(
              'entity_id',
              'in',
              sellerOrders.map((s) => String(s.id)),
            ),
          ]),
        ]),
      )
      .execute()
    expect(entries.map((e) => e.action).sort()).toEqual([
      'master_order.placed',
      'seller_order.created',
      'seller_order.created',
    ])
    expect(
      await db
        .selectFrom('order_carts')
        .select('id')
        .where('user_id', '=', actor.userId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirst(),
    ).toBeUndefined()

    // The same submit again (a double click, a retry) answers with the same order and makes nothing.
    expect(await placeCart(db, actor, buyerId, 'place-1')).toEqual({
      ok: true,
      value: { id: order.id, code: order.code, repeated: true, held: false },
    })
    expect(await count('master_orders')).toBe(ordersBefore + 1)
  })

  it('takes the price of the version in force now, not a later one waiting for its date', async () => {
    const db = getDb()
    const shirt = await item(30_000, [sellerA])
    await db.transaction().execute((trx) =>
      addBuyerSkuVersion(trx, {
        buyerSkuId: shirt.buyerSkuId,
        expectedCurrent: 1,
        buyerCode: 'LATER',
        priceMinor: 99_900,
        moqMilli: 100_000,
        note: null,
        effectiveFrom: '2099-01-01T00:00:00.000Z',
        createdBy: actor.userId,
      }),
    )
    await line(shirt.buyerSkuId, shirt.offers[0], '100')
    const placed = await placeCart(db, actor, buyerId, 'place-2')
    if (!placed.ok) throw new Error(JSON.stringify(placed))
    expect(
      await db
        .selectFrom('sub_orders')
        .select(['buyer_sku_version', 'price_minor'])
        .where('master_order_id', '=', placed.value.id)
        .execute(),
    ).toEqual([{ buyer_sku_version: 1, price_minor: 30_000 }])
  })

  it('refuses a cart with bad lines at each line, creates nothing, and keeps the cart as typed', async () => {
    const db = getDb()
    const before = await count('master_orders')
    const shirt = await item(30_000, [sellerA])
    const good = await line(shirt.buyerSkuId, shirt.offers[0], '150')
    const short = await line(shirt.buyerSkuId, shirt.offers[0], '50')
    const undated = await line(shirt.buyerSkuId, null, '150', '2020-01-01')
    const refused = await placeCart(db, actor, buyerId, 'place-3')
    expect(refused).toMatchObject({
      ok: false,
      message: '3 things in the cart need a change before they can be placed.',
      fields: {
        [`line.${short}.quantity`]: 'Order at least the MOQ, 100 m',
        [`line.${undated}.requiredBy`]: 'Choose today or a later date',
        [`line.${undated}.seller`]: 'Choose a seller',
      },
    })
    expect(await count('master_orders')).toBe(before)
    const kept = await db
      .selectFrom('order_cart_lines')
      .select(['id', 'quantity'])
      .where('id', 'in', [good, short, undated])
      .orderBy('id')
      .execute()
    expect(kept.map((l) => l.quantity)).toEqual(['150', '50', '150'])
    await removeCartLine(db, actor, short)
    await removeCartLine(db, actor, undated)
  })

  it('places a cart once when two tabs place it at the same moment with different keys', async () => {
    const db = getDb()
    const before = await count('master_orders')
    const outcomes = await Promise.all([placeCart(db, actor, buyerId, 'tab-1'), placeCart(db, actor, buyerId, 'tab-2')])
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ ok: false, message: /no cart for this buyer/ })
    expect(await count('master_orders')).toBe(before + 1)
  })

  it('places a cart once when its place form is sent 25 times at once (each saves the form, then places with the same key), answering each with that order', async () => {
    const db = getDb()
    const before = await count('master_orders')
    const first = await item(50_000, [sellerA])
    const second = await item(60_000, [sellerB])
    const lines = [
      {
        id: await line(first.buyerSkuId, first.offers[0]!),
        quantity: '150',
        requiredBy: inAYear(),
        sellerSkuId: first.offers[0]!,
      },
      {
        id: await line(second.buyerSkuId, second.offers[0]!),
        quantity: '200',
        requiredBy: inAYear(),
        sellerSkuId: second.offers[0]!,
      },
    ]
    const cart = await db
      .selectFrom('order_carts')
      .select(['ship_to_address_id', 'bill_to_address_id'])
      .where('user_id', '=', actor.userId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    const send = async () => {
      const saved = await saveCart(db, actor, buyerId, {
        shipTo: cart.ship_to_address_id,
        billTo: cart.bill_to_address_id,
        lines,
      })
      const placed = await placeCart(db, actor, buyerId, 'replayed-form')
      return { saved, placed }
    }
    const answers = await Promise.all(Array.from({ length: 25 }, send))
    expect(answers.every((a) => a.saved.ok)).toBe(true)
    const ids = new Set(answers.map((a) => (a.placed.ok ? a.placed.value.id : a.placed.message)))
    expect(ids.size).toBe(1)
    expect(answers[0]!.placed.ok).toBe(true)
    expect(await count('master_orders')).toBe(before + 1)
  })

  it('keeps each person to their own cart and the buyer’s own addresses', async () => {
    const db = getDb()
    const shirt = await item(30_000, [sellerA])
    const mine = await line(shirt.buyerSkuId, shirt.offers[0])
    expect(await saveCartLine(db, other, mine, { quantity: '1', requiredBy: '', sellerSkuId: null })).toMatchObject({
      ok: false,
      notFound: true,
    })
    await removeCartLine(db, other, mine)
    expect(await db.selectFrom('order_cart_lines').select('id').where('id', '=', mine).executeTakeFirst()).toBeDefined()
    const stranger = await makeBuyer({ name: 'Stranger Retail', status: 'active' }, [
      { kind: 'shipping', city: 'Pune', isDefault: true },
    ])
    const foreign = (
      await db.selectFrom('addresses').select('id').where('buyer_id', '=', stranger).executeTakeFirstOrThrow()
    ).id
    expect(await setCartAddresses(db, actor, buyerId, { shipTo: foreign, billTo: null })).toMatchObject({
      ok: false,
      fields: { shipTo: /shipping addresses/ },
    })
    // The other person's cart for the same buyer is their own.
    expect((await cartFor(db, other.userId, buyerId)).id).not.toBe((await cartFor(db, actor.userId, buyerId)).id)
  })
})
