import { getDb } from '~/db.server'
import { inspectionFor, lastAudit, lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { placeTestOrder } from '../../tests/support/orders'
import { cancelMasterOrder } from './master-orders.server'

// Cancelling a whole order moves every feature that holds a part of it: each open seller order takes
// its cancel step, its QC inspection is cancelled, the master order takes its cancel step (the step
// helper's audit entry) and the kept counts follow.

let parties: Awaited<ReturnType<typeof lifecycleParties>>
beforeAll(async () => {
  parties = await lifecycleParties('Master')
})

const cancelledCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom('master_order_counts')
        .select('orders')
        .where('status', '=', 'cancelled')
        .executeTakeFirst()
    )?.orders ?? 0,
  )

describe('cancelling a master order', () => {
  it('cancels its seller orders and their open inspections, and the order through its cancel step', async () => {
    const order = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc'], 2)
    const inspectionId = await inspectionFor(parties, order.sellerOrders[0]!.id)
    const before = await cancelledCount()
    expect(await cancelMasterOrder(getDb(), parties.staff, order.id, 'Buyer closed the project')).toMatchObject({
      ok: true,
    })
    for (const so of order.sellerOrders) expect(await statusOf('seller_orders', so.id)).toBe('cancelled')
    expect(await statusOf('qc_inspections', inspectionId)).toBe('cancelled')
    expect(await statusOf('master_orders', order.id)).toBe('cancelled')
    expect(await lastAudit('master_order', order.id)).toMatchObject({
      action: 'master_order.status_changed',
      before_json: JSON.stringify({ status: 'in_qc' }),
      after_json: JSON.stringify({ status: 'cancelled' }),
    })
    expect(await cancelledCount()).toBe(before + 1)
  })

  it('refuses once a part is dispatched, and changes nothing', async () => {
    const order = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch'])
    expect(await cancelMasterOrder(getDb(), parties.staff, order.id, 'Too late')).toMatchObject({
      ok: false,
      message: expect.stringContaining('already dispatched'),
    })
    expect(await statusOf('master_orders', order.id)).toBe('dispatched')
  })
})

describe('placing an order', () => {
  it('writes its report rows, and moves it on at once when its seller order is approved as it is placed', async () => {
    const db = getDb()
    // The demo database has the seller_order_auto_approve flag on; the seller is marked for it.
    await db.updateTable('sellers').set({ auto_approve_orders: 1 }).where('id', '=', parties.sellerIds[1]!).execute()
    const trusted = await placeTestOrder({
      userId: parties.staff.userId,
      buyerId: parties.buyerId,
      sellerIds: [parties.sellerIds[1]!],
      key: 'placed-trusted',
    })
    const plain = await placeTestOrder({
      userId: parties.staff.userId,
      buyerId: parties.buyerId,
      sellerIds: [parties.sellerIds[0]!],
      key: 'placed-plain',
    })
    const facts = (id: number) =>
      db.selectFrom('order_facts').select('master_order_id').where('master_order_id', '=', id).execute()
    expect(await statusOf('master_orders', trusted.id)).toBe('confirmed')
    expect(await statusOf('master_orders', plain.id)).toBe('placed')
    expect((await facts(trusted.id)).length).toBeGreaterThan(0)
    expect((await facts(plain.id)).length).toBeGreaterThan(0)
  })
})
