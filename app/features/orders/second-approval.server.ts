import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { Refused } from '~/utils/refusal.server'

// The second approver (docs/domain.md "Approval rules"): a seller order whose value to the buyer is
// above the second-approval threshold of a category of one of its lines (the strictest: any one it
// exceeds) needs two different people to approve it. The first approval is kept on the order
// (first_approved_by / _at, audited) and leaves it waiting; a different person's approval then takes
// the approve step. Called with the master order's row locked (the lifecycle's sellerOrderStepIn).

/**
 * The strictest threshold the order's value exceeds (the lowest), with its category; undefined: one
 * approver is enough. `valueMinor`: the value to judge instead of the order's own (a counter-offer's
 * lines, the value after the change).
 */
export async function secondApprovalRule(
  trx: Executor,
  sellerOrderId: number,
  valueMinor?: number,
): Promise<{ category: string; aboveMinor: number } | undefined> {
  const rows = await trx
    .selectFrom('seller_orders')
    .innerJoin('sub_orders', 'sub_orders.seller_order_id', 'seller_orders.id')
    .innerJoin('categories', 'categories.id', 'sub_orders.category_id')
    .select(['seller_orders.value_minor', 'categories.name', 'categories.second_approval_above_minor'])
    .where('seller_orders.id', '=', sellerOrderId)
    .where('categories.second_approval_above_minor', 'is not', null)
    .execute()
  const exceeded = rows
    .map((r) => ({
      category: r.name,
      aboveMinor: Number(r.second_approval_above_minor),
      value: valueMinor ?? Number(r.value_minor),
    }))
    .filter((r) => r.value > r.aboveMinor)
    .sort((a, b) => a.aboveMinor - b.aboveMinor)
  return exceeded[0] && { category: exceeded[0].category, aboveMinor: exceeded[0].aboveMinor }
}

/**
 * Before the approve step (or the accept_counter step, `valueMinor` then being the value with the
 * counter-offer's lines) of a seller order waiting for approval: where it needs two approvers and
 * none has approved it yet, records this approval as the first (a conditional update: of two at once
 * exactly one is first) and answers true, the order staying pending; the first approver approving
 * again is refused. Answers false where the approve step is to be taken (one approver is enough, or
 * this is the second, different, person).
 */
export async function firstApprovalIn(
  trx: Executor,
  actorUserId: number,
  sellerOrderId: number,
  at: string,
  valueMinor?: number,
): Promise<boolean> {
  const order = await trx
    .selectFrom('seller_orders')
    .leftJoin('users', 'users.id', 'seller_orders.first_approved_by')
    .select(['seller_orders.code', 'seller_orders.status', 'seller_orders.first_approved_by', 'users.name as first'])
    .where('seller_orders.id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  if (order.status !== 'pending_approval') return false
  const rule = await secondApprovalRule(trx, sellerOrderId, valueMinor)
  if (!rule) return false
  // In words without the amount: the supplier team approves but does not see order values.
  const why = `orders of ${rule.category} above its second-approval threshold need two approvers`
  if (order.first_approved_by === actorUserId)
    throw new Refused(
      undefined,
      `You gave ${order.code} its first approval: a different person must give the second (${why}).`,
    )
  if (order.first_approved_by !== null) return false
  const recorded = await trx
    .updateTable('seller_orders')
    .set({ first_approved_by: actorUserId, first_approved_at: at, updated_at: at })
    .where('id', '=', sellerOrderId)
    .where('status', '=', 'pending_approval')
    .where('first_approved_by', 'is', null)
    .executeTakeFirst()
  if (Number(recorded.numUpdatedRows) !== 1)
    throw new Refused(undefined, `Someone else approved ${order.code} at the same moment: reload the page.`)
  await audit(trx, {
    actorUserId,
    action: 'seller_order.first_approved',
    entityType: 'seller_order',
    entityId: sellerOrderId,
    after: { code: order.code, second_approval_above: rule.aboveMinor },
    note: `First approval: ${why}; a different person approves it next.`,
  })
  return true
}
