import { getDb } from '~/db.server'
import { createSubscription } from '~/features/webhooks/mutations.server'
import type { WebhookOwner } from '~/features/webhooks/shared'
import { webhookClient } from '~/platform/webhook-address.server'
import { subscribableEvents, type WebhookAudience } from '~/platform/webhook-events'
import { deliverWebhooksDue } from '~/platform/webhooks.server'
import { api, tokenFor } from '../../tests/support/api'
import { makeBuyer, makeSeller } from '../../tests/support/companies'
import { DRIVEN, driveOrders } from '../../tests/support/confidential-orders'
import { userIdOf } from '../../tests/support/db'
import { lifecycleParties, orderThrough } from '../../tests/support/lifecycle'
import { placeTestOrder } from '../../tests/support/orders'
import { startReceiver, verifyWebhook, type Receiver } from '../../tests/support/webhook-receiver'
import { cancelHeldOrder, releaseCreditHold } from './master-orders.server'
import { advanceLine, takeSellerOrderStep } from './seller-orders.server'

// The lifecycle's webhook events: a step queues one delivery per subscription that may read it and
// subscribes to it, none for other companies; a whole order (placed, counter-offer, rejected and
// moved, QC in part, first and last mile, invoices, payment) tells each company only its own, through
// its lens, signed, and staff everything.

const client = webhookClient({ httpsOnly: false, allowPrivate: true })
const owners: Receiver[] = []
afterAll(async () => {
  for (const receiver of owners) await receiver.close()
})

/** A subscription of the owner at a receiver of its own; every event the owner may choose unless told. */
async function listen(owner: WebhookOwner, events?: string[]) {
  const receiver = await startReceiver(`/hooks/${owner.kind}`)
  owners.push(receiver)
  const made = await createSubscription(
    getDb(),
    { userId: await userIdOf('admin@example.com') },
    owner,
    { url: receiver.url, events: events ?? subscribableEvents(owner.kind as WebhookAudience) },
    undefined,
  )
  if (!made.ok) throw new Error(made.message)
  const { secret } = await getDb()
    .selectFrom('webhook_subscriptions')
    .select('secret')
    .where('id', '=', made.value.id)
    .executeTakeFirstOrThrow()
  return { id: made.value.id, receiver, secret }
}

const queuedFor = async (subscriptionId: number) =>
  (
    await getDb()
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select(['e.type', 'd.payload'])
      .where('d.subscription_id', '=', subscriptionId)
      .orderBy('d.id')
      .execute()
  ).map((d) => ({ type: d.type, payload: JSON.parse(d.payload) as { data: Record<string, unknown> } }))

/** Delivers everything due, as the worker does, until nothing is left. */
async function deliverAll() {
  for (let round = 0; round < 50; round++) {
    const due = await getDb()
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (!due) return
    await deliverWebhooksDue(getDb(), client, 'test-worker')
  }
  throw new Error('deliveries still waiting after 50 rounds')
}

