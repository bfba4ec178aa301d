import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '~/db.server'
import { buyerCredit, heldOrders } from '~/features/credit/credit.server'
import { handleHoldForm } from '~/features/credit/holds-forms.server'
import { orderPageFor, orderSearchFor } from '~/features/orders/pages.server'
import * as creditHolds from '~/routes/biz_fin+/credit_holds'
import * as buyerSettlement from '~/routes/_main+/logistics.settlements.buyers.$buyerId._index'
import { formatMoney } from '~/utils/format'
import { demoEmail } from '../../seed/demo-users'
import { makeCompanyUser } from '../../tests/support/companies'
import { cookieFor, userIdOf, viewerFor } from '../../tests/support/db'
import { lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { formOf, placeTestOrder } from '../../tests/support/orders'
import { cancelHeldOrder, releaseCreditHold } from './master-orders.server'

// Issue 51: a credit hold shows wherever its order is, in each reader's words; finance hears of it;
// the queue reads the buyer's credit today; a hold is released in part, cancelled only when
// confirmed, and decided once when two act at once (docs/domain.md "Credit").

let parties: Awaited<ReturnType<typeof lifecycleParties>>
let key = 0
const db = () => getDb()
const moves = { releaseCreditHold, cancelHeldOrder }
const place = (sellers = 1) =>
  placeTestOrder({
    userId: parties.staff.userId,
    buyerId: parties.buyerId,
    sellerIds: parties.sellerIds.slice(0, sellers),
    key: `shown-${++key}`,
  })
const totalOf = async (id: number) => {
  const o = await db()
    .selectFrom('master_orders')
    .select(['value_minor', 'gst_minor'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(o.value_minor) + Number(o.gst_minor)
}
const holdOf = async (id: number) =>
  (await db().selectFrom('master_orders').select('credit_hold').where('id', '=', id).executeTakeFirstOrThrow())
    .credit_hold
const setLimit = (minor: number) =>
  db().updateTable('buyers').set({ credit_limit_minor: minor }).where('id', '=', parties.buyerId).execute()
const codeOf = async (id: number) =>
  (await db().selectFrom('master_orders').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code
const BUYER_USER = 'orders@shown-buyer.example'

/** An order held over the limit (room for the first order and half of another). */
async function heldOverLimit(sellers = 1) {
  const first = await place()
  await setLimit(Math.round((await totalOf(first.id)) * 1.5))
  const held = await place(sellers)
  expect(await holdOf(held.id)).toBe('held')
  return { ...held, code: await codeOf(held.id) }
}

/** An order held for an invoice overdue 10 days; what the invoice owes. */
async function heldOverdue() {
  const delivered = await orderThrough(parties, [
    'approve',
    'start_production',
    'ready_for_qc',
    'qc_pass',
    'dispatch',
    'deliver',
  ])
  const invoice = await db()
    .selectFrom('buyer_invoices')
    .select(['id', 'total_minor'])
    .where('master_order_id', '=', delivered.id)
    .executeTakeFirstOrThrow()
  await db()
    .updateTable('buyer_invoices')
    .set({ due_on: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10) })
    .where('id', '=', invoice.id)
    .execute()
  const held = await place()
  expect(await holdOf(held.id)).toBe('held')
  return { held, invoiceId: invoice.id, owedMinor: Number(invoice.total_minor) }
}

beforeAll(async () => {
  parties = await lifecycleParties('Shown')
  await makeCompanyUser('seller', parties.sellerIds[0]!, 'orders@shown-mills.example')
  await makeCompanyUser('seller', parties.sellerIds[1]!, 'orders@shown-looms.example')
  await makeCompanyUser('buyer', parties.buyerId, BUYER_USER)
  await db()
    .updateTable('buyers')
    .set({ kam_user_id: await userIdOf(demoEmail('demand_kam')) })
    .where('id', '=', parties.buyerId)
    .execute()
})
beforeEach(async () => {
  await db()
    .updateTable('master_orders')
    .set({ status: 'cancelled' })
    .where('buyer_id', '=', parties.buyerId)
    .where('status', '!=', 'cancelled')
    .execute()
  await db().updateTable('buyer_invoices').set({ status: 'settled' }).where('buyer_id', '=', parties.buyerId).execute()
  await setLimit(0)
})

describe('a held order’s page and list row', () => {
  it('tell staff of every portal the hold in figures and since when; a seller never sees it', async () => {
    const held = await heldOverLimit()
    const overLimit = (
      await db()
        .selectFrom('master_orders')
        .select('credit_hold_over_limit_minor')
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow()
    ).credit_hold_over_limit_minor!
    expect(overLimit).toBeGreaterThan(0)
    for (const [role, portal] of [
      ['internal', 'main'],
      ['admin', 'admin'],
      ['biz_fin', 'biz_fin'],
      ['demand_kam', 'demand_kam'],
    ] as const) {
      const viewer = await viewerFor(role)
      const page = await orderPageFor(db(), viewer, portal, String(held.id))
      expect(page?.order.hold?.text, `${portal}'s page`).toMatch(
        new RegExp(`^Credit hold: over limit by ${formatMoney(overLimit).replace(/[.$₹]/g, '\\$&')} — held since `),
      )
      const list = await orderSearchFor(db(), viewer, portal, new URL(`http://x/?q=${held.code}`))
      expect(list?.rows.find((r) => r.id === held.id)?.creditHeld, `${portal}'s list`).toBe(true)
    }
    const seller = await viewerFor('orders@shown-mills.example')
    expect(await orderPageFor(db(), seller, 'seller', String(held.id))).toBeUndefined()
  })

  it('tells the buyer its order waits for payment of overdue invoices, with the amount, in its own words', async () => {
    const { held, owedMinor } = await heldOverdue()
    const buyer = await viewerFor(BUYER_USER)
    const page = await orderPageFor(db(), buyer, 'buyer', String(held.id))
    expect(page?.order.hold).toEqual({
      text: `Waiting for payment of overdue invoices: ${formatMoney(owedMinor)} overdue. Your order goes to production once they are paid.`,
      link: { to: '/buyer/invoices?status=overdue', label: 'See your invoices' },
    })
    // None of the platform's own words for the buyer's credit reach the buyer's loader.
    expect(JSON.stringify(page)).not.toMatch(/exposure|grace period|credit hold/i)
    const list = await orderSearchFor(db(), buyer, 'buyer', new URL('http://x/'))
    expect(list?.rows.find((r) => r.id === held.id)?.creditHeld).toBe(true)
    // Staff read the overdue figure the hold was decided on.
    const finance = await orderPageFor(db(), await viewerFor('biz_fin'), 'biz_fin', String(held.id))
    expect(finance?.order.hold?.text).toContain(`Credit hold: overdue ${formatMoney(owedMinor)} — held since`)
  })

  it('tells a buyer held only for its credit limit how far the order goes over it, in its own words', async () => {
    const held = await heldOverLimit()
    const [limit, overLimit] = await Promise.all([
      db()
        .selectFrom('buyers')
        .select('credit_limit_minor')
        .where('id', '=', parties.buyerId)
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('master_orders')
        .select('credit_hold_over_limit_minor')
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow(),
    ])
    expect(overLimit.credit_hold_over_limit_minor).toBeGreaterThan(0)
    const page = await orderPageFor(db(), await viewerFor(BUYER_USER), 'buyer', String(held.id))
    expect(page?.order.hold).toEqual({
      text: `Waiting for payment: this order takes what your account owes over its credit limit of ${formatMoney(Number(limit.credit_limit_minor))} by ${formatMoney(overLimit.credit_hold_over_limit_minor!)}. It goes to production once open invoices are paid.`,
      link: { to: '/buyer/invoices?status=overdue', label: 'See your invoices' },
    })
    expect(JSON.stringify(page)).not.toMatch(/exposure|grace period|credit hold/i)
  })
})

describe('finance', () => {
  it('is e-mailed when an order is held, and finds the same in its inbox', async () => {
    const held = await heldOverLimit()
    const email = demoEmail('biz_fin')
    const mails = await db()
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject', 'body_text'])
      .where('kind', '=', 'master_order.credit_held')
      .where('subject', 'like', `${held.code} %`)
      .execute()
    expect(mails.map((m) => m.to_address)).toContain(email)
    expect(mails[0]!.body_text).toContain('over limit by')
    const inbox = await db()
      .selectFrom('notifications')
      .select(['subject', 'link'])
      .where('user_id', '=', await userIdOf(email))
      .where('kind', '=', 'master_order.credit_held')
      .where('subject', 'like', `${held.code} %`)
      .execute()
    expect(inbox).toEqual([{ subject: mails[0]!.subject, link: `/biz_fin/credit_holds#hold-${held.id}` }])
  })

  it('reads in the queue the buyer’s credit today beside the figures it was held on', async () => {
    const { held, invoiceId, owedMinor } = await heldOverdue()
    const before = (await heldOrders(db())).find((h) => h.id === held.id)!
    expect(before.atHold.overdueMinor).toBe(owedMinor)
    expect(before.today?.overdueBeyondGraceMinor).toBe(owedMinor)
    // The buyer pays the overdue invoice: the queue reads nothing overdue today, the hold's figure stays.
    await db().updateTable('buyer_invoices').set({ paid_minor: owedMinor }).where('id', '=', invoiceId).execute()
    const after = (await heldOrders(db())).find((h) => h.id === held.id)!
    expect(after.atHold.overdueMinor).toBe(owedMinor)
    expect(after.today?.overdueMinor).toBe(0)
    expect(after.today?.invoicedOpenMinor).toBe(before.today!.invoicedOpenMinor - owedMinor)
  })

  it('opens from the queue the buyer’s ledger and ageing, a page finance may read', async () => {
    const held = await heldOverLimit()
    const context = {} as AppLoadContext
    const cookie = await cookieFor('biz_fin')
    const queue = await creditHolds.loader({
      request: new Request('http://x/biz_fin/credit_holds', { headers: { cookie } }),
      params: {},
      context,
    })
    const card = queue.holds.find((h) => h.id === held.id)
    expect(card?.ageingTo).toBe(`/logistics/settlements/buyers/${parties.buyerId}`)
    const ageing = (await buyerSettlement.loader({
      request: new Request(`http://x${card!.ageingTo}`, { headers: { cookie } }),
      params: { buyerId: String(parties.buyerId) },
      context,
    })) as Exclude<Awaited<ReturnType<typeof buyerSettlement.loader>>, Response>
    expect(ageing.account?.buyer.id).toBe(parties.buyerId)
    expect(ageing.ageing).toBeDefined()
  })
})

describe('deciding a hold', () => {
  it('releases the seller orders chosen and cancels the rest, its seller never told', async () => {
    const held = await heldOverLimit(2)
    const [go, stay] = held.sellerOrders
    const finance = await viewerFor('biz_fin')
    const none = await handleHoldForm(
      db(),
      finance,
      formOf({ intent: 'release', order: String(held.id), reason: 'Part paid', scope: 'chosen' }),
      moves,
    )
    expect(none).toMatchObject({ status: 'invalid' })
    expect(await holdOf(held.id)).toBe('held')
    const done = await handleHoldForm(
      db(),
      finance,
      formOf({
        intent: 'release',
        order: String(held.id),
        reason: 'Half the order within the limit',
        scope: 'chosen',
        sellerOrders: [String(go!.id)],
      }),
      moves,
    )
    expect(done).toMatchObject({
      status: 'done',
      toast: { message: expect.stringContaining(`${stay!.code} is cancelled`) },
    })
    expect(await holdOf(held.id)).toBe('released')
    expect(await statusOf('seller_orders', go!.id)).toBe('pending_approval')
    expect(await statusOf('seller_orders', stay!.id)).toBe('cancelled')
    const mailed = await db()
      .selectFrom('outbox_emails')
      .select('subject')
      .where('kind', 'like', 'seller_order.%')
      .where((eb) => eb.or([eb('subject', 'like', `${go!.code}:%`), eb('subject', 'like', `${stay!.code}:%`)]))
      .execute()
    expect(mailed.map((m) => m.subject.split(':')[0])).toEqual([go!.code])
  })

  it('after a partial release, the buyer’s exposure no longer counts the cancelled seller order', async () => {
    const held = await heldOverLimit(2)
    const [go, stay] = held.sellerOrders
    const before = (await buyerCredit(db(), parties.buyerId))!
    const totalBefore = await totalOf(held.id)
    const done = await handleHoldForm(
      db(),
      await viewerFor('biz_fin'),
      formOf({
        intent: 'release',
        order: String(held.id),
        reason: 'Half the order within the limit',
        scope: 'chosen',
        sellerOrders: [String(go!.id)],
      }),
      moves,
    )
    expect(done).toMatchObject({ status: 'done' })
    // The cancelled seller order's one line: its value and the GST on it.
    const line = await db()
      .selectFrom('sub_orders')
      .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
      .select(['seller_orders.value_minor', 'sub_orders.gst_rate_bp'])
      .where('sub_orders.seller_order_id', '=', stay!.id)
      .executeTakeFirstOrThrow()
    const value = Number(line.value_minor)
    const withGst = value + Math.round((value * Number(line.gst_rate_bp)) / 10_000)
    expect(withGst).toBeGreaterThan(0)
    const after = (await buyerCredit(db(), parties.buyerId))!
    expect(before.ordersOpenMinor - after.ordersOpenMinor).toBe(withGst)
    expect(before.exposureMinor - after.exposureMinor).toBe(withGst)
    // The order's own value keeps its lines, as for any cancelled seller order.
    expect(await totalOf(held.id)).toBe(totalBefore)
  })

  it('cancels only when the cancel is confirmed', async () => {
    const held = await heldOverLimit()
    const finance = await viewerFor('biz_fin')
    const unconfirmed = await handleHoldForm(
      db(),
      finance,
      formOf({ intent: 'cancel', order: String(held.id), reason: 'Buyer will not pay' }),
      moves,
    )
    expect(unconfirmed).toMatchObject({
      status: 'invalid',
      reply: {
        form: `hold-${held.id}-cancel`,
        result: { error: { confirm: [expect.stringContaining('Tick the box')] } },
      },
    })
    expect(await holdOf(held.id)).toBe('held')
    expect(await statusOf('master_orders', held.id)).toBe('placed')
    const confirmed = await handleHoldForm(
      db(),
      finance,
      formOf({ intent: 'cancel', order: String(held.id), reason: 'Buyer will not pay', confirm: 'yes' }),
      moves,
    )
    expect(confirmed).toMatchObject({ status: 'done' })
    expect(await statusOf('master_orders', held.id)).toBe('cancelled')
  })

  it('by two at once: one wins, the other is told who decided', async () => {
    const held = await heldOverLimit()
    const [finance, admin] = [await viewerFor('biz_fin'), await viewerFor('admin')]
    const outcomes = await Promise.all([
      handleHoldForm(db(), finance, formOf({ intent: 'release', order: String(held.id), reason: 'Paid' }), moves),
      handleHoldForm(
        db(),
        admin,
        formOf({ intent: 'cancel', order: String(held.id), reason: 'Will not pay', confirm: 'yes' }),
        moves,
      ),
    ])
    expect(outcomes.filter((o) => o.status === 'done')).toHaveLength(1)
    const lost = outcomes.find((o) => o.status !== 'done')
    expect(JSON.stringify(lost)).toMatch(/already (released|cancelled)/)
    const audits = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'master_order')
      .where('entity_id', '=', String(held.id))
      .where('action', 'in', ['master_order.credit_released', 'master_order.credit_cancelled'])
      .execute()
    expect(audits).toHaveLength(1)
    expect(['released', 'cancelled']).toContain(await holdOf(held.id))
  })
})
