import type { Database } from '#db/database'
import type { SellerOrderStatus } from '#db/types'
import { type Executor } from '~/platform/executor'
import { takeStep } from '~/platform/steps.server'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { lockMasterOrder, ownerOf } from '~/features/orders/locks.server'
import { notifySeller, type SellerOrderEvent } from '~/features/orders/notify.server'
import {
  buyerProposals,
  counterOfferDecisionIn,
  recordCounterOffer as recordOffer,
  type CounterLineInput,
} from '~/features/orders/counter-offer.server'
import { moveRejectedLinesIn } from '~/features/orders/reassign.server'
import { sellerOrderMachine, type SellerOrderStepName } from '~/features/orders/states'
import { firstApprovalIn } from '~/features/orders/second-approval.server'
import { forSellerOf } from '~/features/orders/steps.server'
import { advanceLine as advanceOrderLine, productionGate } from '~/features/orders/progress.server'
import { cancelOpenInspections } from '~/features/qc/schedule.server'
import { lockAccount, raiseInvoice } from '~/features/settlements/ledger.server'
import { cancelMasterOrder, closeSettled, refreshMasterStatus } from './master-orders.server'
import {
  counterOfferRecorded,
  invoiceRaised,
  sellerOrderEvent,
  sellerOrderMoved,
  sellerOrderReceived,
} from './webhooks.server'

// A seller order's step with what moves with it across features (docs/decisions/0013-one-lifecycle-
// and-steps.md): the step itself through the one step helper (orders/states.ts sellerOrderMachine),
// then cancelling its open QC inspections, raising the buyer's invoice on delivery when no pickup
// toward the buyer raised it (issue 52: the fallback; closing what that invoice's allocation settled), telling the seller (by e-mail and webhook), and the master
// order's status and report rows.

/** Who takes a step; `onBehalf`: staff taking the seller's own step for it (the audit then names the seller). */
export type Actor = { userId: number; onBehalf?: boolean }

/** Steps the seller's users are told of by e-mail (its own steps it knows). */
const SELLER_EVENTS: Partial<Record<SellerOrderStepName, SellerOrderEvent>> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
}

/** Steps that decide a seller order: who decided, when and why is kept on it. */
const DECISIONS: readonly SellerOrderStepName[] = ['approve', 'reject', 'accept_counter', 'cancel']

/**
 * Takes one step of a seller order (the machine in orders/states.ts): a conditional update from the
 * state read under the master order's lock, so of two people deciding at once exactly one wins and
 * the other is told who moved it and when. Who may take which step is the caller's check (the
 * route's portal and scope); accepting a counter-offer has its own function, as it changes the lines.
 */
export async function takeSellerOrderStep(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  name: SellerOrderStepName,
  reason = '',
): Promise<Result<{ code: string; status: SellerOrderStatus; firstApproval?: boolean }>> {
  return refusals(async () => ({
    ok: true as const,
    value: await db.transaction().execute((trx) => sellerOrderStepIn(trx, actor, sellerOrderId, name, reason)),
  }))
}

/**
 * takeSellerOrderStep inside the caller's transaction (a transport booking picks up and delivers its
 * seller orders with its own change). A refusal is thrown (Refused), so the whole transaction rolls
 * back; the caller that wants its own change to stand without the step catches it.
 */
