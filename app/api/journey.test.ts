import { getDb } from '~/db.server'
import { createSubscription } from '~/features/webhooks/mutations.server'
import { acceptCounterOffer } from '~/lifecycle/seller-orders.server'
import { decideInspection } from '~/lifecycle/inspections.server'
import { recordPayment } from '~/lifecycle/settlements.server'
import { webhookClient } from '~/platform/webhook-address.server'
import { subscribableEvents, type WebhookAudience } from '~/platform/webhook-events'
import { deliverWebhooksDue } from '~/platform/webhooks.server'
import { kolkataDay } from '~/utils/format'
import { api, tokenFor } from '../../tests/support/api'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../tests/support/catalogue'
import { makeBuyer, makeCompanyUser } from '../../tests/support/companies'
import { inspect, move } from '../../tests/support/confidential-orders'
import { userIdOf } from '../../tests/support/db'
import { inAYear, passStages } from '../../tests/support/orders'
import { startReceiver, verifyWebhook, type Receiver } from '../../tests/support/webhook-receiver'

// Issue 40's whole order through the API, as a buyer's ERP and a mill's system would drive it: the
// ERP places it (and retries), the supplier team records the mill's counter-offer, the ERP agrees,
// the mill makes it stage by stage and sends it to QC, the ERP reads the QC result, the shipments,
// the invoice (and its PDF) and its payment; staff take their own steps at their pages (the
// lifecycle) in between. Every webhook each company receives is verified by its signature.

type Json = Record<string, unknown>
const receivers: Receiver[] = []
afterAll(async () => {
  for (const receiver of receivers) await receiver.close()
})

async function listen(owner: { kind: 'buyer' | 'seller'; id: number }) {
  const receiver = await startReceiver(`/erp/${owner.kind}`)
  receivers.push(receiver)
  const made = await createSubscription(
    getDb(),
    { userId: await userIdOf('admin@example.com') },
    owner,
    { url: receiver.url, events: subscribableEvents(owner.kind as WebhookAudience) },
    undefined,
  )
  if (!made.ok) throw new Error(made.message)
  const { secret } = await getDb()
    .selectFrom('webhook_subscriptions')
    .select('secret')
    .where('id', '=', made.value.id)
    .executeTakeFirstOrThrow()
  return { receiver, secret }
}

const must = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`${what}: ${result.message}`)
  return result.value
}

