import type { Database } from '#db/database'
import { refusals, type Result } from '~/utils/refusal.server'
import { recordPaymentIn, type PaymentInput } from '~/features/settlements/ledger.server'
import { issueNoteIn, type NoteInput } from '~/features/settlements/notes.server'
import type { NoteKind } from '~/features/settlements/notes'
import { closeSettled } from './master-orders.server'
import { paymentReceived } from './webhooks.server'

// Money received and credited, with what moves with it: settlements write the ledger and answer the
// master orders whose invoices they settled; the lifecycle closes those orders (their status, counts,
// report rows) in the same transaction. Settlements never call orders back.

type Actor = { userId: number }

/**
 * Records money received from a buyer and allocates it to the oldest open invoices (settlements'
 * recordPaymentIn), told by webhook; a delivered order whose every invoice it settled is closed. Once
 * per idempotency key.
 */
export async function recordPayment(
  db: Database,
  actor: Actor,
  buyerId: number,
  input: PaymentInput,
  key: string | undefined,
  at = new Date(),
): Promise<Result<{ id: number; number: string; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { settled, ...payment } = await recordPaymentIn(trx, actor, buyerId, input, key, at)
      // A retry of the same form (its idempotency key) changed nothing: nothing to tell.
      if (!payment.repeated) await paymentReceived(trx, payment.id)
      await closeSettled(trx, settled, actor.userId)
      return { ok: true as const, value: payment }
    }),
  )
}

/**
 * Issues a credit or debit note against one of the buyer's invoices (settlements' issueNoteIn): an
 * order whose invoices a credit (or the advance a credit frees) settles is closed. Once per idempotency key.
 */
export async function issueNote(
  db: Database,
  actor: Actor,
  buyerId: number,
  kind: NoteKind,
  input: NoteInput,
  key: string | undefined,
  at = new Date(),
): Promise<Result<{ id: number; number: string; amountMinor: number; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { settled, kind: _kind, ...note } = await issueNoteIn(trx, actor, buyerId, kind, input, key, at)
      await closeSettled(trx, settled, actor.userId)
      return { ok: true as const, value: note }
    }),
  )
}

/** Issues a credit note (by lines, or a tax-inclusive sum spread over the lines); an order it settles is closed. */
export const issueCreditNote = (
  db: Database,
  actor: Actor,
  buyerId: number,
  input: NoteInput,
  key: string | undefined,
  at = new Date(),
) => issueNote(db, actor, buyerId, 'credit', input, key, at)

/** Issues a debit note (rate difference or another agreed charge, by lines); the buyer's advance pays it at once. */
export const issueDebitNote = (
  db: Database,
  actor: Actor,
  buyerId: number,
  input: NoteInput,
  key: string | undefined,
  at = new Date(),
) => issueNote(db, actor, buyerId, 'debit', input, key, at)

/** The money moves the settlement pages hand their forms to (settlements/pages.server.ts). */
export const settlementMoves = { recordPayment, issueNote }
