import { getDb } from '~/db.server'
import { buyerCredit, heldOrders, setGraceDays } from '~/features/credit/credit.server'
import { handleHoldForm } from '~/features/credit/holds-forms.server'
import { lensFor, orderDetail } from '~/features/orders/search.server'
import { orderHistory } from '~/features/orders/history.server'
import { makeCompanyUser } from '../../tests/support/companies'
import { viewerFor } from '../../tests/support/db'
import { lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { formOf, placeTestOrder } from '../../tests/support/orders'
import { cancelHeldOrder, releaseCreditHold } from './master-orders.server'
import { takeSellerOrderStep } from './seller-orders.server'

// The credit rule (docs/domain.md "Credit"): a buyer's exposure is its open invoices plus its open
// orders not yet invoiced; an order over the limit, or for a buyer overdue beyond the grace period,
// waits on credit hold, unseen by its sellers, until business finance releases or cancels it.

let parties: Awaited<ReturnType<typeof lifecycleParties>>
let key = 0
const db = () => getDb()
const place = (sellers = 1) =>
  placeTestOrder({
    userId: parties.staff.userId,
    buyerId: parties.buyerId,
    sellerIds: parties.sellerIds.slice(0, sellers),
    key: `credit-${++key}`,
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
const mailsAbout = async (code: string) =>
  (
    await db().selectFrom('outbox_emails').select('kind').where('subject', 'like', `${code}:%`).orderBy('id').execute()
  ).map((m) => m.kind)
/** Cancels the buyer's open orders, so each test starts from no exposure. */
const clearOrders = () =>
  db()
    .updateTable('master_orders')
    .set({ status: 'cancelled' })
    .where('buyer_id', '=', parties.buyerId)
    .where('status', '!=', 'cancelled')
    .execute()

beforeAll(async () => {
  parties = await lifecycleParties('Credit')
  await makeCompanyUser('seller', parties.sellerIds[0]!, 'orders@credit-mills.example')
})
beforeEach(async () => {
  await clearOrders()
  await db().updateTable('buyer_invoices').set({ status: 'settled' }).where('buyer_id', '=', parties.buyerId).execute()
  await setLimit(0)
})

describe('a buyer’s exposure', () => {
  it('is its open orders not yet invoiced plus its open invoices, with what is overdue', async () => {
    const delivered = await orderThrough(parties, [
      'approve',
      'start_production',
      'ready_for_qc',
      'qc_pass',
      'dispatch',
      'deliver',
    ])
    const open = await place()
    const invoice = await db()
      .selectFrom('buyer_invoices')
      .select(['id', 'total_minor'])
      .where('master_order_id', '=', delivered.id)
      .executeTakeFirstOrThrow()
    // Invoiced a month and a half ago: 15 days past its 30 days' terms.
    await db()
      .updateTable('buyer_invoices')
      .set({ due_on: new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10), paid_minor: 1_000 })
      .where('id', '=', invoice.id)
      .execute()
    await setLimit(10_000_000)
    const credit = (await buyerCredit(db(), parties.buyerId))!
    const owed = Number(invoice.total_minor) - 1_000
    expect(credit).toMatchObject({
      limitMinor: 10_000_000,
      invoicedOpenMinor: owed,
      ordersOpenMinor: await totalOf(open.id),
      exposureMinor: owed + (await totalOf(open.id)),
      availableMinor: 10_000_000 - owed - (await totalOf(open.id)),
      overdueMinor: owed,
      overdueBeyondGraceMinor: owed,
      graceDays: 7,
    })
    // A 20-day grace period: nothing is overdue beyond it.
    await setGraceDays(db(), parties.staff, '20')
    expect((await buyerCredit(db(), parties.buyerId))!.overdueBeyondGraceMinor).toBe(0)
    await setGraceDays(db(), parties.staff, '7')
  })
})

describe('placing an order', () => {
  it('within the limit sends it to its sellers', async () => {
    const first = await place()
    await setLimit((await totalOf(first.id)) * 3)
    const second = await place()
    expect(await holdOf(second.id)).toBe('none')
    expect(await mailsAbout(second.sellerOrders[0]!.code)).toEqual(['seller_order.created'])
  })

  it('over the limit holds it: its sellers neither hear of it nor see it, and it cannot be approved', async () => {
    const first = await place()
    const total = await totalOf(first.id)
    // Room for the first order and half of another.
    await setLimit(Math.round(total * 1.5))
    const held = await place()
    expect(await holdOf(held.id)).toBe('held')
    const reason = (
      await db()
        .selectFrom('master_orders')
        .select('credit_hold_reason')
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow()
    ).credit_hold_reason
    expect(reason).toContain('over its limit')
    expect(await mailsAbout(held.sellerOrders[0]!.code)).toEqual([])
    const seller = lensFor(
      {
        userId: 0,
        roles: ['seller'],
        company: { kind: 'seller', id: parties.sellerIds[0]!, status: 'active', name: '' },
      } as never,
      'seller',
    )!
    expect(await orderDetail(db(), seller, held.id)).toBeFalsy()
    expect(await orderDetail(db(), seller, first.id)).toBeTruthy()
    expect(await takeSellerOrderStep(db(), parties.staff, held.sellerOrderId, 'approve')).toMatchObject({
      ok: false,
      message: expect.stringContaining('on credit hold'),
    })
    expect(await statusOf('seller_orders', held.sellerOrderId)).toBe('pending_approval')
    expect((await heldOrders(db())).map((h) => h.id)).toContain(held.id)
  })

  it('for a buyer overdue beyond the grace period holds it, within the grace period not', async () => {
    const delivered = await orderThrough(parties, [
      'approve',
      'start_production',
      'ready_for_qc',
      'qc_pass',
      'dispatch',
      'deliver',
    ])
    const dueDaysAgo = (days: number) =>
      db()
        .updateTable('buyer_invoices')
        .set({ due_on: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10) })
        .where('master_order_id', '=', delivered.id)
        .execute()
    await dueDaysAgo(3)
    expect(await holdOf((await place()).id)).toBe('none')
    await dueDaysAgo(10)
    const held = await place()
    expect(await holdOf(held.id)).toBe('held')
    expect(
      (
        await db()
          .selectFrom('master_orders')
          .select('credit_hold_reason')
          .where('id', '=', held.id)
          .executeTakeFirstOrThrow()
      ).credit_hold_reason,
    ).toContain('overdue by more than the 7-day grace period')
  })
})

describe('a held order', () => {
  const heldOrder = async () => {
    const first = await place()
    await setLimit(Math.round((await totalOf(first.id)) * 1.5))
    const held = await place()
    expect(await holdOf(held.id)).toBe('held')
    return held
  }

  it('released by business finance with a reason goes to its sellers, and its history tells it to staff', async () => {
    const held = await heldOrder()
    const finance = await viewerFor('biz_fin')
    const moves = { releaseCreditHold, cancelHeldOrder }
    const bare = await handleHoldForm(
      db(),
      finance,
      formOf({ intent: 'release', order: String(held.id), reason: ' ' }),
      moves,
    )
    expect(bare).toMatchObject({ status: 'invalid' })
    expect(await holdOf(held.id)).toBe('held')
    const done = await handleHoldForm(
      db(),
      finance,
      formOf({ intent: 'release', order: String(held.id), reason: 'Advance of ₹2 lakh received' }),
      moves,
    )
    expect(done).toMatchObject({ status: 'done' })
    expect(await holdOf(held.id)).toBe('released')
    expect(await mailsAbout(held.sellerOrders[0]!.code)).toEqual(['seller_order.created'])
    expect(await takeSellerOrderStep(db(), parties.staff, held.sellerOrderId, 'approve')).toMatchObject({ ok: true })
    const staff = lensFor(finance, 'biz_fin')!
    const history = await orderHistory(db(), staff, held.id, [])
    const told = JSON.stringify(history)
    expect(told).toContain('Advance of ₹2 lakh received')
    // Released once: a second release is refused with who did it.
    expect(await releaseCreditHold(db(), finance, held.id, 'again')).toMatchObject({ ok: false })
  })

  it('cancelled by an admin is cancelled, its sellers never told', async () => {
    const held = await heldOrder()
    const admin = await viewerFor('admin')
    expect(await cancelHeldOrder(db(), admin, held.id, '')).toMatchObject({ ok: false, field: 'reason' })
    expect(await cancelHeldOrder(db(), admin, held.id, 'Buyer will not pay')).toMatchObject({ ok: true })
    expect(await holdOf(held.id)).toBe('cancelled')
    expect(await statusOf('master_orders', held.id)).toBe('cancelled')
    expect(await statusOf('seller_orders', held.sellerOrderId)).toBe('cancelled')
    expect(await mailsAbout(held.sellerOrders[0]!.code)).toEqual([])
  })

  it('is decided by business finance and admins only', async () => {
    const held = await heldOrder()
    const internal = await viewerFor('internal')
    expect(
      await handleHoldForm(
        db(),
        internal,
        formOf({ intent: 'release', order: String(held.id), reason: 'Looks fine' }),
        {
          releaseCreditHold,
          cancelHeldOrder,
        },
      ),
    ).toMatchObject({ status: 'forbidden' })
    const finance = await viewerFor('biz_fin')
    expect(
      await handleHoldForm(db(), finance, formOf({ intent: 'grace', graceDays: '3' }), {
        releaseCreditHold,
        cancelHeldOrder,
      }),
    ).toMatchObject({ status: 'forbidden' })
    expect(await holdOf(held.id)).toBe('held')
  })
})
