import type { Database } from '#db/database'
import type { MasterOrderStatus, SellerOrderStatus } from '#db/types'
import { type Executor } from '~/platform/executor'
import { takeStep } from '~/platform/steps.server'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { lockMasterOrder, lockMasterOrders } from '~/features/orders/locks.server'
import { notifySeller } from '~/features/orders/notify.server'
import { sellerOrderMachine, sellerOrderSteps } from '~/features/orders/states'
import { moveMasterStatus } from '~/features/orders/steps.server'
import { placeCart as placeCartOrder, type CreditHeld, type OrderPlaced } from '~/features/orders/place.server'
import { importChannelOrders as importChannelCsv } from '~/features/orders/channel-import.server'
import type { Channel } from '~/features/orders/channels'
import { placeLines, type LinesToPlace } from '~/features/orders/place-lines.server'
import { cancelOpenInspections } from '~/features/qc/schedule.server'
import { refreshOrderFacts } from '~/features/reports/facts.server'
import { lockAccount, masterOrderSettled } from '~/features/settlements/ledger.server'
import { buyerCredit, holdFigures, holdReason } from '~/features/credit/credit.server'
import { tellFinanceOfHold } from '~/features/credit/notify.server'
import { creditHoldMachine } from '~/features/credit/states'
import { autoApprove } from '~/features/orders/steps.server'
import { formatMoney } from '~/utils/format'
import { masterOrderMoved, masterOrderPlaced, sellerOrderMoved, sellerOrderReceived } from './webhooks.server'

// The master order in the lifecycle (docs/decisions/0013-one-lifecycle-and-steps.md): its status
// follows its seller orders and its settlement, and its report rows follow it. Every transaction
// that moves a seller order, settles an invoice or cancels an order ends here; the features below
// (orders, settlements, QC, reports) change only their own records and never call back up.

type Actor = { userId: number }

/**
 * A master order's status worked out again and stored when it moved (orders' moveMasterStatus), its
 * report rows brought up to date, and, once everything is delivered, whether settlements have it
 * all invoiced and paid (then it is closed). Call it in the transaction of every seller-order change.
 */
export async function refreshMasterStatus(
  trx: Executor,
  masterOrderId: number,
  actorUserId: number | null,
): Promise<void> {
  // The order's row first (the caller has normally taken it already): what is read next is the latest.
  const order = await lockMasterOrder(trx, masterOrderId)
  if (!order) throw new Error(`no master order ${masterOrderId}`)
  // A seller order's step may move the reports' figures even when the order's status stays.
  await refreshOrderFacts(trx, masterOrderId)
  await moveMaster(trx, order, actorUserId)
}

/** The master order's status worked out and stored (orders' moveMasterStatus); a move is told by webhook. */
async function moveMaster(trx: Executor, order: { id: number; status: MasterOrderStatus }, actorUserId: number | null) {
  const status = await moveMasterStatus(trx, order.id, actorUserId, () => masterOrderSettled(trx, order.id))
  if (status !== order.status) await masterOrderMoved(trx, order.id, order.status)
}

/** After invoices settle (a payment, a credit note, an invoice paid from an advance): their delivered orders close. */
export async function closeSettled(trx: Executor, masterOrderIds: number[], actorUserId: number | null): Promise<void> {
  if (!masterOrderIds.length) return
  // Every order's row before any is worked out, by id (orders/locks.server.ts): no figure is written while waiting for a lock.
  await lockMasterOrders(trx, masterOrderIds)
  for (const id of masterOrderIds) await refreshMasterStatus(trx, id, actorUserId)
}

/**
 * Cancels a whole master order, with a reason, while none of its seller orders is dispatched: every
 * seller order still open takes its cancel step (each audited, its open inspections cancelled, its
 * seller told), and the master order becomes cancelled. A seller order that moves on meanwhile
 * makes it refuse (the step helper's "already ...") and change nothing.
 */
export async function cancelMasterOrder(
  db: Database,
  actor: Actor,
  masterOrderId: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => ({
      ok: true as const,
      value: await cancelMasterOrderIn(trx, actor, masterOrderId, reason),
    })),
  )
}

/**
 * cancelMasterOrder in the caller's transaction. An order on credit hold is cancelled with its hold
 * (the credit hold's cancel step, audited with the reason); its sellers never heard of it and are not told.
 */