it('a buyer’s ERP and a mill’s system take an order from placing to payment, told by signed webhooks', async () => {
  const db = getDb()
  const staff = { userId: await userIdOf('internal@example.com') }
  const mill = await db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where('name', '=', 'Tiruppur Knit Works')
    .executeTakeFirstOrThrow()

  // A buyer of its own with an administrator whose ERP holds a token; one item only Tiruppur offers.
  const buyerId = await makeBuyer({ name: 'Marigold Apparel ERP', status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Coimbatore', isDefault: true },
    { kind: 'billing', city: 'Coimbatore', isDefault: true },
  ])
  const buyerUser = await makeCompanyUser('buyer', buyerId, 'erp.admin@marigold.example')
  await db.updateTable('users').set({ is_company_admin: 1 }).where('id', '=', buyerUser).execute()
  const productSkuId = await makeProductSku({ categoryId: 1, moqMilli: 1_000 })
  const buyerSkuId = await makeBuyerSku({
    buyerId,
    productSkuId,
    buyerCode: 'MAR-TEE-01',
    priceMinor: 45_000,
    moqMilli: 1_000,
  })
  const sellerSkuId = await makeSellerSku({ sellerId: mill.id, productSkuId, status: 'live', sellerCode: 'TKW-ERP-01' })
  await db
    .updateTable('seller_skus')
    .set({ cost_minor: 31_000, moq_milli: 1_000 })
    .where('id', '=', sellerSkuId)
    .execute()

  const buyerHooks = await listen({ kind: 'buyer', id: buyerId })
  const millHooks = await listen({ kind: 'seller', id: mill.id })
  const erp = await tokenFor('erp.admin@marigold.example')
  const millSystem = await tokenFor('seller@example.com')
  const supplierTeam = await tokenFor('supplier_admin@example.com')

  // 1. The ERP places the order; its retry on a bad network gets the same answer and places nothing more.
  const body = { lines: [{ buyer_sku_id: buyerSkuId, quantity_milli: 10_000, required_by: inAYear() }] }
  const placed = await api<{ id: number; code: string }>('POST', '/master-orders', {
    token: erp,
    body,
    idempotencyKey: 'erp-po-4711',
  })
  expect(placed.status, placed.text).toBe(201)
  const retried = await api<{ id: number }>('POST', '/master-orders', {
    token: erp,
    body,
    idempotencyKey: 'erp-po-4711',
  })
  expect(retried.json.id).toBe(placed.json.id)
  expect(retried.response.headers.get('Idempotent-Replayed')).toBe('true')
  const orderId = placed.json.id
  expect(placed.response.headers.get('Location')).toBe(`/api/v1/master-orders/${orderId}`)
  const orders = await db.selectFrom('master_orders').select('id').where('buyer_id', '=', buyerId).execute()
  expect(orders).toHaveLength(1)

  // 2. The mill's system finds its seller order, without the buyer's name or prices.
  const list = await api<{ data: { id: number; master_order_id?: number }[] }>(
    'GET',
    '/seller-orders?status=pending_approval',
    {
      token: millSystem,
    },
  )
  const sellerOrder = await db
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('master_order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  expect(list.json.data.map((s) => s.id)).toContain(sellerOrder.id)
  const seen = await api<{ lines: { id: number }[]; buyer: unknown }>('GET', `/seller-orders/${sellerOrder.id}`, {
    token: millSystem,
  })
  expect(seen.status).toBe(200)
  expect(seen.text).not.toContain('Marigold')
  expect(seen.text).not.toContain('MAR-TEE-01')
  const lineId = seen.json.lines[0]!.id

  // 3. The mill can make 9 by a later date: the supplier team records its counter-offer; the ERP agrees.
  const countered = await api('POST', `/seller-orders/${sellerOrder.id}/counter-offer`, {
    token: supplierTeam,
    body: { lines: [{ line_id: lineId, quantity_milli: 9_000, ready_by: inAYear(), cost_paise: 30_500 }] },
  })
  expect(countered.status, countered.text).toBe(200)
  const proposed = await api<{ proposals: { proposal_id: number }[] }>('GET', `/master-orders/${orderId}`, {
    token: erp,
  })
  expect(proposed.json.proposals).toHaveLength(1)
  expect(proposed.text).not.toContain('Tiruppur')
  const agreed = await api('POST', `/master-orders/${orderId}/agreements`, {
    token: erp,
    body: { proposal_id: proposed.json.proposals[0]!.proposal_id },
  })
  expect(agreed.status, agreed.text).toBe(200)
  // Staff accept the agreed change at their page: the seller order changes and is approved.
  must(await acceptCounterOffer(db, { userId: await userIdOf('admin@example.com') }, sellerOrder.id), 'accept')

  // 4. The mill makes it: production, each stage before the QC gate, then ready for QC.
  expect((await api('POST', `/seller-orders/${sellerOrder.id}/start-production`, { token: millSystem })).status).toBe(
    200,
  )
  for (let moved = 0; moved < 20; moved++) {
    const now = await api<{ lines: { id: number; stage: { position: number } | null }[] }>(
      'GET',
      `/seller-orders/${sellerOrder.id}`,
      {
        token: millSystem,
      },
    )
    const line = now.json.lines[0]!
    const step = await api<{ status: number }>('POST', `/seller-orders/${sellerOrder.id}/stage`, {
      token: millSystem,
      body: { line_id: line.id, from_position: line.stage?.position ?? 0 },
    })
    if (step.status === 409) break // the QC gate: only a passed inspection opens it
    expect(step.status, step.text).toBe(200)
  }
  const ready = await api('POST', `/seller-orders/${sellerOrder.id}/ready-for-qc`, { token: millSystem })
  expect(ready.status, ready.text).toBe(200)

  // 5. QC at the mill (the field operator and staff at their pages); the ERP reads the result.
  const inspection = await inspect(staff, sellerOrder.id, '9', '')
  must(
    await decideInspection(db, staff, inspection.inspectionId, {
      decision: 'approve',
      reason: '',
    }),
    'QC',
  )
  const results = await api<{ data: { outcome: string }[] }>('GET', `/inspections?master_order_id=${orderId}`, {
    token: erp,
  })
  expect(results.status, results.text).toBe(200)
  expect(results.json.data.map((i) => i.outcome)).toEqual(['passed'])

  // 6. The logistics team moves it to the warehouse and on to the buyer; the ERP tracks the last mile.
  await passStages(sellerOrder.id, 'last')
  await move(staff, 'first_mile', sellerOrder.code, 'LR-ERP-1')
  await move(staff, 'last_mile', sellerOrder.code, 'LR-ERP-2')
  const shipments = await api<{ data: { state: string; lr_number: string | null }[] }>(
    'GET',
    `/shipments?master_order_id=${orderId}`,
    {
      token: erp,
    },
  )
  expect(shipments.json.data).toEqual([expect.objectContaining({ state: 'delivered', lr_number: 'LR-ERP-2' })])

  // 7. The invoice raised at delivery: read, and its PDF.
  const invoices = await api<{ data: { id: number; total_paise: number; status: string }[] }>('GET', '/invoices', {
    token: erp,
  })
  expect(invoices.json.data).toHaveLength(1)
  const invoice = invoices.json.data[0]!
  const pdf = await api('GET', `/invoices/${invoice.id}/pdf`, { token: erp })
  expect(pdf.status).toBe(200)
  expect(pdf.response.headers.get('Content-Type')).toBe('application/pdf')

  // 8. Finance records the payment; the ERP sees it, the invoice settled and the order closed.
  must(
    await recordPayment(
      db,
      staff,
      buyerId,
      { receivedOn: kolkataDay(), amountMinor: invoice.total_paise, mode: 'neft', reference: 'UTR-ERP-0001' },
      undefined,
    ),
    'payment',
  )
  const payments = await api<{ data: Json[] }>('GET', '/payments', { token: erp })
  expect(payments.json.data).toHaveLength(1)
  expect((await api<{ status: string }>('GET', `/invoices/${invoice.id}`, { token: erp })).json.status).toBe('settled')
  expect((await api<{ status: string }>('GET', `/master-orders/${orderId}`, { token: erp })).json.status).toBe('closed')

  // The audit trail names the token each step came through.
  const tokenOf = async (action: string) =>
    (
      await db
        .selectFrom('audit_events')
        .innerJoin('api_tokens', 'api_tokens.id', 'audit_events.api_token_id')
        .select('api_tokens.name')
        .where('audit_events.action', '=', action)
        .orderBy('audit_events.id', 'desc')
        .executeTakeFirst()
    )?.name
  expect(await tokenOf('master_order.placed')).toBe('test erp.admin@marigold.example')

  // Every webhook, delivered as the worker does, is signed with its subscription's secret.
  const client = webhookClient({ httpsOnly: false, allowPrivate: true })
  for (let round = 0; round < 20; round++) {
    const due = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (!due) break
    await deliverWebhooksDue(db, client, 'journey-worker')
  }
  for (const { receiver, secret } of [buyerHooks, millHooks]) {
    expect(receiver.received.length).toBeGreaterThan(0)
    for (const hook of receiver.received) expect(verifyWebhook(secret, hook.headers, hook.body)).toBe(true)
    // Another subscription's secret does not verify them.
    const other = receiver === buyerHooks.receiver ? millHooks.secret : buyerHooks.secret
    expect(verifyWebhook(other, receiver.received[0]!.headers, receiver.received[0]!.body)).toBe(false)
  }
  const typesOf = (r: Receiver) => new Set(r.received.map((x) => x.json.type))
  for (const type of [
    'master_order.placed',
    'master_order.change_proposed',
    'shipment.picked_up',
    'shipment.delivered',
    'invoice.raised',
    'payment.received',
  ])
    expect(typesOf(buyerHooks.receiver), type).toContain(type)
  for (const type of [
    'seller_order.created',
    'seller_order.countered',
    'seller_order.approved',
    'seller_order.status_changed',
    'seller_order.stage_changed',
    'qc.decided',
  ])
    expect(typesOf(millHooks.receiver), type).toContain(type)
  // Each side's hooks through its lens: the mill never hears the buyer's name or price, the buyer never the mill's.
  const millBodies = millHooks.receiver.received.map((r) => r.body).join('\n')
  const buyerBodies = buyerHooks.receiver.received.map((r) => r.body).join('\n')
  expect(millBodies).not.toMatch(/Marigold|MAR-TEE-01|45000/)
  expect(buyerBodies).not.toMatch(/Tiruppur|TKW-ERP-01|31000|30500/)
})
