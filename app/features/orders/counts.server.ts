import type { MasterOrderStatus } from '#db/types'
import type { Executor } from '../audit/audit.server'

// How many master orders are in each status (master_order_counts): the staff search's count of all
// orders, of a status and of the open ones, without counting a million rows on every page. Kept
// in the transaction that places an order (writeOrder) or moves its status (refreshMasterStatus).

/** One order more (1) or fewer (-1) in a status; the row's lock orders concurrent writers. */
export async function countInStatus(trx: Executor, status: MasterOrderStatus, change: 1 | -1): Promise<void> {
  await trx
    .insertInto('master_order_counts')
    .values({ status, orders: change })
    .onConflict((oc) => oc.column('status').doUpdateSet((eb) => ({ orders: eb('master_order_counts.orders', '+', change) })))
    .execute()
}

/** The orders in these statuses (every status when none are named). */
export async function ordersInStatuses(db: Executor, statuses?: readonly MasterOrderStatus[]): Promise<number> {
  let query = db.selectFrom('master_order_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders'), eb.lit(0)).as('n'))
  if (statuses) query = query.where('status', 'in', statuses)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** The counts worked out again from the orders themselves, after a bulk load. */
export async function recountStatuses(db: Executor): Promise<void> {
  await db.deleteFrom('master_order_counts').execute()
  await db
    .insertInto('master_order_counts')
    .columns(['status', 'orders'])
    .expression((eb) => eb.selectFrom('master_orders').select((inner) => ['status', inner.fn.countAll<number>().as('orders')]).groupBy('status'))
    .execute()
}