async function cancelMasterOrderIn(
  trx: Executor,
  actor: Actor,
  masterOrderId: number,
  reason: string,
): Promise<{ code: string }> {
  const note = reason.trim().slice(0, 1000)
  if (!note) throw new Refused('reason', 'Say why the order is cancelled: the buyer’s KAM and the sellers read it')
  const order = await lockMasterOrder(trx, masterOrderId)
  if (!order) throw Refused.notFound('There is no such order.')
  const held = order.credit_hold === 'held'
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
  if (held)
    await takeStep(trx, creditHoldMachine, masterOrderId, 'cancel', {
      actorUserId: actor.userId,
      current: 'held',
      note,
      set: { credit_decided_by: actor.userId, credit_decided_at: at, credit_decision_note: note, updated_at: at },
    })
  const cancellable = sellerOrderSteps.cancel.from as readonly SellerOrderStatus[]
  for (const sellerOrder of sellerOrders.filter((s) => cancellable.includes(s.status))) {
    await takeStep(trx, sellerOrderMachine, sellerOrder.id, 'cancel', {
      actorUserId: actor.userId,
      current: sellerOrder.status,
      note,
      set: {
        decided_by: actor.userId,
        decided_at: at,
        decision_note: note,
        counter_offer_json: null,
        updated_at: at,
      },
    })
    await cancelOpenInspections(trx, sellerOrder.id, actor.userId, note)
    // The sellers of an order held on credit never heard of it (nor do their webhooks: webhooks.server.ts).
    if (!held) await notifySeller(trx, sellerOrder.id, 'cancelled', note)
    await sellerOrderMoved(trx, sellerOrder.id, sellerOrder.status, 'cancelled', { reason: note })
  }
  await trx
    .updateTable('master_orders')
    .set({ cancel_reason: note, updated_at: at })
    .where('id', '=', masterOrderId)
    .execute()
  await refreshMasterStatus(trx, masterOrderId, actor.userId)
  return { code: order.code }
}

/**
 * What follows a placed order (orders' writeOrder hands it the order in its transaction): the buyer,
 * its sellers (unless it is on credit hold) and staff hear of it by webhook, an order whose seller
 * order was approved as it was placed moves on at once, and its report rows are written.
 */
export const orderPlaced: OrderPlaced = Object.assign(
  async (trx: Executor, order: { id: number; autoApproved: boolean }, actorUserId: number) => {
    await masterOrderPlaced(trx, order.id)
    // An order held on credit: business finance hears of it at once (e-mail and in-app inbox).
    await tellFinanceOfHold(trx, order.id)
    if (order.autoApproved) await moveMaster(trx, { id: order.id, status: 'placed' }, actorUserId)
    await refreshOrderFacts(trx, order.id)
  },
  { creditHold },
)

/**
 * The credit rule (docs/domain.md "Credit"), asked as an order is placed: an order that takes its
 * buyer's exposure over its credit limit, or for a buyer with invoices overdue beyond the grace
 * period, waits on credit hold. The buyer's account row is locked first, so of two orders placed at
 * once for one buyer the second reads the first's value in the exposure.
 */
async function creditHold(trx: Executor, order: { buyerId: number; totalMinor: number }): Promise<CreditHeld | null> {
  await lockAccount(trx, order.buyerId)
  const credit = await buyerCredit(trx, order.buyerId)
  const reason = credit ? holdReason(credit, order.totalMinor, formatMoney) : null
  return credit && reason ? { reason, ...holdFigures(credit, order.totalMinor) } : null
}

/**
 * Business finance (or an admin) releases an order held on credit, with a reason: its seller orders
 * go to their sellers (each approved at once where its seller is marked for it, else waiting for
 * approval), told by e-mail, and the order moves on. A partial release names the seller orders that
 * go on (`only`); the others are cancelled with the same reason, their sellers never told (docs/
 * domain.md "Credit": partial release). Two deciders at once: the order's row is locked and the
 * hold moves by a conditional update, so the second is told who released or cancelled it.
 */
