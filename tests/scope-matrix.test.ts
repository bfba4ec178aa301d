/// <reference types="vite/client" />
/**
 * Records outside a viewer's scope (issue 17), generated from the build: every route whose path
 * names a record is listed below with the kind of record it names, or in a portal whose users see
 * every record, or with the reason it names none; a new route with an id fails until it is. For each
 * scoped viewer — buyers A and B, sellers A and B, two KAMs, two supplier agents, two field
 * operators, and two internal users for the sample orders each requested — the route answers 404 to the page, its `.data` and a POST for a record outside the
 * viewer's scope, and shows (or, for /redirect links, forwards to) one inside it, so a 404 is never
 * the answer to a wrongly built path.
 */
import type { ServerBuild } from '@remix-run/node'
import { portalOfPath, type PortalKey } from '~/auth/portals'
import { getDb } from '~/db.server'
import { createPriceRequest } from '~/features/price-requests/mutations.server'
import { loadBuiltApp, outcomeOf, requestOf } from './access/http'
import type { Kind } from './access/rules'
import { makeCompanyUser, makeStaffUser } from './support/companies'
import { makeBuyerSku } from './support/catalogue'
import { cookieFor, userIdOf, viewerFor } from './support/db'

type ViewerKey =
  | 'buyerA'
  | 'buyerB'
  | 'sellerA'
  | 'sellerB'
  | 'kamA'
  | 'kamB'
  | 'agentA'
  | 'agentB'
  | 'operatorA'
  | 'operatorB'
  | 'requesterA'
  | 'requesterB'
const ALL: ViewerKey[] = [
  'buyerA',
  'buyerB',
  'sellerA',
  'sellerB',
  'kamA',
  'kamB',
  'agentA',
  'agentB',
  'operatorA',
  'operatorB',
]
type RecordKind =
  | 'buyerCompany'
  | 'sellerCompany'
  | 'masterOrder'
  | 'sellerOrder'
  | 'sampleOrder'
  | 'inspection'
  | 'pricingRequest'
  | 'playgroundImage'
  | 'buyerInvoice'
  | 'buyerCreditNote'
  | 'buyerDebitNote'
  | 'webhookSubscription'

