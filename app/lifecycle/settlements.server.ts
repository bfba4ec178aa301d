import type { Database } from '#db/database'
import { refusals, type Result } from '~/utils/refusal.server'
import { issueCreditNoteIn, recordPaymentIn, type PaymentInput } from '~/features/settlements/ledger.server'
import { closeSettled } from './master-orders.server'

// Money received and credited, with what moves with it: settlements write the ledger and answer the
// master orders whose invoices they settled; the lifecycle closes those orders (their status, counts,
// report rows) in the same transaction. Settlements never call orders back.

type Actor = { userId: number }

/**
 * Records money received from a buyer and allocates it to the oldest open invoices (settlements'
 * recordPaymentIn); a delivered order whose every invoice it settled is closed. Once per idempotency key.
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
      await closeSettled(trx, settled, actor.userId)
      return { ok: true as const, value: payment }
    }),
  )
}

/** Issues a credit note against one of the buyer's invoices; an order it settles is closed. Once per idempotency key. */
export async function issueCreditNote(
  db: Database,
  actor: Actor,
  buyerId: number,
  input: { invoiceId: number; amountMinor: number; reason: string },
  key: string | undefined,
  at = new Date(),
): Promise<Result<{ id: number; number: string; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { settled, ...note } = await issueCreditNoteIn(trx, actor, buyerId, input, key, at)
      await closeSettled(trx, settled, actor.userId)
      return { ok: true as const, value: note }
    }),
  )
}

/** The money moves the settlement page hands its forms to (settlements/pages.server.ts). */
export const settlementMoves = { recordPayment, issueCreditNote }
