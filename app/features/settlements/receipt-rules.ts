import { formatMoney } from '~/utils/format'

// Statutory rules on money received from buyers (docs/domain.md "Cash receipts: section 269ST
// (issue 52)" and "TDS on receipts"): plain arithmetic, no database.

/** Section 269ST: two lakh rupees, in paise. Receiving this much or more in cash is barred. */
export const CASH_LIMIT_MINOR = 200_000_00

/**
 * Whether a cash receipt of `amountMinor`, with the buyer's other cash receipts of the same day
 * (`sameDayCashMinor`), reaches the 269ST limit: answers the refusal, or null when it may be taken.
 */
export function cashReceiptRefusal(amountMinor: number, sameDayCashMinor: number): string | null {
  const total = amountMinor + sameDayCashMinor
  if (total < CASH_LIMIT_MINOR) return null
  const already = sameDayCashMinor
    ? ` (with ${formatMoney(sameDayCashMinor)} already received in cash from this buyer that day, ${formatMoney(total)})`
    : ''
  return `Section 269ST bars receiving ₹2,00,000 or more in cash from one person in a day${already}; record it as a bank transfer, cheque or UPI instead`
}

/**
 * Section 269ST (b): cash for a single transaction, summed over every day it came in. The
 * transaction is the invoice a cash receipt settles: with `beforeMinor` cash that settled it
 * before, and `nowMinor` of this receipt, reaching the limit is refused; null when it may be taken.
 */
export function cashPerInvoiceRefusal(invoiceNumber: string, beforeMinor: number, nowMinor: number): string | null {
  const total = beforeMinor + nowMinor
  if (nowMinor <= 0 || total < CASH_LIMIT_MINOR) return null
  const before = beforeMinor ? ` with ${formatMoney(beforeMinor)} received in cash for it before` : ''
  return `Section 269ST bars receiving ₹2,00,000 or more in cash for a single transaction: this receipt would settle ${formatMoney(nowMinor)} of invoice ${invoiceNumber} in cash${before}, ${formatMoney(total)} in all; record it as a bank transfer, cheque or UPI instead`
}

/** The section a buyer names as 194Q, however it is written ("194Q", "194 q", "s. 194Q"). */
export const is194Q = (section: string | undefined) => /^(?:s\.?\s*)?194\s*Q$/i.test((section ?? '').trim())

/** 194Q's rate: 0.1 % (1 in 1000). */
const RATE_194Q_PER_MILLE = 1

/**
 * The TDS a buyer may deduct under 194Q on a receipt (CBDT Circular 13/2021, para 4.5): 0.1 % of the
 * value without GST of what the receipt settles. The receipt (money + TDS) settles the open invoices
 * oldest first; on each invoice the part settled counts at the invoice's own taxable share (taxable ÷
 * total). What is left over is an advance, whose GST cannot yet be told apart, so it counts whole
 * (the circular: tax deducted on payment before credit is on the whole amount). Rounded half up to
 * the paisa.
 */
export function expected194Q(
  settlesMinor: number,
  openInvoices: { taxable: number; total: number; open: number }[],
): number {
  let left = settlesMinor
  let base = 0
  for (const invoice of openInvoices) {
    if (left <= 0) break
    const part = Math.min(left, invoice.open)
    if (part <= 0) continue
    base += invoice.total > 0 ? (part * invoice.taxable) / invoice.total : part
    left -= part
  }
  base += Math.max(left, 0)
  return Math.round((base * RATE_194Q_PER_MILLE) / 1000)
}

/** The 194Q refusal when the TDS is more than ₹1 above the expected figure, else null. */
export function tds194QRefusal(tdsMinor: number, expectedMinor: number): string | null {
  if (tdsMinor <= expectedMinor + 100) return null
  return `TDS under 194Q is 0.1 % of the value without GST of what this receipt settles: ${formatMoney(expectedMinor)}, not ${formatMoney(tdsMinor)} (CBDT Circular 13/2021)`
}