/** The routes that name a record in a portal whose users see only some records. */
const SCOPED: Record<string, { record: RecordKind; viewers: ViewerKey[] }> = {
  'routes/buyer+/$buyerCompanyId.company': { record: 'buyerCompany', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/master_orders.$masterOrderId': { record: 'masterOrder', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/sample_orders.$sampleOrderId': { record: 'sampleOrder', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/invoices.$invoiceId': { record: 'buyerInvoice', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/invoices.$invoiceId[.pdf]': { record: 'buyerInvoice', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/credit_notes.$noteId[.pdf]': { record: 'buyerCreditNote', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/debit_notes.$noteId[.pdf]': { record: 'buyerDebitNote', viewers: ['buyerA', 'buyerB'] },
  'routes/buyer+/webhooks.$subscriptionId': { record: 'webhookSubscription', viewers: ['buyerA', 'buyerB'] },
  'routes/seller+/$sellerCompanyId.company': { record: 'sellerCompany', viewers: ['sellerA', 'sellerB'] },
  'routes/seller+/webhooks.$subscriptionId': { record: 'webhookSubscription', viewers: ['sellerA', 'sellerB'] },
  'routes/seller+/master_orders.$masterOrderId': { record: 'masterOrder', viewers: ['sellerA', 'sellerB'] },
  'routes/demand_kam+/master_orders.$masterOrderId': { record: 'masterOrder', viewers: ['kamA', 'kamB'] },
  'routes/demand_kam+/sample_orders.$sampleOrderId': { record: 'sampleOrder', viewers: ['kamA', 'kamB'] },
  'routes/supplier_team.agent+/master_orders.$masterOrderId': { record: 'masterOrder', viewers: ['agentA', 'agentB'] },
  'routes/field_operator+/orders.$inspectionId': { record: 'inspection', viewers: ['operatorA', 'operatorB'] },
  // The main portal sees every record but one: a sample order, to the internal user who requested it.
  'routes/_main+/sample_orders.$sampleOrderId': { record: 'sampleOrder', viewers: ['requesterA', 'requesterB'] },
  // Links in e-mails and other portals: anyone signed in may follow one, to a record they may see.
  'routes/redirect+/buyer.$buyerId': { record: 'buyerCompany', viewers: ALL },
  'routes/redirect+/master_orders.$masterOrderId': { record: 'masterOrder', viewers: ALL },
  'routes/redirect+/sales_orders.$sellerOrderId': { record: 'sellerOrder', viewers: ALL },
  'routes/redirect+/sample_orders.$sampleOrderId': { record: 'sampleOrder', viewers: ALL },
  'routes/redirect+/approvals.buyer_skus.pricing_requests.$pricingRequestId': {
    record: 'pricingRequest',
    viewers: ALL,
  },
  // Each user's own playground images.
  'routes/toolkit+/images.$imageId.render': { record: 'playgroundImage', viewers: ALL },
}

/** Routes whose parameter names no record of someone's. */
const NOT_RECORDS: Record<string, string> = {
  'routes/_public+/files.$key.$name':
    'a public file link: its key is 128 random bits, and the link is meant to be shared',
  'routes/_public+/u.$code': 'a public short link, meant to be shared',
  'routes/pick+/$kind': 'the kind of list a picker searches; what it finds is scoped (features/search tests)',
}

/** Portals whose users see every record of the kinds they hold (docs/domain.md section 4). */
const STAFF_WIDE: PortalKey[] = [
  'main',
  'admin',
  'dev_admin',
  'catalog_manager',
  'biz_ops',
  'biz_fin',
  'logistics',
  'supplier_admin',
]

let build: ServerBuild
let handle: (request: Request) => Promise<Response>
const cookies = new Map<ViewerKey, string>()
const ids = new Map<string, { inside: number | null; outside: number }>()

function fullPath(id: string): string {
  const parts: string[] = []
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined!)
    if (route.path) parts.unshift(route.path)
  return `/${parts.join('/')}`
}

beforeAll(async () => {
  ;({ build, handle } = await loadBuiltApp())

  // The B side of each pair, where the demo data has none: a user of a second buyer with orders,
  // a user of a second seller with orders, a second KAM's buyer (with a price-change request), a
  // second agent's sellers, a second operator's inspection.
  const db = getDb()
  const num = (v: unknown) => Number(v)
  const buyerA = (
    await db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()
  ).buyer_id!
  const buyerB = num(
    (
      await db
        .selectFrom('master_orders')
        .select('buyer_id')
        .where('buyer_id', '!=', buyerA)
        .orderBy('buyer_id')
        .executeTakeFirstOrThrow()
    ).buyer_id,
  )
  await makeCompanyUser('buyer', buyerB, 'buyer.b@scope.test')
  const kamA = await userIdOf('demand_kam@example.com')
  const kamB = await userIdOf('kam.neha@example.com')
  const kamBBuyer = (
    await db
      .selectFrom('master_orders')
      .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
      .select('buyers.id')
      .where('buyers.kam_user_id', '=', kamA)
      .where('buyers.id', 'not in', [buyerA, buyerB])
      .orderBy('buyers.id')
      .executeTakeFirstOrThrow()
  ).id
  await db.updateTable('buyers').set({ kam_user_id: kamB }).where('id', '=', kamBBuyer).execute()
  // The demo's price-change requests are all on buyer A's SKUs: one on the second KAM's buyer too.
  const kamBSku = await makeBuyerSku({ buyerId: kamBBuyer, productSkuId: 1, priceMinor: 25_000 })
  const requested = await createPriceRequest(
    db,
    await viewerFor('kam.neha@example.com'),
    { intent: 'create', buyerSkuId: kamBSku, proposedPrice: 27_500, reason: 'Dyes cost more' },
    { effectiveDates: true },
  )
  if (!requested.ok) throw new Error(requested.message)
  const sellerA = (
    await db.selectFrom('users').select('seller_id').where('email', '=', 'seller@example.com').executeTakeFirstOrThrow()
  ).seller_id!
  const sellerB = num(
    (
      await db
        .selectFrom('seller_orders')
        .select('seller_id')
        .where('seller_id', '!=', sellerA)
        .orderBy('seller_id')
        .executeTakeFirstOrThrow()
    ).seller_id,
  )
  await makeCompanyUser('seller', sellerB, 'seller.b@scope.test')
  const operatorA = await userIdOf('field_operator@example.com')
  const operatorB = await makeStaffUser('field_operator', 'operator.b@scope.test')
  const moved = (
    await db
      .selectFrom('qc_inspections')
      .select('id')
      .where('operator_id', '=', operatorA)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id
  await db.updateTable('qc_inspections').set({ operator_id: operatorB }).where('id', '=', moved).execute()
  const agentA = await userIdOf('supplier_agent@example.com')
  const agentB = await userIdOf('agent.sana@example.com')
  // Every demo seller with orders has agent A: the second agent takes all but seller A.
  await db
    .updateTable('sellers')
    .set({ agent_user_id: agentB })
    .where('id', 'in', db.selectFrom('seller_orders').select('seller_id').where('seller_id', '!=', sellerA))
    .execute()
  // The demo's sample orders are all the internal user's requests: the second requester takes one.
  const requesterA = await userIdOf('internal@example.com')
  const requesterB = await makeStaffUser('internal', 'internal.b@scope.test')
  const handedOver = (
    await db
      .selectFrom('sample_orders')
      .select('id')
      .where('requested_by', '=', requesterA)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id
  await db.updateTable('sample_orders').set({ requested_by: requesterB }).where('id', '=', handedOver).execute()
  const admin = await userIdOf('admin@example.com')
  const image = await db
    .insertInto('playground_images')
    .values({
      user_id: admin,
      storage_key: 'scope-test/none.png',
      original_name: 'a.png',
      format: 'png',
      width: 10,
      height: 10,
      byte_size: 100,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()

  const emails: Record<ViewerKey, string> = {
    buyerA: 'buyer@example.com',
    buyerB: 'buyer.b@scope.test',
    sellerA: 'seller@example.com',
    sellerB: 'seller.b@scope.test',
    kamA: 'demand_kam@example.com',
    kamB: 'kam.neha@example.com',
    agentA: 'supplier_agent@example.com',
    agentB: 'agent.sana@example.com',
    operatorA: 'field_operator@example.com',
    operatorB: 'operator.b@scope.test',
    requesterA: 'internal@example.com',
    requesterB: 'internal.b@scope.test',
  }
  for (const [key, email] of Object.entries(emails)) cookies.set(key as ViewerKey, await cookieFor(email))

  // Each viewer's record of each kind inside its scope (where it has one) and one outside it.
  const first = async (query: { executeTakeFirst: () => Promise<{ id: number } | undefined> }) =>
    (await query.executeTakeFirst())?.id ?? null
  const masterOf = {
    buyer: (buyerId: number, inside: boolean) =>
      db
        .selectFrom('master_orders')
        .select('id')
        .where('buyer_id', inside ? '=' : '!=', buyerId)
        .orderBy('id')
        .limit(1),
    seller: (sellerId: number, inside: boolean) =>
      db
        .selectFrom('master_orders')
        .select('id')
        .where(
          'id',
          inside ? 'in' : 'not in',
          db.selectFrom('seller_orders').select('master_order_id').where('seller_id', '=', sellerId),
        )
        .orderBy('id')
        .limit(1),
    kam: (userId: number, inside: boolean) =>
      db
        .selectFrom('master_orders')
        .select('id')
        .where(
          'buyer_id',
          inside ? 'in' : 'not in',
          db.selectFrom('buyers').select('id').where('kam_user_id', '=', userId),
        )
        .orderBy('id')
        .limit(1),
    agent: (userId: number, inside: boolean) =>
      db
        .selectFrom('master_orders')
        .select('id')
        .where(
          'id',
          inside ? 'in' : 'not in',
          db
            .selectFrom('seller_orders')
            .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
            .select('seller_orders.master_order_id')
            .where('sellers.agent_user_id', '=', userId),
        )
        .orderBy('id')
        .limit(1),
  }
  const sellerOrderOf = {
    seller: (sellerId: number, inside: boolean) =>
      db
        .selectFrom('seller_orders')
        .select('id')
        .where('seller_id', inside ? '=' : '!=', sellerId)
        .orderBy('id')
        .limit(1),
    kam: (userId: number, inside: boolean) =>
      db
        .selectFrom('seller_orders')
        .select('id')
        .where('master_order_id', 'in', masterOf.kam(userId, inside).clearLimit().clearOrderBy())
        .orderBy('id')
        .limit(1),
    // An agent sees whole orders that have one of its sellers (docs/domain.md): outside is a seller order on an order with none.
    agent: (userId: number, inside: boolean) =>
      db
        .selectFrom('seller_orders')
        .select('id')
        .where('master_order_id', 'in', masterOf.agent(userId, inside).clearLimit().clearOrderBy())
        .orderBy('id')
        .limit(1),
    buyer: (buyerId: number) =>
      db
        .selectFrom('seller_orders')
        .select('id')
        .where('master_order_id', 'in', masterOf.buyer(buyerId, false).clearLimit().clearOrderBy())
        .orderBy('id')
        .limit(1),
  }
  const sampleOf = {
    buyer: (buyerId: number, inside: boolean) =>
      db
        .selectFrom('sample_orders')
        .select('id')
        .where('buyer_id', inside ? '=' : '!=', buyerId)
        .orderBy('id')
        .limit(1),
    kam: (userId: number, inside: boolean) =>
      db
        .selectFrom('sample_orders')
        .select('id')
        .where(
          'buyer_id',
          inside ? 'in' : 'not in',
          db.selectFrom('buyers').select('id').where('kam_user_id', '=', userId),
        )
        .orderBy('id')
        .limit(1),
  }
  const inspectionOf = (operatorId: number, inside: boolean) =>
    db
      .selectFrom('qc_inspections')
      .select('id')
      .where('operator_id', inside ? '=' : '!=', operatorId)
      .orderBy('id')
      .limit(1)
  const requestOfKam = (userId: number, inside: boolean) =>
    db
      .selectFrom('price_change_requests as r')
      .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
      .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
      .select('r.id')
      .where((eb) =>
        inside
          ? eb('buyers.kam_user_id', '=', userId)
          : eb.or([eb('buyers.kam_user_id', '!=', userId), eb('buyers.kam_user_id', 'is', null)]),
      )
      .orderBy('r.id')
      .limit(1)
  const anyRequest = db.selectFrom('price_change_requests').select('id').orderBy('id').limit(1)

  const company = { buyerA, buyerB, sellerA, sellerB }
  const scope: Record<ViewerKey, { buyer?: number; seller?: number; kam?: number; agent?: number; operator?: number }> =
    {
      buyerA: { buyer: buyerA },
      buyerB: { buyer: buyerB },
      sellerA: { seller: sellerA },
      sellerB: { seller: company.sellerB },
      kamA: { kam: kamA },
      kamB: { kam: kamB },
      agentA: { agent: agentA },
      agentB: { agent: agentB },
      operatorA: { operator: operatorA },
      operatorB: { operator: operatorB },
      requesterA: {},
      requesterB: {},
    }
  const pair = async (inside: Promise<number | null> | null, outside: Promise<number | null>) => ({
    inside: inside ? await inside : null,
    outside: (await outside)!,
  })
  for (const viewer of ALL) {
    const s = scope[viewer]
    const anyOrder = first(masterOf.buyer(-1, false))
    const set = (kind: RecordKind, value: { inside: number | null; outside: number }) =>
      ids.set(`${viewer}:${kind}`, value)
    const otherBuyer = viewer === 'buyerA' ? buyerB : buyerA
    set('buyerCompany', s.buyer ? { inside: s.buyer, outside: otherBuyer } : { inside: null, outside: buyerA })
    set(
      'sellerCompany',
      s.seller
        ? { inside: s.seller, outside: s.seller === sellerA ? company.sellerB : sellerA }
        : { inside: null, outside: sellerA },
    )
    set(
      'masterOrder',
      s.buyer
        ? await pair(first(masterOf.buyer(s.buyer, true)), first(masterOf.buyer(s.buyer, false)))
        : s.seller
          ? await pair(first(masterOf.seller(s.seller, true)), first(masterOf.seller(s.seller, false)))
          : s.kam
            ? await pair(first(masterOf.kam(s.kam, true)), first(masterOf.kam(s.kam, false)))
            : s.agent
              ? await pair(first(masterOf.agent(s.agent, true)), first(masterOf.agent(s.agent, false)))
              : await pair(null, anyOrder),
    )
    set(
      'sellerOrder',
      s.seller
        ? await pair(first(sellerOrderOf.seller(s.seller, true)), first(sellerOrderOf.seller(s.seller, false)))
        : s.kam
          ? await pair(first(sellerOrderOf.kam(s.kam, true)), first(sellerOrderOf.kam(s.kam, false)))
          : s.agent
            ? await pair(first(sellerOrderOf.agent(s.agent, true)), first(sellerOrderOf.agent(s.agent, false)))
            : s.buyer
              ? await pair(null, first(sellerOrderOf.buyer(s.buyer)))
              : await pair(null, first(sellerOrderOf.seller(-1, false))),
    )
    set(
      'sampleOrder',
      s.buyer
        ? await pair(first(sampleOf.buyer(s.buyer, true)), first(sampleOf.buyer(s.buyer, false)))
        : s.kam
          ? await pair(first(sampleOf.kam(s.kam, true)), first(sampleOf.kam(s.kam, false)))
          : await pair(null, first(sampleOf.buyer(-1, false))),
    )
    set(
      'inspection',
      s.operator
        ? await pair(first(inspectionOf(s.operator, true)), first(inspectionOf(s.operator, false)))
        : await pair(null, first(inspectionOf(-1, false))),
    )
    set(
      'pricingRequest',
      s.kam
        ? await pair(first(requestOfKam(s.kam, true)), first(requestOfKam(s.kam, false)))
        : await pair(null, first(anyRequest)),
    )
    set('playgroundImage', { inside: null, outside: image.id })
    const invoiceOf = (buyerId: number, inside: boolean) =>
      db
        .selectFrom('buyer_invoices')
        .select('id')
        .where('buyer_id', inside ? '=' : '!=', buyerId)
        .orderBy('id')
        .limit(1)
    set(
      'buyerInvoice',
      s.buyer
        ? await pair(first(invoiceOf(s.buyer, true)), first(invoiceOf(s.buyer, false)))
        : await pair(null, first(invoiceOf(-1, false))),
    )
    for (const [kind, table] of [
      ['buyerCreditNote', 'credit_notes'],
      ['buyerDebitNote', 'debit_notes'],
    ] as const) {
      const noteOf = (buyerId: number, inside: boolean) =>
        db
          .selectFrom(table)
          .select('id')
          .where('buyer_id', inside ? '=' : '!=', buyerId)
          .orderBy('id')
          .limit(1)
      set(
        kind,
        s.buyer
          ? await pair(first(noteOf(s.buyer, true)), first(noteOf(s.buyer, false)))
          : await pair(null, first(noteOf(-1, false))),
      )
    }
  }
  // A webhook subscription of each company (their administrators' pages: the B users administer theirs too).
  await db
    .updateTable('users')
    .set({ is_company_admin: 1 })
    .where('email', 'in', ['buyer.b@scope.test', 'seller.b@scope.test'])
    .execute()
  const subscriptionOf = async (kind: 'buyer' | 'seller', companyId: number) =>
    (
      await db
        .insertInto('webhook_subscriptions')
        .values({
          owner_kind: kind,
          buyer_id: kind === 'buyer' ? companyId : null,
          seller_id: kind === 'seller' ? companyId : null,
          url: 'https://erp.scope.test/hooks',
          event_types: '["master_order.placed"]',
          secret: 'whsec_c2NvcGUtdGVzdC1zZWNyZXQtMTIzNDU2Nzg=',
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const subscriptions = {
    buyerA: await subscriptionOf('buyer', buyerA),
    buyerB: await subscriptionOf('buyer', buyerB),
    sellerA: await subscriptionOf('seller', sellerA),
    sellerB: await subscriptionOf('seller', company.sellerB),
  }
  for (const [viewer, other] of [
    ['buyerA', 'buyerB'],
    ['buyerB', 'buyerA'],
    ['sellerA', 'sellerB'],
    ['sellerB', 'sellerA'],
  ] as const)
    ids.set(`${viewer}:webhookSubscription`, { inside: subscriptions[viewer], outside: subscriptions[other] })
  const requestedBy = (userId: number, inside: boolean) =>
    db
      .selectFrom('sample_orders')
      .select('id')
      .where('requested_by', inside ? '=' : '!=', userId)
      .orderBy('id')
      .limit(1)
  for (const [viewer, userId] of [
    ['requesterA', requesterA],
    ['requesterB', requesterB],
  ] as const)
    ids.set(`${viewer}:sampleOrder`, await pair(first(requestedBy(userId, true)), first(requestedBy(userId, false))))
}, 60_000)

describe('records outside the viewer’s scope', () => {
  it('every route with a parameter is scoped here, in a portal that sees every record, or names no record', () => {
    const unlisted: string[] = []
    for (const id of Object.keys(build.routes)) {
      const pattern = fullPath(id)
      if (!pattern.includes(':')) continue
      if (id in SCOPED || id in NOT_RECORDS) continue
      if (!STAFF_WIDE.includes(portalOfPath(pattern))) unlisted.push(`${id} (${pattern})`)
    }
    expect(unlisted, 'routes with an id in a scoped portal: add them to SCOPED in tests/scope-matrix.test.ts').toEqual(
      [],
    )
    expect(
      Object.keys(SCOPED).filter((id) => !(id in build.routes)),
      'rules for routes that no longer exist',
    ).toEqual([])
  })

  it('answers 404 to page, .data and POST for a record outside the scope, and shows one inside it', async () => {
    const failures: string[] = []
    let outside = 0
    let inside = 0
    for (const [id, rule] of Object.entries(SCOPED)) {
      const pattern = fullPath(id)
      const hasAction = Boolean(build.routes[id].module.action)
      const redirects = pattern.startsWith('/redirect/')
      for (const viewer of rule.viewers) {
        const record = ids.get(`${viewer}:${rule.record}`)!
        const url = (value: number) => pattern.replace(/:[A-Za-z]+/, String(value))
        if (!record.outside) {
          failures.push(`${viewer}: no ${rule.record} outside the scope in the test data`)
          continue
        }
        for (const kind of ['page', 'data', ...(hasAction ? ['post'] : [])] as Kind[]) {
          const got = await outcomeOf(
            await handle(requestOf(url(record.outside), kind, cookies.get(viewer))),
            kind,
            'buyer',
          )
          outside++
          if (got.outcome !== 'not-found')
            failures.push(`${kind} ${url(record.outside)} as ${viewer} (outside): ${got.detail}`)
        }
        if (record.inside !== null) {
          const response = await handle(requestOf(url(record.inside), 'page', cookies.get(viewer)))
          inside++
          const location = response.headers.get('Location') ?? ''
          const ok = redirects ? response.status === 302 && !location.includes('login') : response.status === 200
          if (!ok) failures.push(`page ${url(record.inside)} as ${viewer} (inside): ${response.status} ${location}`)
        }
      }
    }
    expect(failures).toEqual([])
    // Every pair of viewers has records on both sides where its portal shows records.
    expect(outside).toBeGreaterThan(150)
    expect(inside).toBeGreaterThan(25)
  }, 120_000)
})