describe('a lifecycle step’s webhooks', () => {
  it('approving a seller order: one delivery per matching subscription, none for other companies', async () => {
    const parties = await lifecycleParties('Hooks')
    const [sellerId, otherSellerId] = parties.sellerIds as [number, number]
    const order = await orderThrough(parties, [])
    const otherBuyerId = await makeBuyer({ name: 'Elsewhere Buyer', status: 'active' })
    const seller = await listen({ kind: 'seller', id: sellerId }, ['seller_order.approved'])
    const otherSeller = await listen({ kind: 'seller', id: otherSellerId }, ['seller_order.approved'])
    const unrelated = await listen({ kind: 'seller', id: await makeSeller({ name: 'Far Mills', status: 'active' }) })
    const buyer = await listen({ kind: 'buyer', id: parties.buyerId }, ['master_order.status_changed'])
    const otherBuyer = await listen({ kind: 'buyer', id: otherBuyerId })
    const platform = await listen({ kind: 'platform' }, ['seller_order.approved'])

    const approved = await takeSellerOrderStep(getDb(), parties.staff, order.sellerOrderId, 'approve')
    expect(approved).toMatchObject({ ok: true })

    const [toSeller] = await queuedFor(seller.id)
    expect(await queuedFor(seller.id)).toHaveLength(1)
    expect(toSeller!.type).toBe('seller_order.approved')
    expect(toSeller!.payload.data).toEqual({
      seller_order: {
        id: order.sellerOrderId,
        code: order.sellerOrders[0]!.code,
        status: 'approved',
        api: `/api/v1/seller-orders/${order.sellerOrderId}`,
      },
      master_order: { id: order.id, code: expect.stringMatching(/^MO-/) },
      seller: { id: sellerId },
      approved_at: expect.any(String),
      approved_by: 'staff',
    })
    expect(await queuedFor(platform.id)).toHaveLength(1)
    expect((await queuedFor(platform.id))[0]!.payload.data).toMatchObject({
      buyer: { id: parties.buyerId, name: 'Hooks Buyer' },
      seller: { id: sellerId, name: 'Hooks Mills' },
    })
    // The buyer hears its order moved on (placed → confirmed), never of the seller order.
    expect(await queuedFor(buyer.id)).toEqual([
      {
        type: 'master_order.status_changed',
        payload: expect.objectContaining({
          data: {
            master_order: {
              id: order.id,
              code: expect.stringMatching(/^MO-/),
              status: 'confirmed',
              api: `/api/v1/master-orders/${order.id}`,
            },
            previous_status: 'placed',
            buyer: { id: parties.buyerId },
          },
        }),
      },
    ])
    for (const other of [otherSeller, unrelated, otherBuyer]) expect(await queuedFor(other.id)).toEqual([])

    await deliverAll()
    const [got] = seller.receiver.received
    expect(seller.receiver.received).toHaveLength(1)
    expect(verifyWebhook(seller.secret, got!.headers, got!.body)).toBe(true)
    expect(otherSeller.receiver.received).toEqual([])
  })

  it('a refused step queues nothing', async () => {
    const parties = await lifecycleParties('Refused')
    const order = await orderThrough(parties, ['approve'])
    const platform = await listen({ kind: 'platform' })
    const before = (await queuedFor(platform.id)).length
    expect(await takeSellerOrderStep(getDb(), parties.staff, order.sellerOrderId, 'dispatch')).toMatchObject({
      ok: false,
    })
    expect(await queuedFor(platform.id)).toHaveLength(before)
  })
})

describe('the seller’s own steps and an order on credit hold', () => {
  it('a line moved to its next stage through the lifecycle tells its seller which stage', async () => {
    const parties = await lifecycleParties('Stages')
    const order = await orderThrough(parties, ['approve', 'start_production'])
    const seller = await listen({ kind: 'seller', id: parties.sellerIds[0]! }, ['seller_order.stage_changed'])
    const line = await getDb()
      .selectFrom('sub_orders')
      .select(['id', 'category_id'])
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    const first = await getDb()
      .selectFrom('workflow_stages')
      .select('name')
      .where('category_id', '=', line.category_id)
      .orderBy('position')
      .executeTakeFirstOrThrow()
    expect(await advanceLine(getDb(), parties.staff, null, line.id, 0)).toMatchObject({ ok: true })
    // The same form again (the line has moved on): refused, nothing more queued.
    expect(await advanceLine(getDb(), parties.staff, null, line.id, 0)).toMatchObject({ ok: false })
    const queued = await queuedFor(seller.id)
    expect(queued).toHaveLength(1)
    expect(queued[0]!.payload.data).toMatchObject({
      seller_order: { id: order.sellerOrderId, status: 'in_production' },
      line: { line_no: 1, stage: first.name, previous_stage: 'not started' },
    })
  })

  it('a seller never hears of an order held on credit, until finance releases it; staff hear of it all', async () => {
    const parties = await lifecycleParties('Held')
    const [sellerId] = parties.sellerIds as [number]
    const seller = await listen({ kind: 'seller', id: sellerId })
    const platform = await listen({ kind: 'platform' }, ['seller_order.created', 'seller_order.cancelled'])
    await getDb().updateTable('buyers').set({ credit_limit_minor: 100 }).where('id', '=', parties.buyerId).execute()
    const finance = { userId: await userIdOf('biz_fin@example.com') }

    const held = await orderThrough(parties, [])
    expect(
      (
        await getDb()
          .selectFrom('master_orders')
          .select('credit_hold')
          .where('id', '=', held.id)
          .executeTakeFirstOrThrow()
      ).credit_hold,
    ).toBe('held')
    expect(await cancelHeldOrder(getDb(), finance, held.id, 'Over the limit')).toMatchObject({ ok: true })
    expect(await queuedFor(seller.id)).toEqual([])
    expect((await queuedFor(platform.id)).map((d) => d.type)).toEqual([
      'seller_order.created',
      'seller_order.cancelled',
    ])

    const released = await orderThrough(parties, [])
    expect(await queuedFor(seller.id)).toEqual([])
    expect(await releaseCreditHold(getDb(), finance, released.id, 'Paid in advance')).toMatchObject({ ok: true })
    expect((await queuedFor(seller.id)).map((d) => d.type)).toEqual(['seller_order.created'])
  })
})

