import { lockedRead } from '#db/locks'
import type { Executor } from '~/platform/executor'

// The parent locks (docs/domain.md "The two databases and several processes"). A transaction that
// changes a seller order, or works out a figure from a master order's seller orders or lines (its
// status, totals, the reports' rows, the status counts), first takes the master order's row: a
// second transaction on the same order waits, then reads what the first left, so two processes on
// PostgreSQL never both derive from the old siblings. Rows are always taken in one order, so no two
// transactions wait on each other in a circle: the buyer's account (a step that writes the ledger),
// then master orders by id, then everything else (counts and report rows, in key order).

/** Takes a master order's row for the rest of the transaction; answers its status and buyer (undefined: no such order). */
export async function lockMasterOrder(trx: Executor, masterOrderId: number) {
  return lockedRead(
    trx,
    trx
      .selectFrom('master_orders')
      .select(['id', 'code', 'status', 'buyer_id', 'credit_hold'])
      .where('id', '=', masterOrderId),
  ).executeTakeFirst()
}

/** Takes several master orders' rows, by id (the one order every transaction takes them in). */
export async function lockMasterOrders(trx: Executor, masterOrderIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(masterOrderIds)].sort((a, b) => a - b)) await lockMasterOrder(trx, id)
}

/** A seller order's master order and buyer, read without a lock (undefined: no such seller order). */
export async function ownerOf(trx: Executor, sellerOrderId: number) {
  return trx
    .selectFrom('seller_orders')
    .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
    .select(['seller_orders.master_order_id', 'master_orders.buyer_id'])
    .where('seller_orders.id', '=', sellerOrderId)
    .executeTakeFirst()
}

/**
 * The first thing a transaction on a seller order does: takes its master order's row (a step that
 * writes the buyer's ledger takes the account row before it: app/lifecycle/seller-orders.server.ts).
 * Answers the master order's id, or undefined when there is no such seller order.
 */
export async function lockParentOf(trx: Executor, sellerOrderId: number): Promise<number | undefined> {
  const owner = await ownerOf(trx, sellerOrderId)
  if (!owner) return undefined
  await lockMasterOrder(trx, owner.master_order_id)
  return owner.master_order_id
}
