import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeBuyer, makeSeller, makeStaffUser } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, passStages, placeTestOrder } from '../../../tests/support/orders'
import type { OrderPortal } from './lens'
import { orderPageAction, orderPageFor } from './pages.server'
import { takeSellerOrderStep, orderMoves } from '~/lifecycle/seller-orders.server'

// Staff take a seller's own steps for a mill that never signs in (docs/domain.md "Each role's job"):
// the same steps and refusals as the seller's, audited with the staff person as actor and the seller
// named in `for_seller`; an agent only for its own sellers; the other staff portals not at all.

let internal: number
let agent: number
let otherAgent: number
let kam: number
const ids = { sellerA: 0, sellerB: 0, order: 0, own: 0, foreign: 0, line: 0, onlyForeign: 0 }

const viewer = (roles: RoleKey[], userId: number, company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
const post = (who: Viewer, portal: OrderPortal, orderId: number, fields: Record<string, string>) =>
  orderPageAction(getDb(), who, portal, String(orderId), formOf(fields), orderMoves)
const stepForm = (sellerOrder: number, step: string) => ({ intent: 'step', sellerOrder: String(sellerOrder), step })

/** The seller order's latest audit entry: action, actor and what it recorded after. */
async function latest(sellerOrderId: number) {
  const row = await getDb()
    .selectFrom('audit_events')
    .select(['action', 'actor_user_id', 'after_json'])
    .where('entity_type', '=', 'seller_order')
    .where('entity_id', '=', String(sellerOrderId))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return {
    action: row.action,
    actor: row.actor_user_id,
    after: JSON.parse(row.after_json ?? '{}') as Record<string, unknown>,
  }
}
const statusOf = async (id: number) =>
  (await getDb().selectFrom('seller_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const stageOf = async (id: number) =>
  (await getDb().selectFrom('sub_orders').select('stage_position').where('id', '=', id).executeTakeFirstOrThrow())
    .stage_position

beforeAll(async () => {
  const db = getDb()
  internal = await userIdOf('internal@example.com')
  agent = await userIdOf('supplier_agent@example.com')
  kam = await userIdOf('demand_kam@example.com')
  otherAgent = await makeStaffUser('supplier_agent', 'agent.other@example.com', 'Other Agent')
  const buyer = await makeBuyer({ name: 'Behalf Buyer', status: 'active', kam_user_id: kam }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  ids.sellerA = await makeSeller({ name: 'Silent Mill A', status: 'active', agent_user_id: agent })
  ids.sellerB = await makeSeller({ name: 'Silent Mill B', status: 'active', agent_user_id: otherAgent })
  // One order with a seller order of each: the agent reaches the order through its own seller.
  const order = await placeTestOrder({
    userId: internal,
    buyerId: buyer,
    sellerIds: [ids.sellerA, ids.sellerB],
    key: 'behalf-1',
  })
  ids.order = order.id
  ids.own = order.sellerOrders.find((s) => s.seller_id === ids.sellerA)!.id
  ids.foreign = order.sellerOrders.find((s) => s.seller_id === ids.sellerB)!.id
  ids.line = (
    await db.selectFrom('sub_orders').select('id').where('seller_order_id', '=', ids.own).executeTakeFirstOrThrow()
  ).id
  // An order of the other agent's seller only: out of the agent's scope altogether.
  ids.onlyForeign = (
    await placeTestOrder({ userId: internal, buyerId: buyer, sellerIds: [ids.sellerB], key: 'behalf-2' })
  ).id
  for (const id of [ids.own, ids.foreign])
    expect(await takeSellerOrderStep(db, { userId: internal }, id, 'approve')).toMatchObject({ ok: true })
})

describe('staff on behalf of a seller', () => {
  it('a supplier agent starts production and moves a stage of its own seller’s order, audited as its own act for the seller', async () => {
    const who = viewer(['supplier_agent'], agent)
    const page = await orderPageFor(getDb(), who, 'supplier_agent', String(ids.order))
    expect(page?.may.steps).toContain('start_production')
    expect(page?.may.sellerOrdersActedFor).toEqual([ids.own])

    expect(await post(who, 'supplier_agent', ids.order, stepForm(ids.own, 'start_production'))).toMatchObject({
      status: 'done',
    })
    expect(await statusOf(ids.own)).toBe('in_production')
    expect(await latest(ids.own)).toEqual({
      action: 'seller_order.production_started',
      actor: agent,
      after: { status: 'in_production', for_seller: 'Silent Mill A' },
    })

    expect(
      await post(who, 'supplier_agent', ids.order, { intent: 'advance', line: String(ids.line), from: '0' }),
    ).toMatchObject({ status: 'done' })
    expect(await stageOf(ids.line)).toBeGreaterThan(0)
    expect(await latest(ids.own)).toMatchObject({
      action: 'seller_order.stage_moved',
      actor: agent,
      after: { line: 1, for_seller: 'Silent Mill A' },
    })
    // The same conditional update as the seller's: the stage it saw has moved on, so nothing moves twice.
    const moved = await stageOf(ids.line)
    expect(
      await post(who, 'supplier_agent', ids.order, { intent: 'advance', line: String(ids.line), from: '0' }),
    ).toMatchObject({ status: 'done', toast: { kind: 'error' } })
    expect(await stageOf(ids.line)).toBe(moved)
  })

  it('an agent cannot act for another agent’s seller: on an order it reaches, or one it does not', async () => {
    const who = viewer(['supplier_agent'], agent)
    expect(await post(who, 'supplier_agent', ids.order, stepForm(ids.foreign, 'start_production'))).toEqual({
      status: 'not-found',
    })
    const foreignLine = (
      await getDb()
        .selectFrom('sub_orders')
        .select('id')
        .where('seller_order_id', '=', ids.foreign)
        .executeTakeFirstOrThrow()
    ).id
    expect(
      await post(who, 'supplier_agent', ids.order, { intent: 'advance', line: String(foreignLine), from: '0' }),
    ).toEqual({ status: 'not-found' })
    expect(await post(who, 'supplier_agent', ids.onlyForeign, stepForm(ids.foreign, 'start_production'))).toEqual({
      status: 'not-found',
    })
    expect(await orderPageFor(getDb(), who, 'supplier_agent', String(ids.onlyForeign))).toBeUndefined()
    expect(await statusOf(ids.foreign)).toBe('approved')
    // The other agent may.
    expect(
      await post(
        viewer(['supplier_agent'], otherAgent),
        'supplier_agent',
        ids.order,
        stepForm(ids.foreign, 'start_production'),
      ),
    ).toMatchObject({ status: 'done' })
    expect(await latest(ids.foreign)).toMatchObject({ actor: otherAgent, after: { for_seller: 'Silent Mill B' } })
  })

  it('a KAM, logistics and business operations are refused the seller’s steps; nothing moves', async () => {
    for (const [role, portal, userId] of [
      ['demand_kam', 'demand_kam', kam],
      ['logistics', 'logistics', internal],
      ['biz_ops', 'biz_ops', internal],
      ['biz_fin', 'biz_fin', internal],
    ] as const) {
      const who = viewer([role], userId)
      expect((await orderPageFor(getDb(), who, portal, String(ids.order)))?.may.advance, role).toBe(false)
      expect(await post(who, portal, ids.order, stepForm(ids.own, 'ready_for_qc')), role).toMatchObject({
        status: 'forbidden',
      })
      expect(
        await post(who, portal, ids.order, {
          intent: 'advance',
          line: String(ids.line),
          from: String(await stageOf(ids.line)),
        }),
        role,
      ).toMatchObject({ status: 'forbidden' })
    }
    expect(await statusOf(ids.own)).toBe('in_production')
  })

  it('the main portal and the supplier team admin act for any seller; the seller’s own step names no one', async () => {
    // Staff acting for the seller meet the seller's production gate: ready for QC waits for the lines' stages.
    const held = await post(viewer(['internal'], internal), 'main', ids.order, stepForm(ids.own, 'ready_for_qc'))
    expect(held).toMatchObject({
      status: 'done',
      toast: {
        kind: 'error',
        message: expect.stringMatching(/^Line \d+ is .+: every stage before QC must be passed first\.$/),
      },
    })
    expect(await statusOf(ids.own)).toBe('in_production')
    await passStages(ids.own, 'gate')
    await passStages(ids.foreign, 'gate')
    expect(
      await post(viewer(['internal'], internal), 'main', ids.order, stepForm(ids.own, 'ready_for_qc')),
    ).toMatchObject({ status: 'done' })
    expect(await latest(ids.own)).toEqual({
      action: 'seller_order.ready_for_qc',
      actor: internal,
      after: { status: 'ready_for_qc', for_seller: 'Silent Mill A' },
    })
    // A step the seller could not take either is refused the same way.
    expect(
      await post(viewer(['supplier_admin'], internal), 'supplier_admin', ids.order, stepForm(ids.foreign, 'rework')),
    ).toMatchObject({ status: 'done', toast: { kind: 'error' } })
    expect(await statusOf(ids.foreign)).toBe('in_production')
    // The seller's own user: no for_seller.
    const seller = viewer(['seller'], internal, {
      kind: 'seller',
      id: ids.sellerB,
      name: 'Silent Mill B',
      status: 'active',
    })
    expect(await post(seller, 'seller', ids.order, stepForm(ids.foreign, 'ready_for_qc'))).toMatchObject({
      status: 'done',
    })
    expect((await latest(ids.foreign)).after).toEqual({ status: 'ready_for_qc' })
  })
})
