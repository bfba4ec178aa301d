import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, placeTestOrder } from '../../../tests/support/orders'
import { approvalQueueAction, approvalQueuePage } from './approvals.server'
import { recordCounterOffer } from './counter-offer.server'

// The second approver (docs/domain.md "Approval rules"): a seller order worth more to the buyer than
// its category's threshold needs two different people; the first approval is kept and audited, the
// same person twice is refused, bulk approval follows the same rule, and two at once give one outcome.

const QUEUE = 'http://x/admin/approvals/seller_orders'
const viewer = (userId: number, name: string): Viewer => ({
  userId,
  email: 'x@example.com',
  name,
  phone: null,
  roles: ['admin'],
  company: null,
  sessionIdHash: 'x',
})
let first: Viewer
let second: Viewer
let buyerId: number
let sellerId: number
let bigCategory: number
let smallCategory: number
let counter = 0

const decide = (who: Viewer, fields: Record<string, string | string[]>) =>
  approvalQueueAction(getDb(), who, 'admin', new URL(QUEUE), formOf(fields), orderMoves)
const toast = (outcome: Awaited<ReturnType<typeof decide>>) =>
  outcome.status === 'done' ? outcome.toast : { kind: outcome.status, message: '' }
const row = (id: number) =>
  getDb()
    .selectFrom('seller_orders')
    .select(['status', 'first_approved_by', 'first_approved_at', 'decided_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const audits = (id: number, action: string) =>
  getDb()
    .selectFrom('audit_events')
    .select(['actor_user_id', 'after_json', 'note'])
    .where('entity_type', '=', 'seller_order')
    .where('entity_id', '=', String(id))
    .where('action', '=', action)
    .execute()
/** One seller order of ₹5,000 (10 × ₹500) in the category. */
const orderIn = async (categoryId: number) =>
  (
    await placeTestOrder({
      userId: first.userId,
      buyerId,
      sellerIds: [sellerId],
      key: `two-${++counter}`,
      categoryIds: [categoryId],
    })
  ).sellerOrderId
const approve = (id: number) => ({ intent: 'step', step: 'approve', sellerOrder: String(id) })

beforeAll(async () => {
  first = viewer(await userIdOf('admin@example.com'), 'First Admin')
  second = viewer(await userIdOf('internal@example.com'), 'Second Admin')
  buyerId = await makeBuyer({ name: 'Two Approvers Buyer', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Two Approvers Mills', status: 'active' })
  // Two of the demo's categories (with their workflows): cotton shirting and linen.
  ;[bigCategory, smallCategory] = [1, 2]
  // ₹1,000: the ₹5,000 orders are above it; ₹10,000: they are not.
  await getDb()
    .updateTable('categories')
    .set({ second_approval_above_minor: 100_000 })
    .where('id', '=', bigCategory)
    .execute()
  await getDb()
    .updateTable('categories')
    .set({ second_approval_above_minor: 1_000_000 })
    .where('id', '=', smallCategory)
    .execute()
})

describe('an order above its category’s threshold', () => {
  it('needs two different people: the first approval is kept and audited, the same person again is refused', async () => {
    const id = await orderIn(bigCategory)
    expect(toast(await decide(first, approve(id)))).toEqual({
      kind: 'success',
      message: expect.stringMatching(
        /first approval of SO-.+ is recorded: it needs a second approval by a different person/,
      ),
    })
    expect(await row(id)).toMatchObject({
      status: 'pending_approval',
      first_approved_by: first.userId,
      decided_by: null,
    })
    const [entry] = await audits(id, 'seller_order.first_approved')
    expect(entry).toMatchObject({ actor_user_id: first.userId })
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ second_approval_above: 100_000 })
    const queue = await approvalQueuePage(getDb(), second, 'admin', new URL(`${QUEUE}?perPage=100`))
    expect(queue.rows.find((r) => r.id === id)?.firstApproval).toMatchObject({ by: expect.any(String) })

    const again = toast(await decide(first, approve(id)))
    expect(again.kind).toBe('error')
    expect(again.message).toMatch(/You gave SO-.+ its first approval: a different person must give the second/)
    expect((await row(id)).status).toBe('pending_approval')

    expect(toast(await decide(second, approve(id))).kind).toBe('success')
    expect(await row(id)).toMatchObject({
      status: 'approved',
      first_approved_by: first.userId,
      decided_by: second.userId,
    })
    expect(await audits(id, 'seller_order.approved')).toHaveLength(1)
  })

  it('an order under every threshold of its categories needs one approver', async () => {
    const id = await orderIn(smallCategory)
    expect(toast(await decide(first, approve(id))).kind).toBe('success')
    expect(await row(id)).toMatchObject({ status: 'approved', first_approved_by: null, decided_by: first.userId })
  })

  it('bulk approval approves the small ones and only records a first approval of the big one', async () => {
    const [big, small] = [await orderIn(bigCategory), await orderIn(smallCategory)]
    const outcome = toast(await decide(first, { intent: 'bulk_approve', sellerOrder: [String(big), String(small)] }))
    expect(outcome.message).toMatch(/^Approved SO-.+\. Your first approval of SO-.+ is recorded/)
    expect((await row(small)).status).toBe('approved')
    expect(await row(big)).toMatchObject({ status: 'pending_approval', first_approved_by: first.userId })
    // The same person ticking it again in a bulk approval is refused; a different person approves it.
    const repeat = toast(await decide(first, { intent: 'bulk_approve', sellerOrder: [String(big)] }))
    expect(repeat).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/a different person must give the second/),
    })
    expect(toast(await decide(second, { intent: 'bulk_approve', sellerOrder: [String(big)] })).kind).toBe('success')
    expect((await row(big)).status).toBe('approved')
  })

  it('one person approving twice at once: one first approval, one refusal, still waiting', async () => {
    const id = await orderIn(bigCategory)
    const outcomes = await Promise.all([decide(first, approve(id)), decide(first, approve(id))])
    expect(outcomes.map((o) => toast(o).kind).sort()).toEqual(['error', 'success'])
    expect(await row(id)).toMatchObject({ status: 'pending_approval', first_approved_by: first.userId })
    expect(await audits(id, 'seller_order.first_approved')).toHaveLength(1)
  })

  it('two people at once: one is first, the other second; approved once, by two different people', async () => {
    const id = await orderIn(bigCategory)
    const outcomes = await Promise.all([decide(first, approve(id)), decide(second, approve(id))])
    expect(outcomes.map((o) => toast(o).kind)).toEqual(['success', 'success'])
    const after = await row(id)
    expect(after.status).toBe('approved')
    expect(after.first_approved_by).not.toBeNull()
    expect(after.decided_by).not.toBe(after.first_approved_by)
    expect(await audits(id, 'seller_order.first_approved')).toHaveLength(1)
    expect(await audits(id, 'seller_order.approved')).toHaveLength(1)
  })

  it('accepting a counter-offer that takes the order above the threshold needs two different people too', async () => {
    const db = getDb()
    // ₹5,000 under the ₹10,000 threshold as it stands; the seller offers 25 (₹12,500 to the buyer), recorded by a third person.
    const id = await orderIn(smallCategory)
    const line = await db
      .selectFrom('sub_orders')
      .select(['id', 'cost_minor'])
      .where('seller_order_id', '=', id)
      .executeTakeFirstOrThrow()
    const recorder = await userIdOf('supplier_admin@example.com')
    expect(
      await recordCounterOffer(db, { userId: recorder }, id, [
        {
          subOrderId: line.id,
          quantity: '25',
          readyBy: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          cost: String(Number(line.cost_minor) / 100),
        },
      ]),
    ).toMatchObject({ ok: true })
    const accept = { intent: 'accept_counter', sellerOrder: String(id) }
    const quantity = async () =>
      (await db.selectFrom('sub_orders').select('quantity_milli').where('id', '=', line.id).executeTakeFirstOrThrow())
        .quantity_milli

    expect(toast(await decide(first, accept))).toEqual({
      kind: 'success',
      message: expect.stringMatching(
        /first approval of SO-.+ is recorded: it needs a second approval by a different person/,
      ),
    })
    expect(await row(id)).toMatchObject({
      status: 'pending_approval',
      first_approved_by: first.userId,
      decided_by: null,
    })
    expect(Number(await quantity())).toBe(10_000)
    const pending = await db
      .selectFrom('seller_orders')
      .select('counter_offer_json')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(pending.counter_offer_json).not.toBeNull()
    const [entry] = await audits(id, 'seller_order.first_approved')
    expect(entry).toMatchObject({ actor_user_id: first.userId })
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ second_approval_above: 1_000_000 })

    const again = toast(await decide(first, accept))
    expect(again.kind).toBe('error')
    expect(again.message).toMatch(/You gave SO-.+ its first approval: a different person must give the second/)
    expect((await row(id)).status).toBe('pending_approval')

    expect(toast(await decide(second, accept))).toMatchObject({
      kind: 'success',
      message: expect.stringMatching(/counter-offer is accepted: SO-.+ is approved with its lines/),
    })
    expect(await row(id)).toMatchObject({
      status: 'approved',
      first_approved_by: first.userId,
      decided_by: second.userId,
    })
    expect(Number(await quantity())).toBe(25_000)
    expect(await audits(id, 'seller_order.approved')).toHaveLength(0)
  })
})
