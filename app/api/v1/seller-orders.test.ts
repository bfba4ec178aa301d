import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { orderPageAction } from '~/features/orders/pages.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'
import { api, tokenFor } from '../../../tests/support/api'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { MarkerFinder, type Marker } from '../../../tests/support/markers'
import { formOf, placeTestOrder } from '../../../tests/support/orders'

// Seller orders through /api/v1: the seller reads its own through its lens, the moves change the
// order exactly as the page's forms do (state and history), each audit entry names the token, a
// retry moves once, and of two approvals at once one wins (run on PostgreSQL too: with-postgres.ts).

type Problem = { status: number; type: string; detail: string; errors?: { pointer: string; detail: string }[] }
type SellerOrder = {
  id: number
  status: string
  master_order: { id: number; status: string; buyer: unknown }
  buyer?: unknown
  lines: { id: number; stage: { position: number }; price_paise: number | null; cost_paise: number | null }[]
  counter_offer: { lines: { line_id: number; ready_by: string }[] } | null
  next_steps: string[]
}

const db = () => getDb()
let internal: number
let buyerId: number
let demoSeller: number
let otherSeller: number
let sellerToken: string
let supplierToken: string
let adminToken: string
let supplierAdmin: Viewer

const staff = (roles: RoleKey[], userId: number): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company: null,
  sessionIdHash: 'x',
})
const sellerOrderRow = (id: number) =>
  db()
    .selectFrom('seller_orders')
    .select(['status', 'decided_by', 'decision_note', 'counter_offer_json', 'master_order_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const masterStatus = async (id: number) =>
  (await db().selectFrom('master_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const auditsOf = (sellerOrderId: number) =>
  db()
    .selectFrom('audit_events')
    .select(['action', 'note', 'actor_user_id', 'api_token_id', 'after_json'])
    .where('entity_type', '=', 'seller_order')
    .where('entity_id', '=', String(sellerOrderId))
    .orderBy('id')
    .execute()
const pageDecides = (orderId: number, fields: Record<string, string>) =>
  orderPageAction(db(), supplierAdmin, 'supplier_admin', String(orderId), formOf(fields), orderMoves)
let placed = 0
const order = (sellerIds = [demoSeller]) =>
  placeTestOrder({ userId: internal, buyerId, sellerIds, key: `api-so-${++placed}` })

beforeAll(async () => {
  internal = await userIdOf('internal@example.com')
  supplierAdmin = staff(['supplier_admin'], await userIdOf('supplier_admin@example.com'))
  buyerId = await makeBuyer({ name: 'Zephyr Confidential Buyer', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  demoSeller = (
    await db().selectFrom('sellers').select('id').where('name', '=', 'Tiruppur Knit Works').executeTakeFirstOrThrow()
  ).id
  otherSeller = await makeSeller({ name: 'Api Other Mill', status: 'active' })
  sellerToken = await tokenFor('seller@example.com')
  supplierToken = await tokenFor('supplier_admin@example.com')
  adminToken = await tokenFor('admin@example.com')
})

describe('reading', () => {
  it('lists a seller’s own seller orders only, by cursor, and filters by status', async () => {
    const first = await api<{ data: { id: number; seller: { id: number } }[]; next_cursor: string | null }>(
      'GET',
      '/seller-orders?limit=5',
      { token: sellerToken },
    )
    expect(first.status).toBe(200)
    expect(first.json.data).toHaveLength(5)
    expect(first.json.data.every((row) => row.seller.id === demoSeller)).toBe(true)
    const second = await api<{ data: { id: number }[] }>(
      'GET',
      `/seller-orders?limit=5&cursor=${first.json.next_cursor}`,
      {
        token: sellerToken,
      },
    )
    expect(Math.max(...second.json.data.map((r) => r.id))).toBeLessThan(Math.min(...first.json.data.map((r) => r.id)))
    const all = await db().selectFrom('seller_orders').select(['id', 'seller_id', 'status']).execute()
    const pending = await api<{ data: { id: number; status: string }[] }>(
      'GET',
      '/seller-orders?status=pending_approval&limit=200',
      { token: sellerToken },
    )
    const held = await db().selectFrom('master_orders').select('id').where('credit_hold', '=', 'held').execute()
    const heldOrders = new Set(held.map((h) => h.id))
    const expected = (
      await db()
        .selectFrom('seller_orders')
        .select(['id', 'master_order_id'])
        .where('seller_id', '=', demoSeller)
        .where('status', '=', 'pending_approval')
        .execute()
    )
      .filter((s) => !heldOrders.has(s.master_order_id))
      .map((s) => s.id)
      .sort((a, b) => b - a)
    expect(pending.json.data.map((r) => r.id)).toEqual(expected)
    expect(all.some((s) => s.seller_id !== demoSeller)).toBe(true)
    // A seller's token cannot widen its list with another seller's id.
    const widened = await api<{ data: { seller: { id: number } }[] }>(
      `GET`,
      `/seller-orders?seller_id=${otherSeller}`,
      {
        token: sellerToken,
      },
    )
    expect(widened.json.data.every((row) => row.seller.id === demoSeller)).toBe(true)
    // Staff filter by seller.
    const staffList = await api<{ data: { seller: { id: number } }[] }>(
      'GET',
      `/seller-orders?seller_id=${demoSeller}`,
      {
        token: supplierToken,
      },
    )
    expect(staffList.json.data.length).toBeGreaterThan(0)
    expect(staffList.json.data.every((row) => row.seller.id === demoSeller)).toBe(true)
  })

  it('reads its own seller order; another seller’s, a held order’s or a missing one is 404', async () => {
    const own = await db()
      .selectFrom('seller_orders')
      .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
      .select('seller_orders.id')
      .where('seller_id', '=', demoSeller)
      .where('credit_hold', '!=', 'held')
      .orderBy('seller_orders.id')
      .executeTakeFirstOrThrow()
    const read = await api<SellerOrder>('GET', `/seller-orders/${own.id}`, { token: sellerToken })
    expect(read.status).toBe(200)
    expect(read.json.lines.length).toBeGreaterThan(0)
    expect(read.json.lines.every((l) => l.cost_paise !== null && l.price_paise === null)).toBe(true)
    const theirs = await db()
      .selectFrom('seller_orders')
      .select('id')
      .where('seller_id', '!=', demoSeller)
      .executeTakeFirstOrThrow()
    expect((await api('GET', `/seller-orders/${theirs.id}`, { token: sellerToken })).status).toBe(404)
    const held = await db()
      .selectFrom('seller_orders')
      .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
      .select('seller_orders.id')
      .where('seller_id', '=', demoSeller)
      .where('credit_hold', '=', 'held')
      .executeTakeFirst()
    if (held) expect((await api('GET', `/seller-orders/${held.id}`, { token: sellerToken })).status).toBe(404)
    expect((await api('GET', '/seller-orders/99999999', { token: sellerToken })).status).toBe(404)
    // A buyer's token reads no seller orders at all.
    expect((await api('GET', '/seller-orders', { token: await tokenFor('buyer@example.com') })).status).toBe(403)
  })

  it('never shows a seller the buyer’s name, codes or prices, nor the order’s value', async () => {
    const placedOrder = await order([demoSeller, otherSeller])
    const buyers = await db().selectFrom('buyers').select('name').execute()
    const lines = await db()
      .selectFrom('sub_orders')
      .innerJoin('buyer_skus', 'buyer_skus.id', 'sub_orders.buyer_sku_id')
      .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
      .select(['buyer_skus.buyer_code', 'sub_orders.price_minor', 'seller_orders.value_minor'])
      .where('seller_orders.seller_id', '=', demoSeller)
      .execute()
    const orders = await db().selectFrom('master_orders').select(['value_minor', 'gst_minor']).execute()
    // Amounts the seller may read (its costs, quantities) are no marker even where a price equals one.
    const own = await db()
      .selectFrom('sub_orders')
      .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
      .select(['sub_orders.cost_minor', 'sub_orders.quantity_milli', 'seller_orders.cost_minor as total'])
      .where('seller_orders.seller_id', '=', demoSeller)
      .execute()
    const readable = new Set(own.flatMap((o) => [o.cost_minor, o.quantity_milli, o.total].map(String)))
    const amounts = [
      ...lines.map((l) => ({ text: String(l.price_minor), what: 'buyer price' })),
      ...lines.map((l) => ({ text: String(l.value_minor), what: 'seller order value' })),
      ...orders.map((o) => ({ text: String(o.value_minor), what: 'order value' })),
    ].filter((m) => !readable.has(m.text))
    const markers: Marker[] = [
      ...buyers.map((b) => ({ text: b.name, what: 'buyer name' })),
      ...lines.map((l) => ({ text: l.buyer_code, what: 'buyer SKU code' })),
      ...amounts,
      { text: 'Api Other Mill', what: 'another seller' },
    ]
    const finder = new MarkerFinder(markers)
    const texts: string[] = []
    let cursor: string | null = null
    do {
      const page: { json: { data: { id: number }[]; next_cursor: string | null }; text: string } = await api(
        'GET',
        `/seller-orders?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        { token: sellerToken },
      )
      texts.push(page.text)
      for (const row of page.json.data)
        texts.push((await api('GET', `/seller-orders/${row.id}`, { token: sellerToken })).text)
      cursor = page.json.next_cursor
    } while (cursor)
    expect(texts.some((t) => t.includes(placedOrder.sellerOrders[0]!.code))).toBe(true)
    expect(texts.flatMap((t) => finder.find(t))).toEqual([])
    // The staff lens does show them: the markers are real.
    const staffRead = await api('GET', `/seller-orders/${placedOrder.sellerOrders[0]!.id}`, { token: adminToken })
    expect(finder.find(staffRead.text).map((m) => m.what)).toEqual(
      expect.arrayContaining(['buyer name', 'buyer SKU code']),
    )
  })
})

describe('moving, as the page does', () => {
  it('approves as the page approves: the same state and history, the entry naming the token', async () => {
    const byPage = await order()
    const byApi = await order()
    const page = await pageDecides(byPage.id, {
      intent: 'step',
      step: 'approve',
      sellerOrder: String(byPage.sellerOrderId),
    })
    expect(page.status).toBe('done')
    const answered = await api<{ first_approval: boolean; seller_order: SellerOrder }>(
      'POST',
      `/seller-orders/${byApi.sellerOrderId}/approve`,
      { token: supplierToken },
    )
    expect(answered.status).toBe(200)
    expect(answered.json.first_approval).toBe(false)
    expect(answered.json.seller_order.status).toBe('approved')
    expect(answered.json.seller_order.master_order.status).toBe('confirmed')
    const [a, b] = [await sellerOrderRow(byPage.sellerOrderId), await sellerOrderRow(byApi.sellerOrderId)]
    expect({ ...b, master_order_id: 0 }).toEqual({ ...a, master_order_id: 0 })
    expect(await masterStatus(byApi.id)).toBe(await masterStatus(byPage.id))
    const pageAudit = await auditsOf(byPage.sellerOrderId)
    const apiAudit = await auditsOf(byApi.sellerOrderId)
    expect(apiAudit.map((e) => [e.action, e.actor_user_id])).toEqual(pageAudit.map((e) => [e.action, e.actor_user_id]))
    expect(apiAudit.at(-1)).toMatchObject({
      action: 'seller_order.approved',
      api_token_id: await tokenIdOfUser('supplier_admin@example.com'),
    })
    expect(pageAudit.at(-1)!.api_token_id).toBeNull()
  })

  it('rejects only with a reason (422 at /reason), as the page does', async () => {
    const byPage = await order()
    const byApi = await order()
    const blank = await api<Problem>('POST', `/seller-orders/${byApi.sellerOrderId}/reject`, {
      token: supplierToken,
      body: { reason: '   ' },
    })
    expect(blank.status).toBe(422)
    expect(blank.json.errors).toEqual([
      { in: 'body', pointer: '/reason', detail: 'Say why: the seller and the team read it' },
    ])
    const missing = await api<Problem>('POST', `/seller-orders/${byApi.sellerOrderId}/reject`, {
      token: supplierToken,
      body: {},
    })
    expect(missing.status).toBe(422)
    expect(missing.json.errors?.[0]?.pointer).toBe('/reason')
    expect((await sellerOrderRow(byApi.sellerOrderId)).status).toBe('pending_approval')
    const reason = 'No capacity before February'
    await pageDecides(byPage.id, { intent: 'step', step: 'reject', sellerOrder: String(byPage.sellerOrderId), reason })
    const rejected = await api<SellerOrder>('POST', `/seller-orders/${byApi.sellerOrderId}/reject`, {
      token: supplierToken,
      body: { reason },
    })
    expect(rejected.status).toBe(200)
    expect(rejected.json.status).toBe('rejected')
    expect({ ...(await sellerOrderRow(byApi.sellerOrderId)), master_order_id: 0 }).toEqual({
      ...(await sellerOrderRow(byPage.sellerOrderId)),
      master_order_id: 0,
    })
    expect((await auditsOf(byApi.sellerOrderId)).map((e) => [e.action, e.note])).toEqual(
      (await auditsOf(byPage.sellerOrderId)).map((e) => [e.action, e.note]),
    )
  })

  it('records a counter-offer as the page does, each refused value at its place in the body', async () => {
    const byPage = await order()
    const byApi = await order()
    const line = (await api<SellerOrder>('GET', `/seller-orders/${byApi.sellerOrderId}`, { token: supplierToken })).json
      .lines[0]!
    const pageLine = (
      await db()
        .selectFrom('sub_orders')
        .select('id')
        .where('seller_order_id', '=', byPage.sellerOrderId)
        .executeTakeFirstOrThrow()
    ).id
    const bad = await api<Problem>('POST', `/seller-orders/${byApi.sellerOrderId}/counter-offer`, {
      token: supplierToken,
      body: { lines: [{ line_id: line.id, quantity_milli: 0, ready_by: '2020-01-01', cost_paise: 40000 }] },
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors?.map((e) => e.pointer).sort()).toEqual(['/lines/0/quantity_milli', '/lines/0/ready_by'])
    expect((await sellerOrderRow(byApi.sellerOrderId)).counter_offer_json).toBeNull()
    await pageDecides(byPage.id, {
      intent: 'counter',
      sellerOrder: String(byPage.sellerOrderId),
      [`line.${pageLine}.quantity`]: '8',
      [`line.${pageLine}.readyBy`]: '2099-01-31',
      [`line.${pageLine}.cost`]: '400',
    })
    const recorded = await api<SellerOrder>('POST', `/seller-orders/${byApi.sellerOrderId}/counter-offer`, {
      token: supplierToken,
      body: { lines: [{ line_id: line.id, quantity_milli: 8000, ready_by: '2099-01-31', cost_paise: 40000 }] },
    })
    expect(recorded.status).toBe(200)
    expect(recorded.json.counter_offer?.lines).toEqual([
      { line_id: line.id, quantity_milli: 8000, ready_by: '2099-01-31', cost_paise: 40000 },
    ])
    const offerOf = async (id: number) => {
      const { lines } = JSON.parse((await sellerOrderRow(id)).counter_offer_json!) as {
        lines: { quantityMilli: number; readyBy: string; costMinor: number }[]
      }
      return lines.map(({ quantityMilli, readyBy, costMinor }) => ({ quantityMilli, readyBy, costMinor }))
    }
    expect(await offerOf(byApi.sellerOrderId)).toEqual(await offerOf(byPage.sellerOrderId))
    const entry = (await auditsOf(byApi.sellerOrderId)).at(-1)!
    expect(entry.action).toBe('seller_order.counter_offer_recorded')
    expect(entry.after_json).toBe((await auditsOf(byPage.sellerOrderId)).at(-1)!.after_json)
    expect(entry.api_token_id).not.toBeNull()
    // A seller's token does not record it: the supplier team does, for the seller.
    expect(
      (
        await api('POST', `/seller-orders/${byApi.sellerOrderId}/counter-offer`, {
          token: sellerToken,
          body: { lines: [{ line_id: line.id, quantity_milli: 8000, ready_by: '2099-01-31', cost_paise: 40000 }] },
        })
      ).status,
    ).toBe(403)
  })

  it('starts production and moves a line through its stages as the seller’s page does, held by the gates', async () => {
    const placedOrder = await order()
    const id = placedOrder.sellerOrderId
    // The seller may not approve its own order: the supplier team decides.
    const selfApproval = await api<Problem>('POST', `/seller-orders/${id}/approve`, { token: sellerToken })
    expect(selfApproval.status).toBe(403)
    await api('POST', `/seller-orders/${id}/approve`, { token: supplierToken })
    const started = await api<SellerOrder>('POST', `/seller-orders/${id}/start-production`, { token: sellerToken })
    expect(started.status).toBe(200)
    expect(started.json.status).toBe('in_production')
    expect(started.json.next_steps).toEqual(expect.arrayContaining(['ready_for_qc', 'stage']))
    const line = started.json.lines[0]!
    // Not at the QC gate yet: the production gate refuses, naming the line.
    const early = await api<Problem>('POST', `/seller-orders/${id}/ready-for-qc`, { token: sellerToken })
    expect(early.status).toBe(409)
    expect(early.json.detail).toMatch(
      /^Line 1 is not started \(0 of \d+\): every stage before QC must be passed first\.$/,
    )
    const key = 'stage-move-1'
    const moved = await api<SellerOrder>('POST', `/seller-orders/${id}/stage`, {
      token: sellerToken,
      body: { line_id: line.id, from_position: 0 },
      idempotencyKey: key,
    })
    expect(moved.status).toBe(200)
    expect(moved.json.lines[0]!.stage.position).toBeGreaterThan(0)
    // A retry with the same key answers the same and moves nothing; a new key from the old stage is refused.
    const retry = await api<SellerOrder>('POST', `/seller-orders/${id}/stage`, {
      token: sellerToken,
      body: { line_id: line.id, from_position: 0 },
      idempotencyKey: key,
    })
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true')
    expect(retry.json).toEqual(moved.json)
    const again = await api<Problem>('POST', `/seller-orders/${id}/stage`, {
      token: sellerToken,
      body: { line_id: line.id, from_position: 0 },
    })
    expect(again.status).toBe(409)
    expect(again.json.detail).toMatch(/already moved on/)
    const stageEntries = (await auditsOf(id)).filter((e) => e.action === 'seller_order.stage_moved')
    expect(stageEntries).toHaveLength(1)
    // The seller's own step names no "for_seller"; the entry names the token.
    expect(stageEntries[0]!.after_json).not.toContain('for_seller')
    expect(stageEntries[0]!.api_token_id).not.toBeNull()
    // A line of another seller order is refused at the field.
    const notHis = await api<Problem>('POST', `/seller-orders/${id}/stage`, {
      token: sellerToken,
      body: { line_id: 1_000_000, from_position: 0 },
    })
    expect(notHis.status).toBe(422)
    expect(notHis.json.errors?.[0]?.pointer).toBe('/line_id')
  })

  it('takes staff’s steps for the seller with "for_seller" in the history, as the page does', async () => {
    const placedOrder = await order()
    await api('POST', `/seller-orders/${placedOrder.sellerOrderId}/approve`, { token: supplierToken })
    const started = await api<SellerOrder>('POST', `/seller-orders/${placedOrder.sellerOrderId}/start-production`, {
      token: supplierToken,
    })
    expect(started.status).toBe(200)
    const entry = (await auditsOf(placedOrder.sellerOrderId)).at(-1)!
    expect(entry.action).toBe('seller_order.production_started')
    expect(entry.after_json).toContain('"for_seller":"Tiruppur Knit Works"')
  })

  it('moves once for a retried POST with the same Idempotency-Key', async () => {
    const placedOrder = await order()
    const send = () =>
      api<{ seller_order: SellerOrder }>('POST', `/seller-orders/${placedOrder.sellerOrderId}/approve`, {
        token: supplierToken,
        idempotencyKey: 'approve-once',
      })
    const first = await send()
    const retry = await send()
    expect(first.status).toBe(200)
    expect(retry.status).toBe(200)
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true')
    expect(retry.json).toEqual(first.json)
    const approvals = (await auditsOf(placedOrder.sellerOrderId)).filter((e) => e.action === 'seller_order.approved')
    expect(approvals).toHaveLength(1)
  })
})

describe('two at once', () => {
  it('of two approvals of one seller order one wins, the other is 409 naming who approved and when', async () => {
    const placedOrder = await order()
    const path = `/seller-orders/${placedOrder.sellerOrderId}/approve`
    const answers = await Promise.all([
      api<Problem>('POST', path, { token: supplierToken }),
      api<Problem>('POST', path, { token: adminToken }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const loser = answers.find((a) => a.status === 409)!
    expect(loser.json.type).toBe('/api/v1/problems/conflict')
    expect(loser.json.detail).toMatch(/is already approved \(by .+, .+\)/)
    expect((await sellerOrderRow(placedOrder.sellerOrderId)).status).toBe('approved')
    expect(
      (await auditsOf(placedOrder.sellerOrderId)).filter((e) => e.action === 'seller_order.approved'),
    ).toHaveLength(1)
    expect(await masterStatus(placedOrder.id)).toBe('confirmed')
  })

  it('approving an order’s two seller orders at once leaves its status exact', async () => {
    const placedOrder = await order([demoSeller, otherSeller])
    const [one, two] = placedOrder.sellerOrders
    const answers = await Promise.all([
      api('POST', `/seller-orders/${one!.id}/approve`, { token: supplierToken }),
      api('POST', `/seller-orders/${two!.id}/approve`, { token: adminToken }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await masterStatus(placedOrder.id)).toBe('confirmed')
    const counts = await db()
      .selectFrom('master_order_categories')
      .select('status')
      .where('master_order_id', '=', placedOrder.id)
      .execute()
    expect(counts.every((c) => c.status === 'confirmed')).toBe(true)
  })
})

async function tokenIdOfUser(email: string) {
  const row = await db()
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select('api_tokens.id')
    .where('users.email', '=', email)
    .orderBy('api_tokens.id')
    .executeTakeFirstOrThrow()
  return row.id
}
