import { getDb } from '~/db.server'
import { addSampleLine, placeSampleCart, saveSampleCart } from '~/features/sample-orders/cart.server'
import { makeSampleSku } from '../tests/support/catalogue'
import { makeBuyer } from '../tests/support/companies'
import { userIdOf } from '../tests/support/db'
import { seedSampleOrdersScale } from './scale-sample-orders'

// The scale seed writes sample orders with their ids given, in bulk: afterwards a sample order
// requested through the cart must be numbered after them, id and code (on PostgreSQL a serial id
// does not see given ids).

describe('seedSampleOrdersScale', () => {
  it('loads sample orders with their items, after which one is requested and numbered after them', async () => {
    const db = getDb()
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('sample_orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    await seedSampleOrdersScale(db, { orders: 300 })
    expect(await count()).toBe(before + 300)
    const last = await db
      .selectFrom('sample_orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
    // Every order has its items, and their count and pieces add up.
    const mismatched = await db
      .selectFrom('sample_orders as o')
      .select('o.id')
      .where((eb) =>
        eb(
          'o.item_count',
          '!=',
          eb
            .selectFrom('sample_order_items as i')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('i.sample_order_id', '=', 'o.id'),
        ),
      )
      .execute()
    expect(mismatched).toEqual([])
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

    const user = { userId: await userIdOf('internal@example.com') }
    const buyerId = await makeBuyer({ name: 'After Scale Samples', status: 'active' }, [
      { kind: 'shipping', city: 'Surat', isDefault: true },
    ])
    const added = await addSampleLine(db, user, buyerId, await makeSampleSku())
    if (!added.ok) throw new Error(added.message)
    const shipTo = (
      await db.selectFrom('addresses').select('id').where('buyer_id', '=', buyerId).executeTakeFirstOrThrow()
    ).id
    await saveSampleCart(db, user, buyerId, { shipTo, note: '', lines: [{ id: added.value.lineId, quantity: '1' }] })
    const placed = await placeSampleCart(db, user, buyerId, 'after-scale')
    if (!placed.ok) throw new Error(placed.message)
    expect(placed.value.id).toBeGreaterThan(Number(last.id))
    expect(
      await db.selectFrom('sample_orders').select('id').where('code', '=', placed.value.code).execute(),
    ).toHaveLength(1)
  })
})
