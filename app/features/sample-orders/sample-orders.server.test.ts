import { getDb } from '~/db.server'
import type { Viewer } from '~/auth/session.server'
import { makeSampleSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeCompanyUser } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import {
  addSampleLine,
  placeSampleCart,
  removeSampleLine,
  requestedBy,
  sampleCartView,
  saveSampleCart,
} from './cart.server'
import { readSampleFilters } from './schema'
import { listSampleOrders, sampleLensFor, sampleOrderDetail } from './search.server'
import { takeSampleOrderStep as takeSampleStep } from '~/lifecycle/sample-orders.server'
import { portalHome } from '../dashboard/queries.server'
import { listSampleSkus, sampleSkuForEdit } from '../sample-skus/queries.server'
import { readSampleSkuFilters } from '../sample-skus/schema'
import { stepsFrom } from '~/platform/steps'
import { sampleOrderMachine } from './states'

let requester: { userId: number }
let kam: { userId: number }
let otherKam: { userId: number }
let buyerId: number
let shippingId: number

const viewer = (userId: number, roles: Viewer['roles'], company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
const stockOf = async (id: number) =>
  (await getDb().selectFrom('sample_skus').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock
const statusOf = async (id: number) =>
  (await getDb().selectFrom('sample_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

beforeAll(async () => {
  const db = getDb()
  requester = { userId: await userIdOf('internal@example.com') }
  kam = { userId: await userIdOf('demand_kam@example.com') }
  otherKam = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Swatch Seekers', status: 'active', kam_user_id: kam.userId }, [
    { kind: 'shipping', city: 'Jaipur', isDefault: true },
    { kind: 'billing', city: 'Jaipur', isDefault: true },
  ])
  shippingId = (
    await db
      .selectFrom('addresses')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('kind', '=', 'shipping')
      .executeTakeFirstOrThrow()
  ).id
})

/** A requested sample order of the buyer with these samples and quantities. */
async function requestSamples(items: [sampleSkuId: number, quantity: number][], key = crypto.randomUUID()) {
  const db = getDb()
  const lines: { id: number; quantity: string }[] = []
  for (const [sampleSkuId, quantity] of items) {
    const added = await addSampleLine(db, requester, buyerId, sampleSkuId)
    if (!added.ok) throw new Error(added.message)
    lines.push({ id: added.value.lineId, quantity: String(quantity) })
  }
  const saved = await saveSampleCart(db, requester, buyerId, {
    shipTo: shippingId,
    note: 'Met them at the Surat fair',
    lines,
  })
  if (!saved.ok) throw new Error(saved.message)
  const placed = await placeSampleCart(db, requester, buyerId, key)
  if (!placed.ok) throw new Error(placed.message)
  return placed.value
}

describe('the samples cart', () => {
  it('keeps a line asking for more than is in stock, says so at the line, and refuses to request it until fixed', async () => {
    const db = getDb()
    const swatch = await makeSampleSku({ stock: 3, chargeMinor: 5_000 })
    const added = await addSampleLine(db, requester, buyerId, swatch)
    if (!added.ok) throw new Error(added.message)
    // Adding the same sample again keeps one line.
    expect(await addSampleLine(db, requester, buyerId, swatch)).toEqual(added)
    await saveSampleCart(db, requester, buyerId, {
      shipTo: shippingId,
      note: 'For the spring range',
      lines: [{ id: added.value.lineId, quantity: '5' }],
    })

    const view = await sampleCartView(db, requester.userId, buyerId)
    expect(view?.lines).toEqual([
      expect.objectContaining({ quantity: '5', stock: 3, error: 'Only 3 in stock', lineChargeMinor: null }),
    ])
    expect(view?.cart).toEqual(expect.objectContaining({ shipTo: shippingId, note: 'For the spring range' }))

    const refused = await placeSampleCart(db, requester, buyerId, crypto.randomUUID())
    expect(refused).toEqual(
      expect.objectContaining({ ok: false, fields: { [`line.${added.value.lineId}.quantity`]: 'Only 3 in stock' } }),
    )
    expect(await db.selectFrom('sample_orders').select('id').where('buyer_id', '=', buyerId).execute()).toEqual([])

    await saveSampleCart(db, requester, buyerId, {
      shipTo: shippingId,
      note: 'For the spring range',
      lines: [{ id: added.value.lineId, quantity: '3' }],
    })
    const key = crypto.randomUUID()
    const placed = await placeSampleCart(db, requester, buyerId, key)
    expect(placed).toEqual({
      ok: true,
      value: { id: expect.any(Number), code: expect.stringMatching(/^SMP-\d{4}-\d{6}$/), repeated: false },
    })
    if (!placed.ok) return
    // The same submit again (a double click, a retry on a bad network) lands on the same order.
    expect(await placeSampleCart(db, requester, buyerId, key)).toEqual({
      ok: true,
      value: { ...placed.value, repeated: true },
    })
    const order = await db
      .selectFrom('sample_orders')
      .selectAll()
      .where('id', '=', placed.value.id)
      .executeTakeFirstOrThrow()
    expect(order).toEqual(
      expect.objectContaining({
        status: 'requested',
        item_count: 1,
        quantity_total: 3,
        note: 'For the spring range',
        requested_by: requester.userId,
      }),
    )
    expect(Number(order.charge_minor)).toBe(15_000)
    expect(JSON.parse(order.ship_to_json)).toEqual(expect.objectContaining({ city: 'Jaipur' }))
    expect(
      await db
        .selectFrom('sample_order_items')
        .select(['sample_sku_id', 'quantity'])
        .where('sample_order_id', '=', placed.value.id)
        .execute(),
    ).toEqual([{ sample_sku_id: swatch, quantity: 3 }])
    // Stock goes down on dispatch, not on request; the cart is emptied; the requester follows it.
    expect(await stockOf(swatch)).toBe(3)
    expect((await sampleCartView(db, requester.userId, buyerId))?.lines).toEqual([])
    expect((await requestedBy(db, requester.userId))[0]).toEqual(
      expect.objectContaining({ code: placed.value.code, status: 'requested', buyerName: 'Swatch Seekers' }),
    )
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('entity_type', '=', 'sample_order')
      .where('entity_id', '=', String(placed.value.id))
      .execute()
    expect(audit).toEqual([{ action: 'sample_order.requested', actor_user_id: requester.userId }])
  })

  it('refuses a ship-to that is not one of the buyer’s shipping addresses, and an inactive sample', async () => {
    const db = getDb()
    const billing = (
      await db
        .selectFrom('addresses')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('kind', '=', 'billing')
        .executeTakeFirstOrThrow()
    ).id
    const swatch = await makeSampleSku()
    const added = await addSampleLine(db, requester, buyerId, swatch)
    expect(await saveSampleCart(db, requester, buyerId, { shipTo: billing, note: '', lines: [] })).toEqual(
      expect.objectContaining({ ok: false, field: 'shipTo' }),
    )
    if (added.ok) await removeSampleLine(db, requester, added.value.lineId)
    expect((await sampleCartView(db, requester.userId, buyerId))?.lines).toEqual([])
    const retired = await makeSampleSku({ active: false })
    expect(await addSampleLine(db, requester, buyerId, retired)).toEqual(
      expect.objectContaining({ ok: false, field: 'sampleSku' }),
    )
  })
})

describe('a sample order’s steps', () => {
  const kamLens = () => sampleLensFor(viewer(kam.userId, ['demand_kam']), 'demand_kam')!
  const bizOps = () => sampleLensFor(viewer(requester.userId, ['biz_ops']), 'biz_ops')!
  const buyerLens = (id = buyerId) =>
    sampleLensFor(viewer(requester.userId, ['buyer'], { kind: 'buyer', id, name: 'B', status: 'active' }), 'buyer')!

  it('goes requested → approved → dispatched (stock down) → delivered → closed by feedback, each step audited, with its e-mails', async () => {
    const db = getDb()
    const buyerUser = await makeCompanyUser('buyer', buyerId, `buyer-${crypto.randomUUID()}@example.com`)
    const [a, b] = [await makeSampleSku({ stock: 10 }), await makeSampleSku({ stock: 4 })]
    const order = await requestSamples([
      [a, 2],
      [b, 4],
    ])
    const outbox = async () =>
      (
        await db
          .selectFrom('outbox_emails')
          .select(['to_address', 'kind'])
          .where('subject', 'like', `${order.code}%`)
          .orderBy('id')
          .execute()
      ).map((e) => `${e.kind} → ${e.to_address}`)
    const kamEmail = (
      await db.selectFrom('users').select('email').where('id', '=', kam.userId).executeTakeFirstOrThrow()
    ).email

    expect(stepsFrom(sampleOrderMachine, 'requested', 'staff')).toEqual(['approve', 'reject', 'cancel'])
    expect(await takeSampleStep(db, kam, kamLens(), order.id, 'approve')).toEqual({
      ok: true,
      value: { code: order.code, status: 'approved' },
    })
    expect(await outbox()).toEqual([`sample_order.approved → ${kamEmail}`])

    const noCourier = await takeSampleStep(db, requester, bizOps(), order.id, 'dispatch', {
      courier: ' ',
      trackingNumber: '',
    })
    expect(noCourier).toEqual(
      expect.objectContaining({
        ok: false,
        fields: { courier: 'Enter the courier', trackingNumber: 'Enter the tracking number' },
      }),
    )
    expect(
      await takeSampleStep(db, requester, bizOps(), order.id, 'dispatch', {
        courier: 'Blue Dart',
        trackingNumber: 'BD123456789IN',
      }),
    ).toEqual(expect.objectContaining({ ok: true }))
    expect([await stockOf(a), await stockOf(b)]).toEqual([8, 0])
    const buyerEmail = (
      await db.selectFrom('users').select('email').where('id', '=', buyerUser).executeTakeFirstOrThrow()
    ).email
    expect(await outbox()).toContain(`sample_order.dispatched → ${buyerEmail}`)

    expect(await takeSampleStep(db, requester, bizOps(), order.id, 'deliver')).toEqual(
      expect.objectContaining({ ok: true }),
    )
    expect(await outbox()).toContain(`sample_order.delivered → ${kamEmail}`)

    // The buyer rates every item: one missing is refused at its field and nothing is kept.
    const items = await db
      .selectFrom('sample_order_items')
      .select(['id', 'sample_sku_id'])
      .where('sample_order_id', '=', order.id)
      .orderBy('line_no')
      .execute()
    const half = await takeSampleStep(db, { userId: buyerUser }, buyerLens(), order.id, 'feedback', {
      feedback: { [items[0].id]: { rating: 4, comment: 'Good hand feel' } },
    })
    expect(half).toEqual(
      expect.objectContaining({
        ok: false,
        fields: { [`item.${items[1].id}.rating`]: 'Rate this sample from 1 to 5' },
      }),
    )
    expect(await statusOf(order.id)).toBe('delivered')
    const done = await takeSampleStep(db, { userId: buyerUser }, buyerLens(), order.id, 'feedback', {
      feedback: { [items[0].id]: { rating: 4, comment: 'Good hand feel' }, [items[1].id]: { rating: 2, comment: '' } },
    })
    expect(done).toEqual({ ok: true, value: { code: order.code, status: 'closed' } })
    expect(
      await db
        .selectFrom('sample_order_items')
        .select(['rating', 'comment'])
        .where('sample_order_id', '=', order.id)
        .orderBy('line_no')
        .execute(),
    ).toEqual([
      { rating: 4, comment: 'Good hand feel' },
      { rating: 2, comment: null },
    ])
    const actions = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'sample_order')
      .where('entity_id', '=', String(order.id))
      .orderBy('id')
      .execute()
    expect(actions.map((e) => e.action)).toEqual([
      'sample_order.requested',
      'sample_order.approved',
      'sample_order.dispatched',
      'sample_order.delivered',
      'sample_order.closed',
    ])

    // The KAM and biz ops read the feedback on the order; the buyer's view holds no note and no stock.
    const staffView = await sampleOrderDetail(db, bizOps(), order.id)
    expect(staffView?.items.map((i) => [i.rating, i.comment, i.stock])).toEqual([
      [4, 'Good hand feel', 8],
      [2, null, 0],
    ])
    expect(staffView?.note).toBe('Met them at the Surat fair')
    // …and on the sample SKU's page, and as its rating in the sample SKU lists.
    const skuPage = await sampleSkuForEdit(db, a)
    expect(skuPage?.feedback).toEqual([
      expect.objectContaining({
        rating: 4,
        comment: 'Good hand feel',
        orderCode: order.code,
        buyerName: 'Swatch Seekers',
      }),
    ])
    expect(skuPage?.rating).toEqual({ average: 4, count: 1 })
    const code = (await db.selectFrom('sample_skus').select('code').where('id', '=', b).executeTakeFirstOrThrow()).code
    const listed = await listSampleSkus(
      db,
      readSampleSkuFilters(new URL(`http://x/?q=${encodeURIComponent(code)}&state=all`)),
    )
    expect(listed.rows.find((r) => r.id === b)?.rating).toEqual({ average: 2, count: 1 })
    const buyerView = await sampleOrderDetail(db, buyerLens(), order.id)
    expect(JSON.stringify(buyerView)).not.toContain('Surat fair')
    expect(buyerView?.items[0]).not.toHaveProperty('stock')
    expect(
      buyerView?.history.every(
        (entry) => entry.actor === 'The platform team' || entry.what === 'Feedback given, closed',
      ),
    ).toBe(true)
  })

  it('lets one of two approvers win; the other is told who decided, and a refused step changes nothing', async () => {
    const db = getDb()
    const order = await requestSamples([[await makeSampleSku(), 1]])
    const [first, second] = await Promise.all([
      takeSampleStep(db, kam, kamLens(), order.id, 'approve'),
      takeSampleStep(db, requester, bizOps(), order.id, 'reject', { reason: 'Not this season' }),
    ])
    const results = [first, second]
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const lost = results.find((r) => !r.ok)
    expect(lost?.message).toMatch(
      new RegExp(
        `^${order.code} is already (approved|rejected) \\(by .+, .+\\): “(Approve|Reject)” is no longer possible, and nothing was changed\\.$`,
      ),
    )
    // A reason is needed to reject or cancel.
    const fresh = await requestSamples([[await makeSampleSku(), 1]])
    expect(await takeSampleStep(db, kam, kamLens(), fresh.id, 'cancel', { reason: '  ' })).toEqual(
      expect.objectContaining({ ok: false, fields: { reason: 'Say why: the buyer reads it' } }),
    )
    expect(await statusOf(fresh.id)).toBe('requested')
    // Approved, then cancelled with a reason the buyer reads; a cancelled order takes no more steps.
    await takeSampleStep(db, kam, kamLens(), fresh.id, 'approve')
    expect(
      await takeSampleStep(db, kam, kamLens(), fresh.id, 'cancel', { reason: 'The buyer chose finished pieces' }),
    ).toEqual({ ok: true, value: { code: fresh.code, status: 'cancelled' } })
    expect((await sampleOrderDetail(db, buyerLens(), fresh.id))?.reason).toBe('The buyer chose finished pieces')
    expect(stepsFrom(sampleOrderMachine, 'cancelled')).toEqual([])
    expect(
      await takeSampleStep(db, requester, bizOps(), fresh.id, 'dispatch', { courier: 'DTDC', trackingNumber: 'T' }),
    ).toEqual(
      expect.objectContaining({ ok: false, message: expect.stringContaining(`${fresh.code} is already cancelled`) }),
    )
    // The buyer cannot approve; the KAM cannot give the buyer's feedback.
    expect(await takeSampleStep(db, requester, buyerLens(), fresh.id, 'approve')).toEqual(
      expect.objectContaining({ ok: false, notFound: true }),
    )
    expect(await takeSampleStep(db, kam, kamLens(), fresh.id, 'feedback', { feedback: {} })).toEqual(
      expect.objectContaining({ ok: false, notFound: true }),
    )
  })

  it('keeps a KAM to its own buyers’ sample orders and a buyer to its own: any other is not found', async () => {
    const db = getDb()
    const order = await requestSamples([[await makeSampleSku(), 1]])
    const strangerLens = sampleLensFor(viewer(otherKam.userId, ['demand_kam']), 'demand_kam')!
    expect(await sampleOrderDetail(db, strangerLens, order.id)).toBeUndefined()
    expect(await takeSampleStep(db, otherKam, strangerLens, order.id, 'approve')).toEqual(
      expect.objectContaining({ ok: false, notFound: true }),
    )
    const otherBuyer = await makeBuyer({ name: 'Another Buyer', status: 'active' })
    expect(await sampleOrderDetail(db, buyerLens(otherBuyer), order.id)).toBeUndefined()
    expect(await statusOf(order.id)).toBe('requested')
    // A buyer user of no buyer has no sample orders at all.
    expect(sampleLensFor(viewer(requester.userId, ['buyer']), 'buyer')).toBeNull()
  })

  it('never takes stock below zero: of two dispatches wanting the last pieces, one goes and the other is refused with nothing changed', async () => {
    const db = getDb()
    const scarce = await makeSampleSku({ stock: 5 })
    const one = await requestSamples([[scarce, 4]])
    const two = await requestSamples([[scarce, 3]])
    for (const order of [one, two]) await takeSampleStep(db, kam, kamLens(), order.id, 'approve')
    const results = await Promise.all(
      [one, two].map((order, i) =>
        takeSampleStep(db, requester, bizOps(), order.id, 'dispatch', { courier: 'DTDC', trackingNumber: `D${i}` }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.find((r) => !r.ok)?.message).toMatch(
      /^Not enough .+ in stock to dispatch: \d needed, [12] left\. Nothing was dispatched\.$/,
    )
    const stock = await stockOf(scarce)
    expect(stock).toBeGreaterThanOrEqual(0)
    expect([1, 2]).toContain(stock)
    expect((await Promise.all([one, two].map((o) => statusOf(o.id)))).sort()).toEqual(['approved', 'dispatched'])
  })
})

describe('the sample order search', () => {
  it('finds a lens’s orders by status, sample SKU, buyer and dates, with exact counts', async () => {
    const db = getDb()
    const swatch = await makeSampleSku()
    const mine = await requestSamples([[swatch, 1]])
    const staff = viewer(requester.userId, ['biz_ops'])
    const lens = sampleLensFor(staff, 'biz_ops')!
    const search = (query: string) =>
      listSampleOrders(db, staff, lens, readSampleFilters(new URL(`http://x/biz_ops_team/sample_orders?${query}`)))
    const bySku = await search(`sampleSku=${encodeURIComponent(`#${swatch}`)}`)
    expect(bySku.rows.map((r) => r.code)).toEqual([mine.code])
    expect(bySku.total).toBe(1)
    expect((await search(`q=${mine.code.toLowerCase()}`)).rows.map((r) => r.id)).toEqual([mine.id])
    const open = await search('status=open')
    expect(open.rows.every((r) => ['requested', 'approved', 'dispatched', 'delivered'].includes(r.status))).toBe(true)
    expect((await search('buyer=Swatch%20Seekers&status=requested')).rows.map((r) => r.id)).toContain(mine.id)
    expect((await search('requestedFrom=2001-01-01&requestedTo=2001-01-31')).total).toBe(0)
    const nobody = await search('sampleSku=NO-SUCH-SAMPLE')
    expect(nobody).toEqual(
      expect.objectContaining({ total: 0, sampleSkuError: expect.stringContaining('No sample SKU matches') }),
    )
    // The buyer's list holds its own orders only, without internal columns.
    const buyerViewer = viewer(requester.userId, ['buyer'], { kind: 'buyer', id: buyerId, name: 'B', status: 'active' })
    const own = await listSampleOrders(
      db,
      buyerViewer,
      sampleLensFor(buyerViewer, 'buyer')!,
      readSampleFilters(new URL('http://x/buyer/sample_orders?perPage=100')),
    )
    expect(own.rows.length).toBe(own.total)
    expect(own.rows[0]).not.toHaveProperty('requestedBy')
    expect(own.rows[0]).not.toHaveProperty('buyerName')
  })
})

describe('the portal homes', () => {
  it('queue requests to approve (KAM, business operations), approved ones to dispatch, and delivered ones waiting for the buyer’s feedback', async () => {
    const db = getDb()
    const order = await requestSamples([[await makeSampleSku(), 1]])
    const figure = (home: Awaited<ReturnType<typeof portalHome>>, label: string) =>
      home.figures.find((f) => f.label === label)
    const ofKam = await portalHome(db, viewer(kam.userId, ['demand_kam']), 'demand_kam')
    expect(figure(ofKam, 'Sample requests to approve')).toMatchObject({
      to: '/demand_kam/sample_orders?status=requested&dir=asc',
    })
    const kamQueue = ofKam.queues.find((q) => q.title === 'Your buyers’ sample requests waiting longest')
    expect(kamQueue?.items.length).toBeGreaterThan(0)
    const ops = viewer(requester.userId, ['biz_ops'])
    await takeSampleStep(db, kam, sampleLensFor(viewer(kam.userId, ['demand_kam']), 'demand_kam')!, order.id, 'approve')
    const opsHome = await portalHome(db, ops, 'biz_ops')
    const approved = await db
      .selectFrom('sample_orders')
      .select('id')
      .where('status', '=', 'approved')
      .orderBy('decided_at')
      .orderBy('id')
      .execute()
    expect(approved.map((o) => o.id)).toContain(order.id)
    expect(figure(opsHome, 'Sample orders to dispatch')).toMatchObject({
      value: approved.length,
      to: '/biz_ops_team/sample_orders?status=approved&dir=asc',
    })
    expect(
      opsHome.queues.find((q) => q.title === 'Approved sample orders to dispatch')?.items.map((i) => i.id),
    ).toEqual(approved.slice(0, 5).map((o) => o.id))
    const opsLens = sampleLensFor(ops, 'biz_ops')!
    await takeSampleStep(db, requester, opsLens, order.id, 'dispatch', { courier: 'DTDC', trackingNumber: 'X1' })
    await takeSampleStep(db, requester, opsLens, order.id, 'deliver')
    const buyerHome = await portalHome(
      db,
      viewer(requester.userId, ['buyer'], { kind: 'buyer', id: buyerId, name: 'B', status: 'active' }),
      'buyer',
    )
    const feedback = buyerHome.queues.find((q) => q.title === 'Delivered samples to give feedback on')
    expect(feedback?.items).toEqual([
      expect.objectContaining({ label: order.code, to: `/buyer/sample_orders/${order.id}` }),
    ])
  })
})

describe('the kept counts', () => {
  it('match the sample orders in every status after requests and steps', async () => {
    const db = getDb()
    const grouped = await db
      .selectFrom('sample_orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute()
    const kept = await db
      .selectFrom('sample_order_counts')
      .select(['status', 'orders as n'])
      .where('orders', '!=', 0)
      .orderBy('status')
      .execute()
    expect(kept.map((r) => [r.status, Number(r.n)])).toEqual(grouped.map((r) => [r.status, Number(r.n)]))
    const staff = viewer(requester.userId, ['admin'])
    const all = await listSampleOrders(
      db,
      staff,
      sampleLensFor(staff, 'admin')!,
      readSampleFilters(new URL('http://x/admin/sample_orders?status=open')),
    )
    expect(all.total).toBe(
      grouped
        .filter((r) => ['requested', 'approved', 'dispatched', 'delivered'].includes(r.status))
        .reduce((sum, r) => sum + Number(r.n), 0),
    )
  })
})
