import { getDb } from '~/db.server'
import { addCartLine, saveCartLine } from '~/features/orders/cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { api, tokenFor } from '../../../tests/support/api'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf, viewerFor } from '../../../tests/support/db'
import { inAYear } from '../../../tests/support/orders'

// Master orders through the API: a buyer places through the cart's rules (the same order the cart
// makes), once per Idempotency-Key, refused at pointers; reads its own through its lens; staff search.

type Problem = { status: number; detail: string; errors?: { in: string; pointer: string; detail: string }[] }
type Order = Record<string, unknown> & {
  id: number
  code: string
  lines: Record<string, unknown>[]
  value_paise: number
  gst_paise: number
}

let buyerId: number
let otherBuyerId: number
let sellerA: number
let sellerB: number
let buyerToken: string
let shirt: { buyerSkuId: number; productSkuId: number }
let socks: { buyerSkuId: number; productSkuId: number }

/** A buyer SKU of the buyer (MOQ 100) offered live by both sellers, A cheaper on the first. */
async function item(forBuyer: number, priceMinor: number, costs: [number, number]) {
  const productSkuId = await makeProductSku({ categoryId: 1 })
  const buyerSkuId = await makeBuyerSku({ buyerId: forBuyer, productSkuId, priceMinor, moqMilli: 100_000 })
  for (const [sellerId, cost] of [
    [sellerA, costs[0]],
    [sellerB, costs[1]],
  ]) {
    const offer = await makeSellerSku({ sellerId, productSkuId, status: 'live' })
    await getDb().updateTable('seller_skus').set({ cost_minor: cost }).where('id', '=', offer).execute()
  }
  return { buyerSkuId, productSkuId }
}

const orderCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom('master_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

beforeAll(async () => {
  const viewer = await viewerFor('buyer@example.com')
  buyerId = viewer.company!.id
  // No credit limit and nothing overdue stands in the way of the comparisons (the race sets its own).
  await getDb().updateTable('buyers').set({ credit_limit_minor: 0 }).where('id', '=', buyerId).execute()
  otherBuyerId = await makeBuyer({ name: 'Elsewhere Garments', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  sellerA = await makeSeller({ name: 'Api Loom A', status: 'active' })
  sellerB = await makeSeller({ name: 'Api Loom B', status: 'active' })
  shirt = await item(buyerId, 25_000, [12_000, 15_000])
  socks = await item(buyerId, 9_000, [7_000, 4_000])
  buyerToken = await tokenFor('buyer@example.com')
})

describe('placing an order', () => {
  it('makes exactly the order the cart makes', async () => {
    const requiredBy = inAYear()
    const placed = await api<Order>('POST', '/master-orders', {
      token: buyerToken,
      body: {
        lines: [
          { buyer_sku_id: shirt.buyerSkuId, quantity_milli: 150_000, required_by: requiredBy },
          { buyer_sku_id: socks.buyerSkuId, quantity_milli: 200_500, required_by: requiredBy },
        ],
      },
    })
    expect(placed.status).toBe(201)
    expect(placed.response.headers.get('Location')).toBe(`/api/v1/master-orders/${placed.json.id}`)
    expect(placed.json.view).toBe('buyer')

    // The same lines through the cart, as staff place them (cheapest live offer, MOQ, version in force).
    const staff = { userId: await userIdOf('internal@example.com') }
    for (const [sku, quantity] of [
      [shirt.buyerSkuId, '150'],
      [socks.buyerSkuId, '200.5'],
    ] as const) {
      const added = await addCartLine(getDb(), staff, buyerId, sku)
      if (!added.ok) throw new Error(added.message)
      const { seller_sku_id } = await getDb()
        .selectFrom('order_cart_lines')
        .select('seller_sku_id')
        .where('id', '=', added.value.lineId)
        .executeTakeFirstOrThrow()
      await saveCartLine(getDb(), staff, added.value.lineId, { quantity, requiredBy, sellerSkuId: seller_sku_id })
    }
    const cart = await placeCart(getDb(), staff, buyerId, crypto.randomUUID())
    if (!cart.ok) throw new Error(cart.message)

    const facts = async (id: number) => {
      const db = getDb()
      const order = await db
        .selectFrom('master_orders')
        .select([
          'buyer_id',
          'source',
          'status',
          'credit_hold',
          'ship_to_address_id',
          'bill_to_address_id',
          'ship_to_json',
          'bill_to_json',
          'required_by',
          'value_minor',
          'cost_minor',
          'gst_minor',
          'line_count',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const sellerOrders = await db
        .selectFrom('seller_orders')
        .select(['seller_id', 'status', 'value_minor', 'cost_minor'])
        .where('master_order_id', '=', id)
        .orderBy('id')
        .execute()
      const lines = await db
        .selectFrom('sub_orders')
        .select([
          'line_no',
          'buyer_sku_id',
          'buyer_sku_version',
          'seller_sku_id',
          'quantity_milli',
          'price_minor',
          'cost_minor',
          'gst_rate_bp',
          'required_by',
        ])
        .where('master_order_id', '=', id)
        .orderBy('line_no')
        .execute()
      return { order, sellerOrders, lines }
    }
    const viaApi = await facts(placed.json.id)
    expect(viaApi).toEqual(await facts(cart.value.id))
    // The cheapest live offer of each line: A for the shirt, B for the socks; one seller order each.
    expect(viaApi.sellerOrders.map((s) => s.seller_id)).toEqual([sellerA, sellerB])
    expect(viaApi.order.source).toBe('cart')
    // No cart is left behind.
    const carts = await getDb()
      .selectFrom('order_carts')
      .select('id')
      .where('user_id', '=', (await viewerFor('buyer@example.com')).userId)
      .execute()
    expect(carts).toEqual([])
  })

  it('answers a retry with the first order and places one; the audit entry names the token', async () => {
    const key = crypto.randomUUID()
    const body = { lines: [{ buyer_sku_id: shirt.buyerSkuId, quantity_milli: 100_000, required_by: inAYear() }] }
    const before = await orderCount()
    const first = await api<Order>('POST', '/master-orders', { token: buyerToken, body, idempotencyKey: key })
    const again = await api<Order>('POST', '/master-orders', { token: buyerToken, body, idempotencyKey: key })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.json.id).toBe(first.json.id)
    expect(await orderCount()).toBe(before + 1)

    // A crash after the order committed but before the API kept its answer: the feature's own key holds.
    await getDb().deleteFrom('api_idempotency').where('key', '=', key).execute()
    const afterCrash = await api<Order>('POST', '/master-orders', { token: buyerToken, body, idempotencyKey: key })
    expect(afterCrash.json.id).toBe(first.json.id)
    expect(await orderCount()).toBe(before + 1)

    const { id: tokenId } = await getDb()
      .selectFrom('api_tokens')
      .select('id')
      .orderBy('id', 'desc')
      .where('name', '=', 'test buyer@example.com')
      .executeTakeFirstOrThrow()
    const entry = await getDb()
      .selectFrom('audit_events')
      .select(['api_token_id'])
      .where('action', '=', 'master_order.placed')
      .where('entity_id', '=', String(first.json.id))
      .executeTakeFirstOrThrow()
    expect(entry.api_token_id).toBe(tokenId)
  })

  it('refuses invalid lines at their pointers and creates nothing', async () => {
    const before = await orderCount()
    const foreign = await makeBuyerSku({ buyerId: otherBuyerId, productSkuId: shirt.productSkuId })
    const lonely = await makeBuyerSku({ buyerId, productSkuId: await makeProductSku({ categoryId: 1 }) })
    const refused = await api<Problem>('POST', '/master-orders', {
      token: buyerToken,
      body: {
        lines: [
          { buyer_sku_id: shirt.buyerSkuId, quantity_milli: 10_000, required_by: inAYear() },
          { buyer_sku_id: socks.buyerSkuId, quantity_milli: 100_000, required_by: '2020-01-01' },
          { buyer_sku_id: lonely, quantity_milli: 100_000, required_by: inAYear() },
        ],
      },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors?.map((e) => e.pointer).sort()).toEqual([
      '/lines/0/quantity_milli',
      '/lines/1/required_by',
      '/lines/2/buyer_sku_id',
    ])
    expect(refused.json.errors?.find((e) => e.pointer === '/lines/0/quantity_milli')?.detail).toMatch(/MOQ/)
    expect(refused.text).not.toMatch(/seller/i)

    const notMine = await api<Problem>('POST', '/master-orders', {
      token: buyerToken,
      body: { lines: [{ buyer_sku_id: foreign, quantity_milli: 100_000, required_by: inAYear() }] },
    })
    expect(notMine.status).toBe(422)
    expect(notMine.json.errors?.[0]?.pointer).toBe('/lines/0/buyer_sku_id')

    const badAddress = await api<Problem>('POST', '/master-orders', {
      token: buyerToken,
      body: {
        ship_to_address_id: 999_999,
        lines: [{ buyer_sku_id: shirt.buyerSkuId, quantity_milli: 100_000, required_by: inAYear() }],
      },
    })
    expect(badAddress.status).toBe(422)
    expect(badAddress.json.errors?.[0]?.pointer).toBe('/ship_to_address_id')

    const shape = await api<Problem>('POST', '/master-orders', {
      token: buyerToken,
      body: { lines: [{ buyer_sku_id: shirt.buyerSkuId, quantity_milli: 1.5, required_by: 'soon' }] },
    })
    expect(shape.status).toBe(422)
    expect(shape.json.errors?.map((e) => e.pointer).sort()).toEqual(['/lines/0/quantity_milli', '/lines/0/required_by'])
    expect(await orderCount()).toBe(before)
    const carts = await getDb()
      .selectFrom('order_carts')
      .select('id')
      .where('user_id', '=', (await viewerFor('buyer@example.com')).userId)
      .execute()
    expect(carts).toEqual([])
  })

  it('is the buyer’s own: a seller’s or staff token may not place', async () => {
    const body = { lines: [{ buyer_sku_id: shirt.buyerSkuId, quantity_milli: 100_000, required_by: inAYear() }] }
    expect((await api('POST', '/master-orders', { token: await tokenFor('seller@example.com'), body })).status).toBe(
      403,
    )
    expect((await api('POST', '/master-orders', { token: await tokenFor('admin@example.com'), body })).status).toBe(403)
    const reader = await tokenFor('buyer@example.com', ['orders:read'])
    expect((await api('POST', '/master-orders', { token: reader, body })).status).toBe(403)
  })

  it('counts two orders placed at once against the credit limit one after the other', async () => {
    const db = getDb()
    // Room for one order of 100 shirts (25,000 paise each, with GST) beside what the buyer owes now.
    const { buyerCredit } = await import('~/features/credit/credit.server')
    const credit = await buyerCredit(db, buyerId)
    const exposure = credit ? credit.exposureMinor : 0
    const gst = await db.selectFrom('categories').select('gst_rate_bp').where('id', '=', 1).executeTakeFirstOrThrow()
    const orderTotal = 2_500_000 + Math.round((2_500_000 * gst.gst_rate_bp) / 10_000)
    await db
      .updateTable('buyers')
      .set({ credit_limit_minor: exposure + orderTotal + 100 })
      .where('id', '=', buyerId)
      .execute()
    // Nothing overdue holds these orders: only the limit decides.
    const overdueBefore = await db
      .selectFrom('buyer_invoices')
      .select(['id', 'due_on'])
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .execute()
    await db
      .updateTable('buyer_invoices')
      .set({ due_on: '2999-01-01' })
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .execute()
    const body = { lines: [{ buyer_sku_id: shirt.buyerSkuId, quantity_milli: 100_000, required_by: inAYear() }] }
    const [one, two] = await Promise.all([
      api<Order>('POST', '/master-orders', { token: buyerToken, body }),
      api<Order>('POST', '/master-orders', { token: buyerToken, body }),
    ])
    expect([one.status, two.status]).toEqual([201, 201])
    const holds = await db
      .selectFrom('master_orders')
      .select('credit_hold')
      .where('id', 'in', [one.json.id, two.json.id])
      .execute()
    expect(holds.map((h) => h.credit_hold).sort()).toEqual(['held', 'none'])
    for (const invoice of overdueBefore)
      await db.updateTable('buyer_invoices').set({ due_on: invoice.due_on }).where('id', '=', invoice.id).execute()
    await db.updateTable('buyers').set({ credit_limit_minor: 0 }).where('id', '=', buyerId).execute()
  })
})

describe('reading orders', () => {
  it('a buyer lists and reads its own orders, without sellers or costs, and another buyer’s is 404', async () => {
    const list = await api<{ data: Record<string, unknown>[]; next_cursor: string | null }>('GET', '/master-orders', {
      token: buyerToken,
    })
    expect(list.status).toBe(200)
    expect(list.json.data.length).toBeGreaterThan(0)
    const ours = await getDb().selectFrom('master_orders').select('id').where('buyer_id', '=', buyerId).execute()
    const ourIds = new Set(ours.map((o) => o.id))
    expect(list.json.data.every((o) => ourIds.has(o.id as number))).toBe(true)
    expect(list.json.data.every((o) => !('cost_paise' in o))).toBe(true)

    const first = list.json.data[0]!
    const one = await api<Order>('GET', `/master-orders/${first.id}`, { token: buyerToken })
    expect(one.status).toBe(200)
    expect(one.json.view).toBe('buyer')
    expect(one.text).not.toMatch(/cost|seller|Api Loom|SO-\d/i)

    const theirs = await getDb()
      .selectFrom('master_orders')
      .select('id')
      .where('buyer_id', '!=', buyerId)
      .executeTakeFirstOrThrow()
    expect((await api('GET', `/master-orders/${theirs.id}`, { token: buyerToken })).status).toBe(404)
    expect((await api('GET', '/master-orders/abc', { token: buyerToken })).status).toBe(404)
  })

  it('pages by cursor without repeating a row', async () => {
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const page: { json: { data: { id: number }[]; next_cursor: string | null } } = await api(
        'GET',
        `/master-orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token: buyerToken },
      )
      seen.push(...page.json.data.map((o) => o.id))
      cursor = page.json.next_cursor
    } while (cursor)
    const total = await getDb().selectFrom('master_orders').select('id').where('buyer_id', '=', buyerId).execute()
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBe(total.length)
  })

  it('staff search with filters through their lens; a seller token is refused', async () => {
    const fin = await tokenFor('biz_fin@example.com')
    const byBuyer = await api<{ data: Record<string, unknown>[] }>(
      'GET',
      `/master-orders?buyer_id=${buyerId}&limit=200`,
      {
        token: fin,
      },
    )
    expect(byBuyer.status).toBe(200)
    expect(byBuyer.json.data.length).toBeGreaterThan(0)
    expect(byBuyer.json.data.every((o) => o.buyer_name === 'Indigo Threads Retail')).toBe(true)
    expect(byBuyer.json.data.every((o) => typeof o.cost_paise === 'number')).toBe(true)
    const cancelled = await api<{ data: { status: string }[] }>('GET', '/master-orders?status=cancelled', {
      token: fin,
    })
    expect(cancelled.json.data.every((o) => o.status === 'cancelled')).toBe(true)
    const bad = await api<Problem>('GET', '/master-orders?placed_from=yesterday', { token: fin })
    expect(bad.status).toBe(422)

    const kam = await tokenFor('demand_kam@example.com')
    const kamOne = await api<{ seller_orders: { cost_paise: number | null; seller_name: string | null }[] }>(
      'GET',
      `/master-orders/${byBuyer.json.data[0]!.id}`,
      { token: kam },
    )
    if (kamOne.status === 200) expect(kamOne.json.seller_orders.every((s) => s.cost_paise === null)).toBe(true)

    const seller = await tokenFor('seller@example.com')
    expect((await api('GET', '/master-orders', { token: seller })).status).toBe(403)
  })
})

describe('agreeing to a proposed change', () => {
  it('records the buyer’s agreement as the order page does, once; another order’s proposal is refused', async () => {
    // The demo's counter-offer waiting for the buyer's agreement (fewer, later), on one of the KAM's buyers.
    const waiting = await getDb()
      .selectFrom('seller_orders as so')
      .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
      .select(['so.id', 'mo.id as orderId', 'mo.buyer_id'])
      .where('so.status', '=', 'pending_approval')
      .where('so.counter_offer_json', 'is not', null)
      .execute()
    let found: { orderId: number; proposal: number; token: string } | null = null
    for (const w of waiting) {
      const user = await getDb()
        .selectFrom('users')
        .select('email')
        .where('buyer_id', '=', w.buyer_id)
        .where('status', '=', 'active')
        .executeTakeFirst()
      if (!user) continue
      const token = await tokenFor(user.email)
      const order = await api<{ proposals: { proposal_id: number }[] }>('GET', `/master-orders/${w.orderId}`, { token })
      const proposal = order.json.proposals?.[0]
      if (proposal) {
        found = { orderId: w.orderId, proposal: proposal.proposal_id, token }
        break
      }
    }
    expect(found).not.toBeNull()
    const { orderId, proposal, token } = found!
    const elsewhere = await api<Problem>('POST', `/master-orders/${placedElsewhere()}/agreements`, {
      token,
      body: { proposal_id: proposal },
    })
    expect(elsewhere.status).toBe(404)
    const agreed = await api<{ proposals: unknown[] }>('POST', `/master-orders/${orderId}/agreements`, {
      token,
      body: { proposal_id: proposal },
    })
    expect(agreed.status).toBe(200)
    expect(agreed.json.proposals).toEqual([])
    const offer = await getDb()
      .selectFrom('seller_orders')
      .select('counter_offer_json')
      .where('id', '=', proposal)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(offer.counter_offer_json!).buyerAgreedAt).toBeTruthy()
    const again = await api<Problem>('POST', `/master-orders/${orderId}/agreements`, {
      token,
      body: { proposal_id: proposal },
    })
    expect(again.status).toBe(422)
    expect(again.json.errors?.[0]?.pointer).toBe('/proposal_id')
  })
})

/** An order id no buyer of the demo owns. */
const placedElsewhere = () => 999_999_999
