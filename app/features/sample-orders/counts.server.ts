import type { SampleOrderStatus } from '#db/types'
import type { Executor } from '~/platform/executor'

// How many sample orders are in each status (sample_order_counts): the lists' count of all of them,
// of a status or of the open ones, without counting 200,000 rows on every page. Kept in the
// transaction that requests an order (placeSampleCart) or moves its status (takeSampleStep).

/** A sample order more (1) or fewer (-1) in a status: a row that concurrent writers add to under its lock. */
export async function countSampleOrder(trx: Executor, status: SampleOrderStatus, change: 1 | -1): Promise<void> {
  await trx
    .insertInto('sample_order_counts')
    .values({ status, orders: change })
    .onConflict((oc) =>
      oc.column('status').doUpdateSet((eb) => ({ orders: eb('sample_order_counts.orders', '+', change) })),
    )
    .execute()
}

/** The sample orders in these statuses (every status when none are named). */
export async function sampleOrdersIn(db: Executor, statuses?: readonly SampleOrderStatus[]): Promise<number> {
  let query = db.selectFrom('sample_order_counts').select((eb) => eb.fn.sum<number>('orders').as('n'))
  if (statuses) query = query.where('status', 'in', statuses)
  return Number((await query.executeTakeFirstOrThrow()).n ?? 0)
}

/** The counts worked out again from the orders themselves, after a bulk load. */
export async function recountSampleOrders(db: Executor): Promise<void> {
  await db.deleteFrom('sample_order_counts').execute()
  await db
    .insertInto('sample_order_counts')
    .columns(['status', 'orders'])
    .expression((eb) =>
      eb
        .selectFrom('sample_orders')
        .select((inner) => ['status', inner.fn.countAll<number>().as('orders')])
        .groupBy('status'),
    )
    .execute()
}
