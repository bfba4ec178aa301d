import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { Refused } from '~/utils/refusal.server'
import { nextCode } from '~/platform/numbering.server'
import { lockParentOf } from './locks.server'
import { notifySeller } from './notify.server'
import { autoApprove } from './steps.server'
import { refreshTotals } from './totals.server'

type Actor = { userId: number }

/**
 * Moves the lines of a rejected seller order to another active seller with a live offer for every
 * one of them: a new seller order (pending approval) takes the lines at that seller's costs, and the
 * rejected one points to it, so the master order no longer waits on it. Conditional on the
 * rejected order not having moved yet: of two moves at once, one wins.
 */
export async function moveRejectedLinesIn(
  trx: Executor,
  actor: Actor,
  sellerOrderId: number,
  sellerId: number,
): Promise<{ id: number; code: string; masterOrderId: number }> {
  if ((await lockParentOf(trx, sellerOrderId)) === undefined) throw Refused.notFound('There is no such seller order.')
  const rejected = await trx
    .selectFrom('seller_orders')
    .select(['id', 'code', 'status', 'seller_id', 'master_order_id', 'moved_to_id'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirst()
  if (!rejected) throw Refused.notFound('There is no such seller order.')
  if (rejected.status !== 'rejected')
    throw new Refused(
      undefined,
      `${rejected.code} is not rejected: only a rejected seller order’s lines move to another seller.`,
    )
  if (rejected.moved_to_id !== null)
    throw new Refused(undefined, `${rejected.code}’s lines have already moved to another seller.`)
  if (sellerId === rejected.seller_id) throw new Refused('seller', 'Choose another seller than the one who rejected it')
  const seller = await trx
    .selectFrom('sellers')
    .select(['name', 'status'])
    .where('id', '=', sellerId)
    .executeTakeFirst()
  if (!seller || seller.status !== 'active') throw new Refused('seller', 'Choose an active seller')
  const lines = await trx
    .selectFrom('sub_orders')
    .innerJoin('product_skus', 'product_skus.id', 'sub_orders.product_sku_id')
    .leftJoin('seller_skus', (join) =>
      join
        .onRef('seller_skus.product_sku_id', '=', 'sub_orders.product_sku_id')
        .on('seller_skus.seller_id', '=', sellerId)
        .on('seller_skus.status', '=', 'live'),
    )
    .select(['sub_orders.id', 'product_skus.code', 'seller_skus.id as offer_id', 'seller_skus.cost_minor'])
    .where('sub_orders.seller_order_id', '=', sellerOrderId)
    .execute()
  const missing = lines.filter((line) => line.offer_id === null || line.cost_minor === null).map((line) => line.code)
  if (missing.length)
    throw new Refused(
      'seller',
      `${seller.name} has no live offer for ${missing.join(', ')}: choose a seller who offers every line`,
    )
  const at = new Date().toISOString()
  const code = await nextCode(trx, 'SO')
  const moved = await trx
    .insertInto('seller_orders')
    .values({
      code,
      master_order_id: rejected.master_order_id,
      seller_id: sellerId,
      status: 'pending_approval',
      value_minor: 0,
      cost_minor: 0,
      decided_by: null,
      decided_at: null,
      decision_note: null,
      counter_offer_json: null,
      moved_to_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The rejected order moves once: a second move finds moved_to_id set and changes nothing.
  const taken = await trx
    .updateTable('seller_orders')
    .set({ moved_to_id: moved.id, updated_at: at })
    .where('id', '=', sellerOrderId)
    .where('moved_to_id', 'is', null)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0)
    throw new Refused(undefined, `${rejected.code}’s lines have just been moved by someone else.`)
  for (const line of lines) {
    await trx
      .updateTable('sub_orders')
      .set({
        seller_order_id: moved.id,
        seller_sku_id: line.offer_id!,
        cost_minor: line.cost_minor!,
        ready_by: null,
        updated_at: at,
      })
      .where('id', '=', line.id)
      .execute()
  }
  await refreshTotals(trx, rejected.master_order_id)
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'seller_order.lines_moved',
    entityType: 'seller_order',
    entityId: sellerOrderId,
    after: { moved_to: code, seller: seller.name, lines: lines.length },
  })
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'seller_order.created',
    entityType: 'seller_order',
    entityId: moved.id,
    after: {
      code,
      moved_from: rejected.code,
      seller: seller.name,
      lines: lines.length,
      status: 'pending_approval',
    },
  })
  await notifySeller(trx, moved.id, (await autoApprove(trx, moved.id, sellerId, actor.userId)) ? 'approved' : 'created')
  return { id: moved.id, code, masterOrderId: rejected.master_order_id }
}
