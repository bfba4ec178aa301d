import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import {
  decideBillIn,
  issueSellerDebitNoteIn,
  paySellerIn,
  recordBillIn,
  type BillInput,
  type PayoutInput,
} from './ledger.server'

// The seller side of money, each write one transaction (docs/domain-38-seller.md). Payables change
// only their own records, so no lifecycle step follows them.

type Actor = { userId: number }

const numberTaken = (error: unknown) =>
  isUniqueViolation(error, 'seller_bills', ['seller_id', 'number'])
    ? new Refused('number', 'The seller already has a bill with this number').refusal
    : undefined

export function recordBill(
  db: Database,
  actor: Actor,
  input: BillInput,
  key: string | undefined,
  at = new Date(),
): Promise<Result<Awaited<ReturnType<typeof recordBillIn>>>> {
  return settle(() => db.transaction().execute((trx) => recordBillIn(trx, actor, input, key, at)), numberTaken)
}

export function decideBill(
  db: Database,
  actor: Actor,
  billId: number,
  decision: 'approve' | 'reject',
  reason: string,
  at = new Date(),
): Promise<Result<Awaited<ReturnType<typeof decideBillIn>>>> {
  return settle(() => db.transaction().execute((trx) => decideBillIn(trx, actor, billId, decision, reason, at)))
}

export function issueSellerDebitNote(
  db: Database,
  actor: Actor,
  billId: number,
  input: { lines: Record<number, number>; reason: string },
  key: string | undefined,
  at = new Date(),
): Promise<Result<Awaited<ReturnType<typeof issueSellerDebitNoteIn>>>> {
  return settle(() => db.transaction().execute((trx) => issueSellerDebitNoteIn(trx, actor, billId, input, key, at)))
}

export function paySeller(
  db: Database,
  actor: Actor,
  sellerId: number,
  input: PayoutInput,
  key: string | undefined,
  at = new Date(),
): Promise<Result<Awaited<ReturnType<typeof paySellerIn>>>> {
  return settle(() => db.transaction().execute((trx) => paySellerIn(trx, actor, sellerId, input, key, at)))
}

/** Days from a seller bill's date to its due date, as finance agreed them with the seller. */
export function setSellerTerms(db: Database, actor: Actor, sellerId: number, days: number): Promise<Result<number>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const seller = await trx
        .selectFrom('sellers')
        .select(['id', 'payment_terms_days'])
        .where('id', '=', sellerId)
        .executeTakeFirst()
      if (!seller) throw Refused.notFound('There is no such seller.')
      if (!Number.isInteger(days) || days < 0 || days > 365)
        throw new Refused('paymentTermsDays', 'Enter the payment terms from 0 to 365 days')
      await trx
        .updateTable('sellers')
        .set({ payment_terms_days: days, updated_at: new Date().toISOString() })
        .where('id', '=', sellerId)
        .execute()
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'seller.payment_terms_changed',
        entityType: 'seller',
        entityId: sellerId,
        before: { paymentTermsDays: seller.payment_terms_days },
        after: { paymentTermsDays: days },
      })
      return days
    }),
  )
}