export async function releaseCreditHold(
  db: Database,
  actor: Actor,
  masterOrderId: number,
  reason: string,
  only?: number[],
): Promise<Result<{ code: string; cancelled: string[] }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const note = reason.trim().slice(0, 1000)
      const order = await lockMasterOrder(trx, masterOrderId)
      if (!order) throw Refused.notFound('There is no such order.')
      const at = new Date().toISOString()
      const release = () =>
        takeStep(trx, creditHoldMachine, masterOrderId, 'release', {
          actorUserId: actor.userId,
          current: order.credit_hold,
          note,
          reason: { field: 'reason', message: 'Say why the order may go on: it is kept in the order’s history.' },
          set: { credit_decided_by: actor.userId, credit_decided_at: at, credit_decision_note: note, updated_at: at },
        })
      // Released or cancelled meanwhile: the hold's step refuses, saying by whom and when.
      if (order.credit_hold !== 'held') await release()
      const waiting = await trx
        .selectFrom('seller_orders')
        .select(['id', 'code', 'seller_id'])
        .where('master_order_id', '=', masterOrderId)
        .where('status', '=', 'pending_approval')
        .orderBy('id')
        .execute()
      const chosen = only ? waiting.filter((s) => only.includes(s.id)) : waiting
      if (only && (!chosen.length || chosen.length !== new Set(only).size))
        throw new Refused(
          'sellerOrders',
          'Choose at least one of the order’s seller orders to release, or cancel the whole order.',
        )
      const cancelled: string[] = []
      for (const sellerOrder of waiting.filter((s) => !chosen.includes(s))) {
        await takeStep(trx, sellerOrderMachine, sellerOrder.id, 'cancel', {
          actorUserId: actor.userId,
          current: 'pending_approval',
          note: `Not released from credit hold: ${note}`,
          set: {
            decided_by: actor.userId,
            decided_at: at,
            decision_note: `Not released from credit hold: ${note}`,
            counter_offer_json: null,
            updated_at: at,
          },
        })
        // Its seller never heard of it (the order was held): no e-mail; the webhook keeps it from the seller.
        await sellerOrderMoved(trx, sellerOrder.id, 'pending_approval', 'cancelled', { reason: note })
        cancelled.push(sellerOrder.code)
      }
      // After the cancels, so their webhooks still read the order as held and never reach the sellers.
      await release()
      const sellerOrders = chosen
      for (const sellerOrder of sellerOrders) {
        const approved = await autoApprove(trx, sellerOrder.id, sellerOrder.seller_id, actor.userId)
        await notifySeller(trx, sellerOrder.id, approved ? 'approved' : 'created')
        await sellerOrderReceived(trx, sellerOrder.id)
      }
      await refreshMasterStatus(trx, masterOrderId, actor.userId)
      return { ok: true as const, value: { code: order.code, cancelled } }
    }),
  )
}

/** Business finance (or an admin) cancels an order held on credit, with a reason; its sellers never heard of it. */
export async function cancelHeldOrder(
  db: Database,
  actor: Actor,
  masterOrderId: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const note = reason.trim().slice(0, 1000)
      if (!note) throw new Refused('reason', 'Say why the order is cancelled: it is kept in the order’s history.')
      const order = await lockMasterOrder(trx, masterOrderId)
      if (!order) throw Refused.notFound('There is no such order.')
      // Only a held order is cancelled here (the hold's step refuses one already released or cancelled, saying by whom).
      if (order.credit_hold !== 'held')
        await takeStep(trx, creditHoldMachine, masterOrderId, 'cancel', {
          actorUserId: actor.userId,
          current: order.credit_hold,
          note,
        })
      return { ok: true as const, value: await cancelMasterOrderIn(trx, actor, masterOrderId, note) }
    }),
  )
}

/** Places a buyer's cart (orders' placeCart) with what follows a placed order. */
export function placeCart(db: Database, actor: Actor, buyerId: number, idempotencyKey: string, now?: Date) {
  return placeCartOrder(db, actor, buyerId, idempotencyKey, orderPlaced, now)
}

/** Imports a channel's CSV export (orders' importChannelOrders) with what follows each placed order. */
export function importChannelOrders(db: Database, actor: Actor, channel: Channel, text: string, now?: Date) {
  return importChannelCsv(db, actor, channel, text, orderPlaced, now)
}

/** Places an order of lines sent whole (orders' placeLines: through the cart's rules) with what follows a placed order. */
export function placeOrderLines(
  db: Database,
  actor: Actor,
  buyerId: number,
  input: LinesToPlace,
  idempotencyKey: string | undefined,
  now?: Date,
) {
  return placeLines(db, actor, buyerId, input, idempotencyKey, orderPlaced, now)
}