export async function sellerOrderStepIn(
  trx: Executor,
  actor: Actor,
  sellerOrderId: number,
  name: SellerOrderStepName,
  reason = '',
  now = new Date(),
): Promise<{ code: string; status: SellerOrderStatus; firstApproval?: boolean }> {
  if (name === 'accept_counter') throw new Error('accepting a counter-offer changes the lines: use acceptCounterOffer')
  const step = sellerOrderMachine.steps[name]
  const note = reason.trim().slice(0, 1000)
  if (step.needsReason && !note) throw new Refused('reason', 'Say why: the seller and the team read it')
  const at = now.toISOString()
  // The master order first (delivering raises an invoice: the buyer's account before it), then the seller order as it is now.
  const owner = await ownerOf(trx, sellerOrderId)
  if (!owner) throw Refused.notFound('There is no such seller order.')
  if (name === 'deliver') await lockAccount(trx, owner.buyer_id)
  const master = await lockMasterOrder(trx, owner.master_order_id)
  if (master?.credit_hold === 'held')
    throw new Refused(
      undefined,
      `${master.code} is on credit hold: business finance releases or cancels it before its seller orders move.`,
    )
  const current = await trx
    .selectFrom('seller_orders')
    .select(['code', 'status'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  // An order above its category's threshold needs two approvers: the first approval is recorded, the order waits.
  if (name === 'approve' && (await firstApprovalIn(trx, actor.userId, sellerOrderId, at)))
    return { code: current.code, status: current.status, firstApproval: true }
  const decides = DECISIONS.includes(name)
  await takeStep(trx, sellerOrderMachine, sellerOrderId, name, {
    actorUserId: actor.userId,
    current: current.status,
    note,
    // Deciding an order that waits for approval sets aside a counter-offer recorded on it (approved or rejected as it stands).
    set: {
      updated_at: at,
      ...(decides ? { decided_by: actor.userId, decided_at: at, decision_note: note || null } : {}),
      ...(current.status === 'pending_approval' ? { counter_offer_json: null } : {}),
    },
    after: actor.onBehalf && step.by === 'seller' ? await forSellerOf(trx, sellerOrderId) : undefined,
    // Ready for QC, rework and dispatch wait for the lines' stages (a production gate), whoever takes them.
    guard: (t, id) => productionGate(t, id, name),
    now,
  })
  if (name === 'cancel') await cancelOpenInspections(trx, sellerOrderId, actor.userId, note)
  const event = SELLER_EVENTS[name]
  if (event) await notifySeller(trx, sellerOrderId, event, note || null)
  await sellerOrderMoved(trx, sellerOrderId, current.status, step.to, { reason: note })
  // The invoice is raised when the goods leave toward the buyer (the last mile's pickup); an order
  // delivered with none (stepped by hand, or moved before issue 52) is invoiced now, once.
  if (name === 'deliver')
    await invoiceRaisedIn(trx, actor, sellerOrderId, now, 'on delivery (no pickup toward the buyer raised it)')
  await refreshMasterStatus(trx, owner.master_order_id, actor.userId)
  return { code: current.code, status: step.to }
}

/** Raises a seller order's invoice (the ledger's raiseInvoice, once) with its webhook and what its allocation settled. */
async function invoiceRaisedIn(
  trx: Executor,
  actor: Actor,
  sellerOrderId: number,
  at: Date,
  occasion: string,
): Promise<{ id: number; number: string } | null> {
  const invoice = await raiseInvoice(trx, sellerOrderId, actor.userId, at, occasion)
  if (!invoice) return null
  await invoiceRaised(trx, invoice.id)
  await closeSettled(trx, invoice.settled, actor.userId)
  return { id: invoice.id, number: invoice.number }
}

/** Takes the buyer's account row of a seller order (before its master order's: the order every invoice takes them in). */
export async function lockBuyerAccountOf(trx: Executor, sellerOrderId: number): Promise<void> {
  const owner = await ownerOf(trx, sellerOrderId)
  if (!owner) throw Refused.notFound('There is no such seller order.')
  await lockAccount(trx, owner.buyer_id)
}

/**
 * The buyer's tax invoice of a seller order whose goods are removed toward the buyer (section 31
 * CGST Act: at or before the removal; docs/domain.md "When the invoice is raised (issue 52)"), in
 * the removal's transaction: the last mile's pickup, or just before it when its e-way bill must
 * name the invoice. Dated the day of `at` (the pickup). Only a seller order that is dispatched or
 * ready to be (QC passed), not on credit hold, is invoiced; raised once (the seller order's unique
 * invoice): answers null when it already has one. Refusals are thrown.
 */
export async function invoiceAtRemovalIn(
  trx: Executor,
  actor: Actor,
  sellerOrderId: number,
  at: Date,
  occasion: string,
): Promise<{ id: number; number: string } | null> {
  const owner = await ownerOf(trx, sellerOrderId)
  if (!owner) throw Refused.notFound('There is no such seller order.')
  await lockAccount(trx, owner.buyer_id)
  const master = await lockMasterOrder(trx, owner.master_order_id)
  const order = await trx
    .selectFrom('seller_orders')
    .select(['code', 'status'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  if (master?.credit_hold === 'held')
    throw new Refused(
      undefined,
      `${master.code} is on credit hold: no invoice is raised until business finance releases it.`,
    )
  if (order.status !== 'qc_passed' && order.status !== 'dispatched' && order.status !== 'delivered')
    throw new Refused(
      undefined,
      `${order.code} is ${order.status.replace(/_/g, ' ')}: its goods are not ready to leave, so no invoice is raised for them yet.`,
    )
  return invoiceRaisedIn(trx, actor, sellerOrderId, at, occasion)
}

/**
 * Staff accept the recorded counter-offer (orders' counterOfferDecisionIn: its lines replace the
 * seller order's, which takes its accept_counter step); the master order's status and report rows follow.
 * Above a category's second-approval threshold (with the offer's lines) the first acceptance only
 * records the first approval (`firstApproval`), as approving does.
 */
export async function acceptCounterOffer(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
): Promise<Result<{ code: string; firstApproval?: boolean }>> {
  return refusals<{ code: string; firstApproval?: boolean }>(() =>
    db.transaction().execute(async (trx) => {
      // Above the category's threshold the first acceptance is a first approval: the order waits, nothing else moves.
      const decided = await counterOfferDecisionIn(trx, actor, sellerOrderId, 'accept', '')
      if (decided.firstApproval) return { ok: true as const, value: { code: decided.code, firstApproval: true } }
      await sellerOrderMoved(trx, sellerOrderId, 'pending_approval', 'approved', { approvedBy: 'counter_offer' })
      await refreshMasterStatus(trx, decided.masterOrderId, actor.userId)
      return { ok: true as const, value: { code: decided.code } }
    }),
  )
}

/**
 * A rejected seller order's lines moved to another seller (orders' moveRejectedLinesIn: a new seller
 * order, approved at once where the seller is marked for it); the master order and its report rows follow.
 */
export async function moveRejectedLines(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  sellerId: number,
): Promise<Result<{ id: number; code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const moved = await moveRejectedLinesIn(trx, actor, sellerOrderId, sellerId)
      await sellerOrderReceived(trx, moved.id)
      await refreshMasterStatus(trx, moved.masterOrderId, actor.userId)
      return { ok: true as const, value: { id: moved.id, code: moved.code } }
    }),
  )
}

/**
 * Records the seller's counter-offer (orders' recordCounterOffer); its seller hears of it by webhook,
 * and its buyer when the offer gives it less or later (the buyer's agreement is then needed).
 */
export function recordCounterOffer(db: Database, actor: Actor, sellerOrderId: number, input: CounterLineInput[]) {
  return recordOffer(db, actor, sellerOrderId, input, async (trx, id) => {
    const row = await trx
      .selectFrom('seller_orders')
      .select(['id', 'counter_offer_json'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await counterOfferRecorded(trx, id, (await buyerProposals(trx, [row])).length > 0)
  })
}

/** Moves a line to its next production stage (orders' advanceLine); its seller hears of it by webhook. */
export function advanceLine(db: Database, actor: Actor, sellerId: number | null, subOrderId: number, from: number) {
  return advanceOrderLine(db, actor, sellerId, subOrderId, from, (trx, moved) =>
    sellerOrderEvent(trx, 'seller_order.stage_changed', moved.sellerOrderId, {
      line: { line_no: moved.lineNo, stage: moved.stage, previous_stage: moved.previousStage },
    }),
  )
}

/** The order moves an order's page and the approval queues hand their forms to (orders/decisions.server.ts). */
export const orderMoves = {
  takeSellerOrderStep,
  cancelMasterOrder,
  acceptCounterOffer,
  moveRejectedLines,
  recordCounterOffer,
  advanceLine,
}
