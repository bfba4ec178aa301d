import { getDb } from '~/db.server'
import { makeBuyer, makeSeller } from '../tests/support/companies'
import { userIdOf } from '../tests/support/db'
import { placeTestOrder } from '../tests/support/orders'
import { gatedLines } from '~/features/orders/progress.server'
import { gateRefusal } from '~/features/orders/gates'
import { seedOrdersScale } from './scale-orders'

// The scale seed writes orders with their ids given, in bulk: afterwards the kept counts must
// match the orders, and an order placed through the cart must be numbered after them (on
// PostgreSQL a serial id does not see given ids: placing failed on a duplicate id).

describe('seedOrdersScale', () => {
  it('loads orders the searches can count, after which an order is placed and numbered after them', async () => {
    const db = getDb()
    const before = Number(
      (
        await db
          .selectFrom('master_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const lastBefore = Number(
      (
        await db
          .selectFrom('master_orders')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    )
    await seedOrdersScale(db, { orders: 200 })
    const after = await db
      .selectFrom('master_orders')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('id').as('last')])
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(before + 200)

    const grouped = await db
      .selectFrom('master_orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute()
    const kept = await db
      .selectFrom('master_order_counts')
      .select(['status', 'orders as n'])
      .where('orders', '!=', 0)
      .orderBy('status')
      .execute()
    expect(kept.map((r) => [r.status, Number(r.n)])).toEqual(grouped.map((r) => [r.status, Number(r.n)]))
    const withoutCategory = await db
      .selectFrom('master_orders')
      .select('id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('master_order_categories as moc')
              .select('moc.master_order_id')
              .whereRef('moc.master_order_id', '=', 'master_orders.id'),
          ),
        ),
      )
      .execute()
    expect(withoutCategory).toEqual([])

    // The lines' stages match their seller orders' states (production gates): at the QC gate or past
    // it from ready for QC on, at the last stage once dispatched, not started before production.
    const scaled = await db
      .selectFrom('seller_orders')
      .select(['id', 'code', 'status'])
      .where('master_order_id', '>', lastBefore)
      .execute()
    const mismatched: string[] = []
    for (const order of scaled) {
      const lines = await gatedLines(db, order.id)
      const wrong =
        (['ready_for_qc', 'qc_failed', 'qc_passed'].includes(order.status) && gateRefusal('ready_for_qc', lines)) ||
        (['dispatched', 'delivered'].includes(order.status) && gateRefusal('dispatch', lines)) ||
        (['pending_approval', 'approved'].includes(order.status) && lines.some((l) => l.stagePosition > 0))
      if (wrong) mismatched.push(`${order.code} (${order.status})`)
    }
    expect(mismatched).toEqual([])
    expect(scaled.map((o) => o.status)).toContain('delivered')

    const addresses = [
      { kind: 'shipping' as const, city: 'Surat', isDefault: true },
      { kind: 'billing' as const, city: 'Surat', isDefault: true },
    ]
    const buyerId = await makeBuyer({ name: 'After Scale Buyer', status: 'active', kam_user_id: null }, addresses)
    const sellerId = await makeSeller({ name: 'After Scale Seller', status: 'active', agent_user_id: null })
    const placed = await placeTestOrder({
      userId: await userIdOf('internal@example.com'),
      buyerId,
      sellerIds: [sellerId],
      key: 'after-scale',
    })
    expect(placed.id).toBeGreaterThan(Number(after.last))
    const codes = await db
      .selectFrom('master_orders')
      .select('code')
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow()
    expect(await db.selectFrom('master_orders').select('id').where('code', '=', codes.code).execute()).toHaveLength(1)
  })
})
