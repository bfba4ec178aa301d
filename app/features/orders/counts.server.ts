import type { MasterOrderStatus } from '#db/types'
import type { Executor } from '~/platform/executor'

// How many master orders are in each status (master_order_counts), per category of their lines
// (master_order_category_counts) and per buyer (master_order_buyer_counts): the searches' counts
// of all orders, a status, the open ones, a category, a buyer's or a KAM's buyers', without
// counting up to a million rows on every page. Kept in the transaction that places an order
// (writeOrder) or moves its status (moveMasterStatus, which the lifecycle's refreshMasterStatus calls).

/** Whose orders a count is of: every order, a category's, a buyer's, a KAM's buyers' (or one of them). */
export type CountOf = { categoryId: number } | { buyerId?: number; kamUserId?: number } | null

/**
 * An order more (1) or fewer (-1) in a status, with its buyer and its categories. Each count is a
 * row that concurrent writers add to under its lock, so none is lost; rows are taken in one order
 * (all, buyer, categories by id) so two writers never wait on each other in a circle.
 */
export async function countInStatus(
  trx: Executor,
  status: MasterOrderStatus,
  change: 1 | -1,
  order: { buyerId: number; categoryIds: readonly number[] },
): Promise<void> {
  await trx
    .insertInto('master_order_counts')
    .values({ status, orders: change })
    .onConflict((oc) =>
      oc.column('status').doUpdateSet((eb) => ({ orders: eb('master_order_counts.orders', '+', change) })),
    )
    .execute()
  await trx
    .insertInto('master_order_buyer_counts')
    .values({ buyer_id: order.buyerId, status, orders: change })
    .onConflict((oc) =>
      oc
        .columns(['buyer_id', 'status'])
        .doUpdateSet((eb) => ({ orders: eb('master_order_buyer_counts.orders', '+', change) })),
    )
    .execute()
  for (const categoryId of [...new Set(order.categoryIds)].sort((a, b) => a - b)) {
    await trx
      .insertInto('master_order_category_counts')
      .values({ category_id: categoryId, status, orders: change })
      .onConflict((oc) =>
        oc
          .columns(['category_id', 'status'])
          .doUpdateSet((eb) => ({ orders: eb('master_order_category_counts.orders', '+', change) })),
      )
      .execute()
  }
}

/** The orders in these statuses (every status when none are named): all of them, a category's, a buyer's or a KAM's buyers'. */
export async function ordersInStatuses(
  db: Executor,
  statuses: readonly MasterOrderStatus[] | undefined,
  of: CountOf = null,
): Promise<number> {
  const total = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n ?? 0)
  if (of && 'categoryId' in of) {
    let query = db
      .selectFrom('master_order_category_counts')
      .select((eb) => eb.fn.sum<number>('orders').as('n'))
      .where('category_id', '=', of.categoryId)
    if (statuses) query = query.where('status', 'in', statuses)
    return total(query)
  }
  if (of && ('buyerId' in of || 'kamUserId' in of)) {
    let query = db.selectFrom('master_order_buyer_counts').select((eb) => eb.fn.sum<number>('orders').as('n'))
    if (of.buyerId !== undefined) query = query.where('buyer_id', '=', of.buyerId)
    if (of.kamUserId !== undefined)
      query = query.where(
        'buyer_id',
        'in',
        db.selectFrom('buyers').select('buyers.id').where('buyers.kam_user_id', '=', of.kamUserId),
      )
    if (statuses) query = query.where('status', 'in', statuses)
    return total(query)
  }
  let query = db.selectFrom('master_order_counts').select((eb) => eb.fn.sum<number>('orders').as('n'))
  if (statuses) query = query.where('status', 'in', statuses)
  return total(query)
}

/** The counts worked out again from the orders themselves, after a bulk load. */
export async function recountStatuses(db: Executor): Promise<void> {
  await db.deleteFrom('master_order_counts').execute()
  await db
    .insertInto('master_order_counts')
    .columns(['status', 'orders'])
    .expression((eb) =>
      eb
        .selectFrom('master_orders')
        .select((inner) => ['status', inner.fn.countAll<number>().as('orders')])
        .groupBy('status'),
    )
    .execute()
  await db.deleteFrom('master_order_buyer_counts').execute()
  await db
    .insertInto('master_order_buyer_counts')
    .columns(['buyer_id', 'status', 'orders'])
    .expression((eb) =>
      eb
        .selectFrom('master_orders')
        .select((inner) => ['buyer_id', 'status', inner.fn.countAll<number>().as('orders')])
        .groupBy(['buyer_id', 'status']),
    )
    .execute()
  await db.deleteFrom('master_order_category_counts').execute()
  await db
    .insertInto('master_order_category_counts')
    .columns(['category_id', 'status', 'orders'])
    .expression((eb) =>
      eb
        .selectFrom('master_order_categories')
        .select((inner) => ['category_id', 'status', inner.fn.countAll<number>().as('orders')])
        .groupBy(['category_id', 'status']),
    )
    .execute()
}
