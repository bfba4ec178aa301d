import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeBuyer, makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, inAYear, placeTestOrder } from '../../../tests/support/orders'
import { approvalQueueAction, approvalQueuePage } from './approvals.server'
import { orderPageAction } from './pages.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'

// The approval queues: what waits, through whose lens; each decision from its form, as one
// transaction with its audit entry; two deciders at once; the counter-offer; approving several.

let internal: number
let buyerId: number
let sellerA: number
let sellerB: number

const viewer = (roles: RoleKey[], userId: number, name = 'X'): Viewer => ({
  userId,
  email: 'x@example.com',
  name,
  phone: null,
  roles,
  company: null,
  sessionIdHash: 'x',
})
const QUEUE = 'http://x/supplier_team/admin/approvals/seller_orders'
let supplierAdmin: Viewer
let admin: Viewer

const statusOf = async (id: number) =>
  (await getDb().selectFrom('seller_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const auditsOf = (id: number) =>
  getDb()
    .selectFrom('audit_events')
    .select(['action', 'note', 'actor_user_id'])
    .where('entity_type', '=', 'seller_order')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute()
const decide = (who: Viewer, fields: Record<string, string | string[]>, url = QUEUE) =>
  approvalQueueAction(
    getDb(),
    who,
    who === admin ? 'admin' : 'supplier_admin',
    new URL(url),
    formOf(fields),
    orderMoves,
  )

beforeAll(async () => {
  internal = await userIdOf('internal@example.com')
  supplierAdmin = viewer(['supplier_admin'], await userIdOf('supplier_admin@example.com'), 'Supplier Admin')
  admin = viewer(['admin'], await userIdOf('admin@example.com'), 'Admin')
  buyerId = await makeBuyer({ name: 'Queue Buyer', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  sellerA = await makeSeller({ name: 'Queue Seller A', status: 'active' })
  sellerB = await makeSeller({ name: 'Queue Seller B', status: 'active' })
})

describe('the queue', () => {
  it('shows what waits, oldest first, filtered, through the portal’s lens', async () => {
    const db = getDb()
    const first = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA, sellerB], key: 'queue-1' })
    const second = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA], key: 'queue-2' })
    const page = await approvalQueuePage(
      db,
      supplierAdmin,
      'supplier_admin',
      new URL(`${QUEUE}?seller=Queue%20Seller%20A`),
    )
    expect(page.rows.map((r) => r.id)).toEqual([first.sellerOrders[0]!.id, second.sellerOrderId])
    expect(page.total).toBe(2)
    expect(page.rows[0]!.masterOrder.path).toBe(
      `/supplier_team/admin/master_orders/${first.id}#seller-order-${first.sellerOrders[0]!.id}`,
    )
    // The supplier team sees costs, never the buyer's prices.
    const data = JSON.stringify(page)
    expect(data).toMatch(/"costMinor":\d/)
    expect(data).not.toMatch(/"(valueMinor|priceMinor)":\d/)
    // Admin sees both; a code prefix narrows to one seller order.
    const byCode = await approvalQueuePage(
      db,
      admin,
      'admin',
      new URL(`http://x/admin/approvals/seller_orders?q=${first.sellerOrders[1]!.code.toLowerCase()}`),
    )
    expect(byCode.rows.map((r) => r.sellerName)).toEqual(['Queue Seller B'])
    expect(byCode.rows[0]!.valueMinor).toBe(500_000)
    // A seller filter that names no seller says so, and lists nothing.
    const unknown = await approvalQueuePage(db, admin, 'admin', new URL('http://x/?seller=Nobody%20Such'))
    expect(unknown.sellerError).toMatch(/No seller matches/)
    expect(unknown.rows).toEqual([])
    // Decided ones leave the queue.
    expect(
      await decide(supplierAdmin, { intent: 'step', step: 'approve', sellerOrder: String(second.sellerOrderId) }),
    ).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    const after = await approvalQueuePage(
      db,
      supplierAdmin,
      'supplier_admin',
      new URL(`${QUEUE}?seller=Queue%20Seller%20A`),
    )
    expect(after.rows.map((r) => r.id)).toEqual([first.sellerOrders[0]!.id])
  })
})

