import { secondApprovalRule } from './second-approval.server'
import { ROLE_KEYS } from '~/auth/roles'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { takeStep } from '~/platform/steps.server'
import { isFlagOn } from '../flags/flags.server'
import { countInStatus } from './counts.server'
import { lockMasterOrder } from './locks.server'
import { notifyKam } from './notify.server'
import { masterOrderMachine, masterStatusOf, sellerOrderMachine } from './states'

// The orders' own part of their steps: the records of orders only. What moves with a step in other
// features (QC inspections, the buyer's invoice, the reports' rows, whether the order is settled) is
// the lifecycle's (app/lifecycle/seller-orders.server.ts, master-orders.server.ts), which calls these.

/** The after-key that says for which seller staff took the seller's step ("by <person> for <seller>"). */
export async function forSellerOf(trx: Executor, sellerOrderId: number): Promise<{ for_seller: string }> {
  const seller = await trx
    .selectFrom('seller_orders')
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .select('sellers.name')
    .where('seller_orders.id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  return { for_seller: seller.name }
}

/**
 * A master order's status worked out again from its seller orders and stored when it moved, with
 * an entry in its history, the kept counts moved and the buyer's KAM told. `settled` says whether
 * everything delivered is invoiced and paid (asked only when every counting seller order is
 * delivered; the lifecycle asks settlements). Becoming cancelled is the master order's one step
 * (masterOrderMachine), taken through the step helper. Answers the status.
 */
export async function moveMasterStatus(
  trx: Executor,
  masterOrderId: number,
  actorUserId: number | null,
  settled: () => Promise<boolean> = async () => false,
) {
  // The order's row first (locks.server.ts; the caller has normally taken it already): the seller orders read next are the latest.
  const order = await lockMasterOrder(trx, masterOrderId)
  if (!order) throw new Error(`no master order ${masterOrderId}`)
  const sellerOrders = await trx
    .selectFrom('seller_orders')
    .select(['status', 'moved_to_id'])
    .where('master_order_id', '=', masterOrderId)
    .execute()
  const counted = sellerOrders.map((s) => ({ status: s.status, movedOn: s.moved_to_id !== null }))
  let status = masterStatusOf(counted, order.status === 'closed')
  // Delivered and settled (every delivered seller order invoiced, every invoice paid or credited): closed.
  if (status === 'delivered' && (await settled())) status = masterStatusOf(counted, true)
  if (status === order.status) return status
  const moved = async ({ from, to }: { from: typeof status; to: typeof status }) => {
    const categories = await trx
      .updateTable('master_order_categories')
      .set({ status: to })
      .where('master_order_id', '=', masterOrderId)
      .returning('category_id')
      .execute()
    const kept = { buyerId: order.buyer_id, categoryIds: categories.map((c) => c.category_id) }
    await countInStatus(trx, from, -1, kept)
    await countInStatus(trx, to, 1, kept)
    await notifyKam(trx, masterOrderId, to)
  }
  const updatedAt = new Date().toISOString()
  if (status === 'cancelled') {
    await takeStep(trx, masterOrderMachine, masterOrderId, 'cancel', {
      actorUserId,
      current: order.status,
      set: { updated_at: updatedAt },
      action: 'master_order.status_changed',
      moved,
    })
    return status
  }
  await trx
    .updateTable('master_orders')
    .set({ status, updated_at: updatedAt })
    .where('id', '=', masterOrderId)
    .execute()
  await audit(trx, {
    actorUserId,
    action: 'master_order.status_changed',
    entityType: 'master_order',
    entityId: masterOrderId,
    before: { status: order.status },
    after: { status },
  })
  await moved({ from: order.status, to: status })
  return status
}

/**
 * A new seller order of a seller marked for automatic approval, while the seller_order_auto_approve
 * flag is on: approved at once (the machine's approve step), in the transaction that made it, with a
 * history entry that names the flag. Answers whether it was approved.
 */
export async function autoApprove(
  trx: Executor,
  sellerOrderId: number,
  sellerId: number,
  actorUserId: number,
): Promise<boolean> {
  const seller = await trx
    .selectFrom('sellers')
    .select(['name', 'auto_approve_orders'])
    .where('id', '=', sellerId)
    .executeTakeFirst()
  if (seller?.auto_approve_orders !== 1 || !(await isFlagOn(trx, 'seller_order_auto_approve', ROLE_KEYS))) return false
  // An order that needs two approvers (docs/domain.md "Approval rules") waits for them, whatever the seller's mark.
  if (await secondApprovalRule(trx, sellerOrderId)) return false
  const at = new Date().toISOString()
  await takeStep(trx, sellerOrderMachine, sellerOrderId, 'approve', {
    actorUserId,
    set: {
      decided_by: null,
      decided_at: at,
      decision_note: 'Approved automatically (flag seller_order_auto_approve)',
      updated_at: at,
    },
    note: `Approved automatically: ${seller.name} is marked for automatic approval and the seller_order_auto_approve flag is on`,
  })
  return true
}
