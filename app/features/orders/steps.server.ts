import { refreshOrderFacts } from '../reports/facts.server'
import type { Database } from '#db/database'
import type { SellerOrderStatus } from '#db/types'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { formatDateTime } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { isFlagOn } from '../flags/flags.server'
import { ROLE_KEYS } from '~/auth/roles'
import { cancelOpenInspections } from '../qc/schedule.server'
import { masterOrderSettled, raiseInvoice } from '../settlements/ledger.server'
import { countInStatus } from './counts.server'
import { lockMasterOrder, lockParentOf } from './locks.server'
import { notifyKam, notifySeller, type SellerOrderEvent } from './notify.server'
import { masterStatusOf, sellerOrderSteps, type SellerOrderStep, type SellerOrderStepName } from './states'

/** Who takes a step; `onBehalf`: staff taking the seller's own step for it (the audit then names the seller). */
type Actor = { userId: number; onBehalf?: boolean }

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

/** Steps the seller's users are told of by e-mail (its own steps it knows). */
const SELLER_EVENTS: Partial<Record<SellerOrderStepName, SellerOrderEvent>> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
}

/** Steps that decide a seller order: who decided, when and why is kept on it. */
const DECISIONS: readonly SellerOrderStepName[] = ['approve', 'reject', 'accept_counter', 'cancel']

/**
 * A master order's status worked out again from its seller orders and stored when it moved, with
 * an entry in its history. Call it in the transaction of every seller-order change.
 */
export async function refreshMasterStatus(
  trx: Executor,
  masterOrderId: number,
  actorUserId: number | null,
): Promise<void> {
  // The order's row first (locks.server.ts; the caller has normally taken it already): the seller orders read next are the latest.
  const order = await lockMasterOrder(trx, masterOrderId)
  if (!order) throw new Error(`no master order ${masterOrderId}`)
  const sellerOrders = await trx
    .selectFrom('seller_orders')
    .select(['status', 'moved_to_id'])
    .where('master_order_id', '=', masterOrderId)
    .execute()
  // A seller order's step may move the reports' figures even when the order's status stays.
  await refreshOrderFacts(trx, masterOrderId)
  const counted = sellerOrders.map((s) => ({ status: s.status, movedOn: s.moved_to_id !== null }))
  let status = masterStatusOf(counted, order.status === 'closed')
  // Delivered and settled (every delivered seller order invoiced, every invoice paid or credited): closed.
  if (status === 'delivered' && (await masterOrderSettled(trx, masterOrderId))) status = masterStatusOf(counted, true)
  if (status === order.status) return
  await trx
    .updateTable('master_orders')
    .set({ status, updated_at: new Date().toISOString() })
    .where('id', '=', masterOrderId)
    .execute()
  const categories = await trx
    .updateTable('master_order_categories')
    .set({ status })
    .where('master_order_id', '=', masterOrderId)
    .returning('category_id')
    .execute()
  const kept = { buyerId: order.buyer_id, categoryIds: categories.map((c) => c.category_id) }
  await countInStatus(trx, order.status, -1, kept)
  await countInStatus(trx, status, 1, kept)
  await audit(trx, {
    actorUserId,
    action: 'master_order.status_changed',
    entityType: 'master_order',
    entityId: masterOrderId,
    before: { status: order.status },
    after: { status },
  })
  await notifyKam(trx, masterOrderId, status)
}

/**
 * A new seller order of a seller marked for automatic approval, while the seller_order_auto_approve
 * flag is on: approved at once, in the transaction that made it, with a history entry that names
 * the flag. Answers whether it was approved.
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
  const at = new Date().toISOString()
  const note = `Approved automatically: ${seller.name} is marked for automatic approval and the seller_order_auto_approve flag is on`
  const updated = await trx
    .updateTable('seller_orders')
    .set({
      status: 'approved',
      decided_by: null,
      decided_at: at,
      decision_note: 'Approved automatically (flag seller_order_auto_approve)',
      updated_at: at,
    })
    .where('id', '=', sellerOrderId)
    .where('status', '=', 'pending_approval')
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return false
  await audit(trx, {
    actorUserId,
    action: 'seller_order.approved',
    entityType: 'seller_order',
    entityId: sellerOrderId,
    before: { status: 'pending_approval' },
    after: { status: 'approved' },
    note,
  })
  return true
}

/**
 * Takes one step of a seller order (the step table in states.ts): a conditional update from the
 * states the step starts from, so of two people deciding at once exactly one wins and the other is
 * told who did what and when. The master order's status follows in the same transaction, and the
 * step is audited with its reason. Who may take which step is the caller's check (the route's
 * portal and scope); accepting a counter-offer has its own function, as it changes the lines.
 */
export async function takeSellerOrderStep(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  name: SellerOrderStepName,
  reason = '',
): Promise<Result<{ code: string; status: SellerOrderStatus }>> {
  return refusals(() => db.transaction().execute((trx) => sellerOrderStepIn(trx, actor, sellerOrderId, name, reason)))
}

/**
 * takeSellerOrderStep inside the caller's transaction (a transport booking picks up and delivers
 * its seller orders with its own change). A refusal is answered, not thrown: the caller decides
 * whether its own change stands without it. Delivering raises the buyer's invoice.
 */