describe('deciding', () => {
  it('approves once: the second approver is told who decided, and nothing changes twice', async () => {
    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA], key: 'race-1' })
    const approve = { intent: 'step', step: 'approve', sellerOrder: String(order.sellerOrderId) }
    const [one, two] = await Promise.all([decide(supplierAdmin, approve), decide(admin, approve)])
    const outcomes = [one, two].map((o) => (o.status === 'done' ? o.toast.kind : o.status)).sort()
    expect(outcomes).toEqual(['error', 'success'])
    const loser = [one, two].find((o) => o.status === 'done' && o.toast.kind === 'error')
    expect(loser?.status === 'done' && loser.toast.message).toMatch(
      /is already approved \(by (Supplier Admin|Admin|.+), .+\): “Approve” is no longer possible, and nothing was changed/,
    )
    expect(await statusOf(order.sellerOrderId)).toBe('approved')
    expect((await auditsOf(order.sellerOrderId)).filter((a) => a.action === 'seller_order.approved')).toHaveLength(1)
    const master = await getDb()
      .selectFrom('master_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(master.status).toBe('confirmed')
  })

  it('rejects with a reason only, and goes back to the queue as it was filtered', async () => {
    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerB], key: 'reject-1' })
    const reject = {
      intent: 'step',
      form: `reject-${order.sellerOrderId}`,
      step: 'reject',
      sellerOrder: String(order.sellerOrderId),
    }
    const refused = await decide(supplierAdmin, { ...reject, reason: '  ' })
    expect(refused.status).toBe('invalid')
    expect(JSON.stringify(refused)).toContain('Say why')
    expect(await statusOf(order.sellerOrderId)).toBe('pending_approval')
    const done = await decide(
      supplierAdmin,
      { ...reject, reason: 'No capacity this month' },
      `${QUEUE}?seller=Queue+Seller+B&page=2`,
    )
    expect(done).toMatchObject({
      status: 'done',
      redirectTo: '/supplier_team/admin/approvals/seller_orders?seller=Queue+Seller+B&page=2',
    })
    expect(await statusOf(order.sellerOrderId)).toBe('rejected')
    expect((await auditsOf(order.sellerOrderId)).at(-1)).toMatchObject({
      action: 'seller_order.rejected',
      note: 'No capacity this month',
    })
  })

  it('records a counter-offer per line, refuses bad lines at the line, and accepts or declines it', async () => {
    const db = getDb()
    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA], key: 'counter-1' })
    const line = await db
      .selectFrom('sub_orders')
      .select(['id', 'quantity_milli', 'cost_minor'])
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    const at = (field: string) => `line.${line.id}.${field}`
    const counter = {
      intent: 'counter',
      form: `counter-${order.sellerOrderId}`,
      sellerOrder: String(order.sellerOrderId),
    }
    const bad = await decide(supplierAdmin, {
      ...counter,
      [at('quantity')]: 'lots',
      [at('readyBy')]: '2020-01-01',
      [at('cost')]: '',
    })
    expect(bad.status).toBe('invalid')
    const reply =
      bad.status === 'invalid' ? (bad.reply as { error?: Record<string, string[]>; initialValue?: unknown }) : null
    expect(Object.keys(reply?.error ?? {})).toEqual(
      expect.arrayContaining([`line.${line.id}.quantity`, `line.${line.id}.readyBy`, `line.${line.id}.cost`]),
    )
    // What was typed comes back, to be corrected.
    expect(JSON.stringify(reply?.initialValue)).toContain('lots')
    expect(
      (
        await db
          .selectFrom('seller_orders')
          .select('counter_offer_json')
          .where('id', '=', order.sellerOrderId)
          .executeTakeFirstOrThrow()
      ).counter_offer_json,
    ).toBeNull()

    const good = await decide(supplierAdmin, {
      ...counter,
      [at('quantity')]: '8',
      [at('readyBy')]: inAYear(),
      [at('cost')]: '410.50',
    })
    expect(good).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    // Declining needs a reason; declined, it waits as it stood.
    expect(
      (await decide(supplierAdmin, { intent: 'decline_counter', sellerOrder: String(order.sellerOrderId), reason: '' }))
        .status,
    ).toBe('invalid')
    expect(
      await decide(supplierAdmin, {
        intent: 'decline_counter',
        sellerOrder: String(order.sellerOrderId),
        reason: 'Too little',
      }),
    ).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    expect(await statusOf(order.sellerOrderId)).toBe('pending_approval')
    // Recorded again and accepted: the line changes and the seller order is approved.
    await decide(supplierAdmin, {
      ...counter,
      [at('quantity')]: '8',
      [at('readyBy')]: inAYear(),
      [at('cost')]: '410.50',
    })
    // Fewer than ordered: refused until the buyer's agreement is recorded (here by an admin).
    expect(
      await decide(
        admin,
        { intent: 'accept_counter', sellerOrder: String(order.sellerOrderId) },
        'http://x/admin/approvals/seller_orders',
      ),
    ).toMatchObject({ status: 'done', toast: { kind: 'error', message: expect.stringMatching(/buyer’s agreement/) } })
    expect(
      await decide(
        admin,
        { intent: 'agree_counter', sellerOrder: String(order.sellerOrderId) },
        'http://x/admin/approvals/seller_orders',
      ),
    ).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    expect(
      await decide(
        admin,
        { intent: 'accept_counter', sellerOrder: String(order.sellerOrderId) },
        'http://x/admin/approvals/seller_orders',
      ),
    ).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    expect(await statusOf(order.sellerOrderId)).toBe('approved')
    const changed = await db
      .selectFrom('sub_orders')
      .select(['quantity_milli', 'cost_minor', 'ready_by'])
      .where('id', '=', line.id)
      .executeTakeFirstOrThrow()
    expect(changed).toEqual({ quantity_milli: 8_000, cost_minor: 41_050, ready_by: inAYear() })
    expect((await auditsOf(order.sellerOrderId)).map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'seller_order.counter_offer_recorded',
        'seller_order.counter_offer_declined',
        'seller_order.counter_offer_accepted',
      ]),
    )
    // Accepting again finds nothing to accept.
    const again = await decide(admin, { intent: 'accept_counter', sellerOrder: String(order.sellerOrderId) })
    expect(again).toMatchObject({ status: 'done', toast: { kind: 'error' } })
  })

  it('approves the ticked ones, each on its own, and says which could not be', async () => {
    const one = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA], key: 'bulk-1' })
    const two = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerB], key: 'bulk-2' })
    const three = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA], key: 'bulk-3' })
    await decide(admin, { intent: 'step', step: 'reject', reason: 'Gone', sellerOrder: String(three.sellerOrderId) })
    // None ticked: told at the form.
    expect((await decide(supplierAdmin, { intent: 'bulk_approve', form: 'bulk-approve' })).status).toBe('invalid')
    // One ticked (a single value, not a list) works too.
    expect(
      await decide(supplierAdmin, { intent: 'bulk_approve', sellerOrder: String(one.sellerOrderId) }),
    ).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    const mixed = await decide(supplierAdmin, {
      intent: 'bulk_approve',
      sellerOrder: [String(two.sellerOrderId), String(three.sellerOrderId), '999999'],
    })
    expect(mixed).toMatchObject({ status: 'done', toast: { kind: 'info' } })
    const message = mixed.status === 'done' ? mixed.toast.message : ''
    expect(message).toContain(`Approved ${two.sellerOrders[0]!.code}.`)
    expect(message).toContain(`${three.sellerOrders[0]!.code} is already rejected`)
    expect(message).toContain('not one you can approve')
    expect([
      await statusOf(one.sellerOrderId),
      await statusOf(two.sellerOrderId),
      await statusOf(three.sellerOrderId),
    ]).toEqual(['approved', 'approved', 'rejected'])
  })

  it('is refused to portals that do not decide, and on an order page for another order', async () => {
    const db = getDb()
    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerA], key: 'refuse-1' })
    const other = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerB], key: 'refuse-2' })
    const counter = formOf({ intent: 'counter', sellerOrder: String(order.sellerOrderId) })
    expect(
      await orderPageAction(db, viewer(['biz_ops'], internal), 'biz_ops', String(order.id), counter, orderMoves),
    ).toMatchObject({ status: 'forbidden' })
    const approve = formOf({ intent: 'step', step: 'approve', sellerOrder: String(order.sellerOrderId) })
    expect(
      await orderPageAction(db, viewer(['biz_ops'], internal), 'biz_ops', String(order.id), approve, orderMoves),
    ).toMatchObject({ status: 'forbidden' })
    // The seller order of another master order is not on this page.
    expect(await orderPageAction(db, admin, 'admin', String(other.id), approve, orderMoves)).toEqual({
      status: 'not-found',
    })
    // On its own order's page, admin decides it as in the queue.
    expect(await orderPageAction(db, admin, 'admin', String(order.id), approve, orderMoves)).toMatchObject({
      status: 'done',
      toast: { kind: 'success' },
    })
  })
})