describe('moves through the API', () => {
  it('tell webhooks as the pages do: approved, production, a line’s stage, a counter-offer', async () => {
    const seller = (
      await getDb()
        .selectFrom('sellers')
        .select('id')
        .where('name', '=', 'Tiruppur Knit Works')
        .executeTakeFirstOrThrow()
    ).id
    const buyerId = await makeBuyer({ name: 'Api Hooks Buyer', status: 'active' }, [
      { kind: 'shipping', city: 'Pune', isDefault: true },
      { kind: 'billing', city: 'Pune', isDefault: true },
    ])
    const listener = await listen({ kind: 'seller', id: seller })
    const internal = await userIdOf('internal@example.com')
    const placed = (key: string) => placeTestOrder({ userId: internal, buyerId, sellerIds: [seller], key })
    const [sellerToken, supplierToken] = [
      await tokenFor('seller@example.com'),
      await tokenFor('supplier_admin@example.com'),
    ]

    const made = await placed('api-hooks-1')
    const id = made.sellerOrderId
    expect((await api('POST', `/seller-orders/${id}/approve`, { token: supplierToken })).status).toBe(200)
    expect((await api('POST', `/seller-orders/${id}/start-production`, { token: sellerToken })).status).toBe(200)
    const line = await getDb()
      .selectFrom('sub_orders')
      .select('id')
      .where('seller_order_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(
      (
        await api('POST', `/seller-orders/${id}/stage`, {
          token: sellerToken,
          body: { line_id: line.id, from_position: 0 },
        })
      ).status,
    ).toBe(200)
    const countered = await placed('api-hooks-2')
    const counterLine = await getDb()
      .selectFrom('sub_orders')
      .select('id')
      .where('seller_order_id', '=', countered.sellerOrderId)
      .executeTakeFirstOrThrow()
    expect(
      (
        await api('POST', `/seller-orders/${countered.sellerOrderId}/counter-offer`, {
          token: supplierToken,
          body: {
            lines: [{ line_id: counterLine.id, quantity_milli: 8000, ready_by: '2099-01-31', cost_paise: 40000 }],
          },
        })
      ).status,
    ).toBe(200)

    const told = (await queuedFor(listener.id)).map((d) => [d.type, (d.payload.data.seller_order as { id: number }).id])
    expect(told).toEqual(
      expect.arrayContaining([
        ['seller_order.approved', id],
        ['seller_order.status_changed', id],
        ['seller_order.stage_changed', id],
        ['seller_order.countered', countered.sellerOrderId],
      ]),
    )
  })
})