export async function sellerOrderStepIn(
  trx: Executor,
  actor: Actor,
  sellerOrderId: number,
  name: SellerOrderStepName,
  reason = '',
  now = new Date(),
): Promise<Result<{ code: string; status: SellerOrderStatus }>> {
  const step: SellerOrderStep = sellerOrderSteps[name]
  if (name === 'accept_counter') throw new Error('accepting a counter-offer changes the lines: use acceptCounterOffer')
  const note = reason.trim().slice(0, 1000)
  if (step.needsReason && !note) throw new Refused('reason', 'Say why: the seller and the team read it')
  const at = now.toISOString()
  // The master order first (delivering raises an invoice: the buyer's account before it), then the seller order as it is now.
  if ((await lockParentOf(trx, sellerOrderId, { account: name === 'deliver' })) === undefined)
    return { ok: false as const, notFound: true, message: 'There is no such seller order.' }
  const current = await trx
    .selectFrom('seller_orders')
    .select(['status'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  const decides = DECISIONS.includes(name)
  // Conditional on the status just read: a change by someone else in between makes it update nothing.
  // Deciding an order that waits for approval sets aside a counter-offer recorded on it (approved or rejected as it stands).
  const updated = (step.from as readonly SellerOrderStatus[]).includes(current.status)
    ? await trx
        .updateTable('seller_orders')
        .set({
          status: step.to,
          updated_at: at,
          ...(decides ? { decided_by: actor.userId, decided_at: at, decision_note: note || null } : {}),
          ...(current.status === 'pending_approval' ? { counter_offer_json: null } : {}),
        })
        .where('id', '=', sellerOrderId)
        .where('status', '=', current.status)
        .returning(['code', 'master_order_id'])
        .executeTakeFirst()
    : undefined
  if (!updated) {
    const now = await trx
      .selectFrom('seller_orders')
      .leftJoin('users', 'users.id', 'seller_orders.decided_by')
      .select(['seller_orders.code', 'seller_orders.status', 'seller_orders.decided_at', 'users.name as decider'])
      .where('seller_orders.id', '=', sellerOrderId)
      .executeTakeFirstOrThrow()
    const who = now.decider && now.decided_at ? ` (decided by ${now.decider}, ${formatDateTime(now.decided_at)})` : ''
    return {
      ok: false as const,
      message: `${now.code} is ${now.status.replace(/_/g, ' ')}${who}: it cannot be ${step.done.replace(/_/g, ' ')} now, and nothing was changed.`,
    }
  }
  await audit(trx, {
    actorUserId: actor.userId,
    action: `seller_order.${step.done}`,
    entityType: 'seller_order',
    entityId: sellerOrderId,
    before: { status: current.status },
    after: {
      status: step.to,
      ...(actor.onBehalf && step.by === 'seller' ? await forSellerOf(trx, sellerOrderId) : {}),
    },
    note: note || null,
  })
  if (name === 'cancel') await cancelOpenInspections(trx, sellerOrderId, actor.userId, note)
  const event = SELLER_EVENTS[name]
  if (event) await notifySeller(trx, sellerOrderId, event, note || null)
  if (name === 'deliver') await raiseInvoice(trx, sellerOrderId, actor.userId, now)
  await refreshMasterStatus(trx, updated.master_order_id, actor.userId)
  return { ok: true as const, value: { code: updated.code, status: step.to } }
}

/**
 * Cancels a whole master order, with a reason, while none of its seller orders is dispatched: every
 * seller order still open is cancelled (each audited), and the master order becomes cancelled. A
 * seller order that moves on meanwhile makes it refuse and change nothing.
 */
export async function cancelMasterOrder(
  db: Database,
  actor: Actor,
  masterOrderId: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  const note = reason.trim().slice(0, 1000)
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      if (!note) throw new Refused('reason', 'Say why the order is cancelled: the buyer’s KAM and the sellers read it')
      const order = await lockMasterOrder(trx, masterOrderId)
      if (!order) return { ok: false as const, notFound: true, message: 'There is no such order.' }
      const sellerOrders = await trx
        .selectFrom('seller_orders')
        .select(['id', 'code', 'status'])
        .where('master_order_id', '=', masterOrderId)
        .execute()
      const gone = sellerOrders.filter((s) => s.status === 'dispatched' || s.status === 'delivered')
      if (gone.length)
        throw new Refused(
          undefined,
          `${gone.map((s) => s.code).join(', ')} ${gone.length === 1 ? 'is' : 'are'} already dispatched: the order can no longer be cancelled as a whole.`,
        )
      const at = new Date().toISOString()
      const cancellable = sellerOrderSteps.cancel.from as readonly SellerOrderStatus[]
      for (const sellerOrder of sellerOrders.filter((s) => cancellable.includes(s.status))) {
        const updated = await trx
          .updateTable('seller_orders')
          .set({
            status: 'cancelled',
            decided_by: actor.userId,
            decided_at: at,
            decision_note: note,
            counter_offer_json: null,
            updated_at: at,
          })
          .where('id', '=', sellerOrder.id)
          .where('status', '=', sellerOrder.status)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0)
          throw new Refused(
            undefined,
            `${sellerOrder.code} changed while you were cancelling: reload the order and try again.`,
          )
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'seller_order.cancelled',
          entityType: 'seller_order',
          entityId: sellerOrder.id,
          before: { status: sellerOrder.status },
          after: { status: 'cancelled' },
          note,
        })
        await cancelOpenInspections(trx, sellerOrder.id, actor.userId, note)
        await notifySeller(trx, sellerOrder.id, 'cancelled', note)
      }
      await trx
        .updateTable('master_orders')
        .set({ cancel_reason: note, updated_at: at })
        .where('id', '=', masterOrderId)
        .execute()
      await refreshMasterStatus(trx, masterOrderId, actor.userId)
      return { ok: true as const, value: { code: order.code } }
    }),
  )
}