describe('e-mails', () => {
  it('tell the seller’s users of a new seller order and its decision, and the KAM of the order’s new status', async () => {
    const db = getDb()
    const kam = await userIdOf('kam.vikram@example.com')
    const kamEmail = (await db.selectFrom('users').select('email').where('id', '=', kam).executeTakeFirstOrThrow())
      .email
    const buyer = await makeBuyer({ name: 'Mailing Buyer', status: 'active', kam_user_id: kam }, [
      { kind: 'shipping', city: 'Surat', isDefault: true },
      { kind: 'billing', city: 'Surat', isDefault: true },
    ])
    const seller = await makeSeller({ name: 'Mailing Seller', status: 'active' })
    // Only what this test sends: the KAM may have mail of the demo's own orders.
    const mark = Number(
      (
        await db
          .selectFrom('outbox_emails')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    )
    await makeCompanyUser('seller', seller, 'orders@mailing-seller.example')
    await makeCompanyUser('seller', seller, 'gone@mailing-seller.example', 'disabled')
    const order = await placeTestOrder({ userId: internal, buyerId: buyer, sellerIds: [seller], key: 'mail-1' })
    const code = order.sellerOrders[0]!.code
    await decide(supplierAdmin, {
      intent: 'step',
      step: 'reject',
      reason: 'No looms free',
      sellerOrder: String(order.sellerOrderId),
    })
    const mails = await db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject', 'body_text', 'kind'])
      .where('to_address', 'in', ['orders@mailing-seller.example', 'gone@mailing-seller.example', kamEmail])
      .where('kind', 'not like', 'sample_order.%')
      .where('id', '>', mark)
      .orderBy('id')
      .execute()
    expect(mails.map((m) => [m.to_address, m.kind])).toEqual([
      ['orders@mailing-seller.example', 'seller_order.created'],
      ['orders@mailing-seller.example', 'seller_order.rejected'],
    ])
    expect(mails[1]!.subject).toBe(`${code}: not approved`)
    expect(mails[1]!.body_text).toContain('Reason: No looms free')
    expect(mails[1]!.body_text).toMatch(new RegExp(`/redirect/sales_orders/${order.sellerOrderId}$`))
    expect(JSON.stringify(mails)).not.toContain('Mailing Buyer')

    // Moved to another seller and approved there: the order moves on, and its KAM hears of it.
    const other = await makeSeller({ name: 'Mailing Seller Two', status: 'active' })
    const line = await db
      .selectFrom('sub_orders')
      .select('product_sku_id')
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    await db
      .insertInto('seller_skus')
      .values({
        seller_id: other,
        product_sku_id: line.product_sku_id,
        seller_code: 'MS2-1',
        cost_minor: 30_000,
        moq_milli: 1_000,
        lead_time_days: 10,
        monthly_capacity_milli: 1_000_000,
        status: 'live',
        published_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute()
    const { moveRejectedLines } = await import('~/lifecycle/seller-orders.server')
    const moved = await moveRejectedLines(db, { userId: internal }, order.sellerOrderId, other)
    if (!moved.ok) throw new Error(moved.message)
    await decide(supplierAdmin, { intent: 'step', step: 'approve', sellerOrder: String(moved.value.id) })
    const toKam = await db
      .selectFrom('outbox_emails')
      .select(['subject', 'body_text'])
      .where('to_address', '=', kamEmail)
      .where('id', '>', mark)
      .where('kind', 'not like', 'sample_order.%')
      .execute()
    expect(toKam.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^MO-\d{4}-\d{6} for Mailing Buyer: confirmed$/),
    ])
    expect(toKam[0]!.body_text).not.toMatch(/₹|cost/i)
  })
})

describe('automatic approval', () => {
  it('approves the seller orders of a seller marked for it as they are placed, while the flag is on, and says so in the history', async () => {
    const db = getDb()
    const seller = await makeSeller({ name: 'Trusted Mills', status: 'active' })
    const { updateCompany } = await import('../companies/mutations.server')
    const version = (
      await db.selectFrom('sellers').select('updated_at').where('id', '=', seller).executeTakeFirstOrThrow()
    ).updated_at
    const marked = await updateCompany(db, { userId: internal, name: 'Isha Internal' }, 'seller', seller, {
      name: 'Trusted Mills',
      legalName: '',
      gstin: '',
      contactEmail: '',
      contactPhone: '',
      autoApproveOrders: true,
      version,
    })
    expect(marked).toMatchObject({ ok: true, value: { changed: ['auto_approve_orders'] } })

    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [seller, sellerB], key: 'auto-1' })
    const [trusted, other] = order.sellerOrders
    expect(await statusOf(trusted!.id)).toBe('approved')
    expect(await statusOf(other!.id)).toBe('pending_approval')
    expect((await auditsOf(trusted!.id)).at(-1)).toMatchObject({
      action: 'seller_order.approved',
      note: expect.stringContaining('seller_order_auto_approve flag is on'),
    })
    const queue = await approvalQueuePage(db, admin, 'admin', new URL('http://x/?perPage=100'))
    expect(queue.rows.map((r) => r.id)).not.toContain(trusted!.id)

    // With the flag off, it waits like any other.
    await db
      .insertInto('flags')
      .values({
        key: 'seller_order_auto_approve',
        enabled: 0,
        roles_json: null,
        updated_at: new Date().toISOString(),
        updated_by: internal,
      })
      .execute()
    const later = await placeTestOrder({ userId: internal, buyerId, sellerIds: [seller], key: 'auto-2' })
    expect(await statusOf(later.sellerOrderId)).toBe('pending_approval')
  })
})