describe('a whole order’s webhooks, through each company’s lens', () => {
  it('tells the buyer, each seller and staff only what each may read', async () => {
    const sellerIdOf = async (name: string) =>
      (await getDb().selectFrom('sellers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
    const sellerNames = ['Tiruppur Knit Works', 'Ludhiana Yarn Spinners', 'Surat Silk Mills']
    const sellers = await Promise.all(
      sellerNames.map(async (name) => listen({ kind: 'seller', id: await sellerIdOf(name) })),
    )
    const platform = await listen({ kind: 'platform' })
    const demoBuyer = await listen({
      kind: 'buyer',
      id: (
        await getDb()
          .selectFrom('buyers')
          .select('id')
          .where('name', '=', 'Indigo Threads Retail')
          .executeTakeFirstOrThrow()
      ).id,
    })
    let buyer: Awaited<ReturnType<typeof listen>> | undefined
    const driven = await driveOrders({ withBuyer: async (id) => void (buyer = await listen({ kind: 'buyer', id })) })
    await deliverAll()

    const typesOf = (r: Receiver) => [...new Set(r.received.map((x) => x.json.type))].sort()
    expect(typesOf(platform.receiver)).toEqual(
      [
        'master_order.placed',
        'master_order.status_changed',
        'master_order.change_proposed',
        'seller_order.created',
        'seller_order.approved',
        'seller_order.rejected',
        'seller_order.countered',
        'seller_order.status_changed',
        'qc.decided',
        'shipment.picked_up',
        'shipment.delivered',
        'invoice.raised',
        'payment.received',
      ].sort(),
    )
    expect(typesOf(buyer!.receiver)).toEqual(
      [
        'master_order.placed',
        'master_order.status_changed',
        'master_order.change_proposed',
        'shipment.picked_up',
        'shipment.delivered',
        'invoice.raised',
        'payment.received',
      ].sort(),
    )
    // The buyer's shipments are the last mile only (the first mile is between the seller and the warehouse).
    const shipments = buyer!.receiver.received.filter((r) => r.json.type.startsWith('shipment.'))
    expect(shipments.map((r) => (r.json.data.shipment as { type: string }).type)).toEqual(['last_mile', 'last_mile'])
    // Order 1's two invoices and order 3's (its delivered Tiruppur part); three orders placed.
    expect(buyer!.receiver.received.filter((r) => r.json.type === 'invoice.raised')).toHaveLength(3)
    expect(buyer!.receiver.received.filter((r) => r.json.type === 'master_order.placed')).toHaveLength(3)
    const [maker, rejecter, taker] = sellers as [(typeof sellers)[0], (typeof sellers)[0], (typeof sellers)[0]]
    expect(typesOf(maker.receiver)).toEqual(
      [
        'seller_order.created',
        'seller_order.countered',
        'seller_order.approved',
        'seller_order.status_changed',
        'qc.decided',
      ].sort(),
    )
    // Ludhiana rejects order 1's seller order, and approves order 3's (left in QC).
    expect(typesOf(rejecter.receiver)).toEqual([
      'seller_order.approved',
      'seller_order.created',
      'seller_order.rejected',
      'seller_order.status_changed',
    ])
    expect(typesOf(taker.receiver)).toContain('seller_order.created')
    expect(demoBuyer.receiver.received).toEqual([])

    // Markers of each side, looked for in every body the other side received.
    const sellerOrders = await getDb()
      .selectFrom('seller_orders')
      .select(['code', 'seller_id', 'cost_minor', 'value_minor'])
      .where('master_order_id', 'in', driven.masterOrderIds)
      .execute()
    const invoices = await getDb()
      .selectFrom('buyer_invoices')
      .select(['number', 'total_minor'])
      .where('buyer_id', '=', driven.buyerId)
      .execute()
    const buyerMarkers = [
      DRIVEN.buyer,
      DRIVEN.paymentReference,
      ...DRIVEN.lines.map((l) => l.buyerCode),
      ...DRIVEN.lines.map((l) => String(l.priceMinor)),
      ...invoices.flatMap((i) => [i.number, String(i.total_minor)]),
      ...sellerOrders.map((s) => String(s.value_minor)).filter((v) => v !== '0'),
      '"buyer"',
      '"invoice',
      '"payment"',
    ]
    const sellerMarkers = [
      ...sellerNames,
      ...sellerOrders.map((s) => s.code),
      ...sellerOrders.map((s) => String(s.cost_minor)).filter((v) => v !== '0'),
      ...DRIVEN.lines.map((l) => l.sellerCode),
      DRIVEN.takerCode,
      DRIVEN.rejectReason,
      DRIVEN.qcReason,
      '"seller',
      'cost',
    ]
    for (const got of buyer!.receiver.received) {
      expect(verifyWebhook(buyer!.secret, got.headers, got.body)).toBe(true)
      for (const marker of sellerMarkers) expect(got.body, `${got.json.type} to the buyer`).not.toContain(marker)
    }
    for (const [i, seller] of sellers.entries()) {
      const own = await sellerIdOf(sellerNames[i]!)
      const others = sellerOrders.filter((s) => s.seller_id !== own).map((s) => s.code)
      for (const got of seller.receiver.received) {
        expect(verifyWebhook(seller.secret, got.headers, got.body)).toBe(true)
        for (const marker of [...buyerMarkers, ...others, ...sellerNames.filter((n) => n !== sellerNames[i])])
          expect(got.body, `${got.json.type} to ${sellerNames[i]}`).not.toContain(marker)
      }
    }
    // Staff read the parties.
    expect(platform.receiver.received.some((r) => r.body.includes(DRIVEN.buyer))).toBe(true)
    expect(platform.receiver.received.some((r) => r.body.includes('Surat Silk Mills'))).toBe(true)
  }, 60_000)
})
