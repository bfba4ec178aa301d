import { PostgresAdapter, sql } from 'kysely'
import { getDb } from '~/db.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { cancelMasterOrder } from '~/lifecycle/master-orders.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { buildMissingReportRows, rebuildOrderFacts } from './facts.server'

const db = () => getDb()
const dayRows = async () =>
  (
    await db()
      .selectFrom('order_day_facts')
      .select([
        'day',
        'category_id',
        'buyer_id',
        'seller_id',
        'orders',
        'lines',
        'quantity_milli',
        'value_minor',
        'cost_minor',
        'gst_minor',
      ])
      .execute()
  )
    .map((r) => Object.values(r).map(Number).join('|') + `|${r.day}`)
    .sort()
const skuRows = async () =>
  (
    await db()
      .selectFrom('buyer_sku_month_facts')
      .select(['buyer_id', 'month', 'buyer_sku_id', 'lines', 'quantity_milli', 'value_minor'])
      .execute()
  )
    .map((r) => `${r.buyer_id}|${r.month}|${r.buyer_sku_id}|${r.lines}|${r.quantity_milli}|${r.value_minor}`)
    .sort()

/** The kept rows, then the rows rebuilt from the orders: equal, or the test says what differs. */
async function expectKeptEqualsRebuilt() {
  const [kept, keptSkus] = [await dayRows(), await skuRows()]
  expect(keptSkus.length).toBeGreaterThan(0)
  await rebuildOrderFacts(db(), 7)
  expect(kept).toEqual(await dayRows())
  expect(keptSkus).toEqual(await skuRows())
}

/** The business figures straight from the orders' lines (a direct aggregate, in SQL). */
async function direct() {
  const row = await db()
    .selectFrom('sub_orders as l')
    .innerJoin('seller_orders as so', 'so.id', 'l.seller_order_id')
    .innerJoin('master_orders as mo', 'mo.id', 'l.master_order_id')
    .where('mo.status', '!=', 'cancelled')
    .where('so.status', 'not in', ['rejected', 'cancelled'])
    .select([
      sql<number>`count(distinct so.id)`.as('orders'),
      (eb) => eb.fn.countAll<number>().as('lines'),
      sql<number>`sum((cast(l.quantity_milli as bigint) * l.price_minor + 500) / 1000)`.as('value'),
      sql<number>`sum((cast(l.quantity_milli as bigint) * l.cost_minor + 500) / 1000)`.as('cost'),
    ])
    .executeTakeFirstOrThrow()
  return { orders: Number(row.orders), lines: Number(row.lines), value: Number(row.value), cost: Number(row.cost) }
}
async function summed() {
  const row = await db()
    .selectFrom('order_day_facts')
    .select((eb) => [
      eb.fn.sum<number>('orders').as('orders'),
      eb.fn.sum<number>('lines').as('lines'),
      eb.fn.sum<number>('value_minor').as('value'),
      eb.fn.sum<number>('cost_minor').as('cost'),
    ])
    .executeTakeFirstOrThrow()
  return {
    orders: Number(row.orders ?? 0),
    lines: Number(row.lines ?? 0),
    value: Number(row.value ?? 0),
    cost: Number(row.cost ?? 0),
  }
}

describe('the reports’ summary rows', () => {
  it('kept with the demo orders equal the rows rebuilt from them, and a direct aggregate', async () => {
    expect((await summed()).orders).toBeGreaterThan(0)
    await expectKeptEqualsRebuilt()
    expect(await summed()).toEqual(await direct())
  })

  it('follow placing, a rejected seller order and a cancelled order, in the same transaction', async () => {
    const staff = { userId: await userIdOf('internal@example.com') }
    const buyerId = await makeBuyer({ name: 'Facts Buyer', status: 'active' }, [
      { kind: 'shipping', city: 'Surat', isDefault: true },
      { kind: 'billing', city: 'Surat', isDefault: true },
    ])
    const sellers = [
      await makeSeller({ name: 'Facts Mill A', status: 'active' }),
      await makeSeller({ name: 'Facts Mill B', status: 'active' }),
    ]
    const ofBuyer = () =>
      db()
        .selectFrom('order_day_facts')
        .select((eb) => [eb.fn.sum<number>('orders').as('orders'), eb.fn.sum<number>('value_minor').as('value')])
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow()
    const first = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: sellers,
      key: 'facts-1',
      categoryIds: [1, 2],
    })
    const second = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellers[0]!], key: 'facts-2' })
    // Each line is 10 units at ₹500: ₹5,000.
    expect(await ofBuyer()).toEqual({ orders: 3, value: 1_500_000 })
    await expectKeptEqualsRebuilt()
    const rejected = await takeSellerOrderStep(
      db(),
      staff,
      first.sellerOrders[1]!.id,
      'reject',
      'No capacity this month',
    )
    expect(rejected.ok).toBe(true)
    expect(await ofBuyer()).toEqual({ orders: 2, value: 1_000_000 })
    const cancelled = await cancelMasterOrder(db(), staff, second.id, 'Buyer changed plans')
    expect(cancelled.ok).toBe(true)
    expect(await ofBuyer()).toEqual({ orders: 1, value: 500_000 })
    await expectKeptEqualsRebuilt()
    expect(await summed()).toEqual(await direct())
  })

  it('are built at start-up where a database has orders but no rows (one from before the reports)', async () => {
    const [days, skus] = [await dayRows(), await skuRows()]
    for (const table of [
      'order_day_facts',
      'order_facts',
      'buyer_sku_month_facts',
      'order_sku_facts',
      'qc_day_facts',
      'qc_condition_facts',
    ] as const)
      await db().deleteFrom(table).execute()
    expect(await buildMissingReportRows(db())).toEqual([
      expect.stringMatching(/^business and buyer rows of \d+ orders$/),
      expect.stringMatching(/^QC rows of \d+ inspections$/),
    ])
    expect(await dayRows()).toEqual(days)
    expect(await skuRows()).toEqual(skus)
    expect(await buildMissingReportRows(db())).toEqual([])
  })

  // Two machines starting at once after a restore without the rows: each start-up asks on its own
  // connection. Without the lock both deleted and inserted, and one failed on the other's rows.
  it.runIf(db().getExecutor().adapter instanceof PostgresAdapter)(
    'are built once when two machines start at once (PostgreSQL)',
    async () => {
      const [days, skus] = [await dayRows(), await skuRows()]
      for (const table of ['order_day_facts', 'order_facts', 'buyer_sku_month_facts', 'order_sku_facts'] as const)
        await db().deleteFrom(table).execute()
      const answers = await Promise.all([buildMissingReportRows(db()), buildMissingReportRows(db())])
      expect(answers.map((built) => built.length).sort()).toEqual([0, 1])
      expect(await dayRows()).toEqual(days)
      expect(await skuRows()).toEqual(skus)
    },
  )
})
