import type { MasterOrderStatus } from '#db/types'
import type { Executor } from '../audit/audit.server'

// How many master orders are in each status (master_order_counts), and per category of their
// lines (master_order_category_counts): the staff search's count of all orders, of a status, of
// the open ones, and of a category with any of those, without counting up to a million rows on
// every page. Kept in the transaction that places an order (writeOrder) or moves its status
// (refreshMasterStatus).

/**
 * An order more (1) or fewer (-1) in a status, in its categories too. Each count is a row that
 * concurrent writers add to under its lock, so none is lost.
 */
export async function countInStatus(trx: Executor, status: MasterOrderStatus, change: 1 | -1, categoryIds: readonly number[]): Promise<void> {
  await trx
    .insertInto('master_order_counts')
    .values({ status, orders: change })
    .onConflict((oc) => oc.column('status').doUpdateSet((eb) => ({ orders: eb('master_order_counts.orders', '+', change) })))
    .execute()
  // In id order, so two writers never take the same rows' locks in opposite orders.
  for (const categoryId of [...new Set(categoryIds)].sort((a, b) => a - b)) {
    await trx
      .insertInto('master_order_category_counts')
      .values({ category_id: categoryId, status, orders: change })
      .onConflict((oc) => oc.columns(['category_id', 'status']).doUpdateSet((eb) => ({ orders: eb('master_order_category_counts.orders', '+', change) })))
      .execute()
  }
}

/** The orders in these statuses (every status when none are named), of one category when named. */
export async function ordersInStatuses(db: Executor, statuses: readonly MasterOrderStatus[] | undefined, categoryId: number | null = null): Promise<number> {
  const count = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: unknown }> }) => Number((await query.executeTakeFirstOrThrow()).n ?? 0)
  if (categoryId !== null) {
    let query = db.selectFrom('master_order_category_counts').select((eb) => eb.fn.sum<number>('orders').as('n')).where('category_id', '=', categoryId)
    if (statuses) query = query.where('status', 'in', statuses)
    return count(query)
  }
  let query = db.selectFrom('master_order_counts').select((eb) => eb.fn.sum<number>('orders').as('n'))
  if (statuses) query = query.where('status', 'in', statuses)
  return count(query)
}

/** The counts worked out again from the orders themselves, after a bulk load. */
export async function recountStatuses(db: Executor): Promise<void> {
  await db.deleteFrom('master_order_counts').execute()
  await db
    .insertInto('master_order_counts')
    .columns(['status', 'orders'])
    .expression((eb) => eb.selectFrom('master_orders').select((inner) => ['status', inner.fn.countAll<number>().as('orders')]).groupBy('status'))
    .execute()
  await db.deleteFrom('master_order_category_counts').execute()
  await db
    .insertInto('master_order_category_counts')
    .columns(['category_id', 'status', 'orders'])
    .expression((eb) => eb.selectFrom('master_order_categories').select((inner) => ['category_id', 'status', inner.fn.countAll<number>().as('orders')]).groupBy(['category_id', 'status']))
    .execute()
}
