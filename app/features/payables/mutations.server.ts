import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { financialYear } from '~/platform/numbering.server'
import { formatMoney, kolkataDay } from '~/utils/format'
import {
  decideBillIn,
  issueSellerDebitNoteIn,
  lockSellerAccount,
  paySellerIn,
  recordBillIn,
  type BillInput,
  type PayoutInput,
} from './ledger.server'

// The seller side of money, each write one transaction (docs/domain.md (issue 38)). Payables change
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

/**
 * A seller's payment terms (days from a bill's date to its due date, for bills recorded from now
 * on) and its purchases in the current financial year before its bills were recorded here (they
 * count towards section 194Q's ₹50 lakh).
 */
export function setSellerTerms(
  db: Database,
  actor: Actor,
  sellerId: number,
  input: { days: number; openingMinor: number },
  at = new Date(),
): Promise<Result<{ days: number; fy: string }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const seller = await trx
        .selectFrom('sellers')
        .select(['id', 'payment_terms_days'])
        .where('id', '=', sellerId)
        .executeTakeFirst()
      if (!seller) throw Refused.notFound('There is no such seller.')
      if (!Number.isInteger(input.days) || input.days < 0 || input.days > 365)
        throw new Refused('paymentTermsDays', 'Enter the payment terms from 0 to 365 days')
      if (!Number.isSafeInteger(input.openingMinor) || input.openingMinor < 0)
        throw new Refused('openingPurchases', 'Enter the purchases in rupees, zero or more')
      await lockSellerAccount(trx, sellerId)
      const fy = financialYear(kolkataDay(at))
      const before = await trx
        .selectFrom('seller_accounts')
        .select(['opening_fy', 'opening_purchases_minor'])
        .where('seller_id', '=', sellerId)
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('sellers')
        .set({ payment_terms_days: input.days, updated_at: at.toISOString() })
        .where('id', '=', sellerId)
        .execute()
      await trx
        .updateTable('seller_accounts')
        .set({ opening_fy: fy, opening_purchases_minor: input.openingMinor })
        .where('seller_id', '=', sellerId)
        .execute()
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'seller.payables_terms_changed',
        entityType: 'seller',
        entityId: sellerId,
        before: {
          paymentTermsDays: seller.payment_terms_days,
          openingPurchases: before.opening_fy === fy ? formatMoney(Number(before.opening_purchases_minor)) : null,
        },
        after: { paymentTermsDays: input.days, openingPurchases: formatMoney(input.openingMinor), year: fy },
      })
      return { days: input.days, fy }
    }),
  )
}
