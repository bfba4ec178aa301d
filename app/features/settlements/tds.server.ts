import type { Executor } from '~/platform/executor'
import { audit } from '~/platform/audit.server'
import { formatMoney, kolkataDay } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'

// TDS a buyer deducted from its payments (docs/domain.md (issue 38) "TDS on receipts"): the receipt
// settled invoices by the money plus the TDS, so the TDS is the platform's receivable (from the
// income-tax department, through the buyer's deposit) until the buyer's certificate (Form 16A) is
// entered: its number and date. Finance sees the receipts waiting for one and records it.

/** A buyer's receipts with TDS, those waiting for a certificate first (oldest first), then the certified (newest first). */
export async function tdsReceipts(db: Executor, buyerId: number, limit = 50) {
  const rows = await db
    .selectFrom('buyer_payments')
    .select([
      'id',
      'number',
      'received_on as receivedOn',
      'amount_minor',
      'tds_minor',
      'tds_section as section',
      'tds_certificate as certificate',
      'tds_certificate_on as certificateOn',
    ])
    .where('buyer_id', '=', buyerId)
    .where('tds_minor', '>', 0)
    .orderBy('received_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  const shaped = rows.map((r) => ({
    id: r.id,
    number: r.number,
    receivedOn: r.receivedOn,
    amountMinor: Number(r.amount_minor),
    tdsMinor: Number(r.tds_minor),
    section: r.section,
    certificate: r.certificate,
    certificateOn: r.certificateOn,
  }))
  const waiting = shaped.filter((r) => !r.certificate).reverse()
  return {
    waiting,
    certified: shaped.filter((r) => r.certificate),
    waitingMinor: waiting.reduce((s, r) => s + r.tdsMinor, 0),
  }
}
export type TdsReceipts = Awaited<ReturnType<typeof tdsReceipts>>

/** Every buyer's TDS waiting for a certificate: how many receipts and how much (the settlements list's figure). */
export async function tdsWaiting(db: Executor) {
  const row = await db
    .selectFrom('buyer_payments')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('tds_minor'), eb.val(0)).as('sum'),
    ])
    .where('tds_certificate', 'is', null)
    .where('tds_minor', '>', 0)
    .executeTakeFirstOrThrow()
  return { receipts: Number(row.n), minor: Number(row.sum) }
}

/** Records the buyer's TDS certificate for one of its receipts; once (a second certificate for the same receipt is refused). One transaction with its audit entry. */
export async function recordTdsCertificate(
  db: Executor,
  actor: { userId: number },
  buyerId: number,
  input: { paymentId: number; certificate: string; certificateOn: string },
  at = new Date(),
): Promise<{ number: string; tdsMinor: number }> {
  const payment = await db
    .selectFrom('buyer_payments')
    .select(['id', 'number', 'received_on', 'tds_minor', 'tds_certificate'])
    .where('id', '=', input.paymentId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst()
  if (!payment || Number(payment.tds_minor) <= 0)
    throw new Refused('payment', 'Choose one of this buyer’s receipts with TDS')
  if (payment.tds_certificate)
    throw new Refused('certificate', `${payment.number} already has its certificate ${payment.tds_certificate}`)
  if (input.certificateOn > kolkataDay(at))
    throw new Refused('certificateOn', 'A certificate cannot be dated in the future')
  if (input.certificateOn < payment.received_on)
    throw new Refused('certificateOn', 'The certificate comes after the deduction: on or after the day it was received')
  const done = await db
    .updateTable('buyer_payments')
    .set({
      tds_certificate: input.certificate,
      tds_certificate_on: input.certificateOn,
      tds_certified_by: actor.userId,
    })
    .where('id', '=', payment.id)
    .where('tds_certificate', 'is', null)
    .executeTakeFirst()
  if (Number(done.numUpdatedRows) !== 1)
    throw new Refused('certificate', `${payment.number} got its certificate while you were entering it: look again.`)
  await audit(db, {
    actorUserId: actor.userId,
    action: 'buyer_payment.tds_certified',
    entityType: 'buyer',
    entityId: buyerId,
    after: {
      payment: payment.number,
      tds: formatMoney(Number(payment.tds_minor)),
      certificate: input.certificate,
      dated: input.certificateOn,
    },
    note: `TDS certificate ${input.certificate} for ${payment.number}`,
  })
  return { number: payment.number, tdsMinor: Number(payment.tds_minor) }
}
