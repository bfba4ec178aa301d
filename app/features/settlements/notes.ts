import type { NoteReasonCode } from '#db/types'
import { lineValue } from '../orders/lines'
import { splitGst, type InvoiceLineAmounts, type Supply } from './money'

// The arithmetic of credit and debit notes (docs/domain.md (issue 38)), in exact integer paise, the
// same for the ledger, the forms, the PDFs and the tests. A note adjusts one invoice; each of its
// lines adjusts one invoice line, by a quantity (short delivery, QC rejection, return: quantity ×
// the line's price) or by a taxable amount (rate difference, other), taxed at the line's rate and
// split as the invoice was (CGST + SGST within a state, IGST across). A note's totals are the sums
// of its lines.

export type NoteKind = 'credit' | 'debit'

export const NOTE_REASONS = [
  'short_delivery',
  'qc_rejection',
  'rate_difference',
  'return',
  'other',
] as const satisfies readonly NoteReasonCode[]

export const noteReasonLabels: Record<NoteReasonCode, string> = {
  short_delivery: 'Short delivery',
  qc_rejection: 'QC rejection after invoicing',
  rate_difference: 'Rate difference',
  return: 'Return',
  other: 'Other',
}

/** Reasons whose lines are quantities of goods (priced at the invoice line's price); the others are taxable amounts. */
export const QUANTITY_REASONS: readonly NoteReasonCode[] = ['short_delivery', 'qc_rejection', 'return']
export const byQuantity = (reason: NoteReasonCode) => QUANTITY_REASONS.includes(reason)

/** A debit note charges more for goods already invoiced: a rate difference or another agreed charge, never a quantity. */
export const DEBIT_REASONS = ['rate_difference', 'other'] as const satisfies readonly NoteReasonCode[]

export const noteTitle = (kind: NoteKind) => (kind === 'credit' ? 'Credit note' : 'Debit note')

/** The note's document type in the e-invoice and its registration: CRN or DBN. */
export const noteDocType = (kind: NoteKind) => (kind === 'credit' ? ('CRN' as const) : ('DBN' as const))

/** One note line's amounts: by a quantity of the invoice line (at its price) or by a taxable amount; taxed at the line's rate. */
export function noteLineAmounts(
  line: { priceMinor: number; gstRateBp: number },
  by: { quantityMilli: number } | { taxableMinor: number },
  supply: Supply,
): InvoiceLineAmounts {
  const taxable = 'quantityMilli' in by ? lineValue(by.quantityMilli, line.priceMinor) : by.taxableMinor
  const gst = splitGst(taxable, line.gstRateBp, supply)
  return { taxable, ...gst, total: taxable + gst.cgst + gst.sgst + gst.igst }
}

/**
 * A tax-inclusive amount as one line's amounts, exact to the paisa: the taxable value backed out at
 * the line's rate, the rest its tax (CGST the lower half, SGST the rest). For a credit given as a
 * sum only (the demo's, the credit notes made before notes had lines).
 */
export function grossLineAmounts(grossMinor: number, gstRateBp: number, supply: Supply): InvoiceLineAmounts {
  const taxable = Number(
    (BigInt(grossMinor) * 10000n * 2n + BigInt(10000 + gstRateBp)) / (BigInt(10000 + gstRateBp) * 2n),
  )
  const tax = grossMinor - taxable
  const cgst = supply === 'intra' ? Math.floor(tax / 2) : 0
  const sgst = supply === 'intra' ? tax - cgst : 0
  return { taxable, cgst, sgst, igst: supply === 'intra' ? 0 : tax, total: grossMinor }
}

/**
 * Splits a sum over weights (what each line may still take), largest remainder first, never giving
 * a part more than its weight: the parts add up to the sum exactly. The sum must not exceed the weights'.
 */
export function spread(sum: number, weights: number[]): number[] {
  const whole = weights.reduce((s, w) => s + w, 0)
  if (whole <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (BigInt(sum) * BigInt(w)) / BigInt(whole))
  const parts = exact.map(Number)
  let left = sum - parts.reduce((s, p) => s + p, 0)
  const order = weights
    .map((w, i) => ({ i, rest: Number((BigInt(sum) * BigInt(w)) % BigInt(whole)) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    if (parts[i]! < weights[i]!) {
      parts[i]! += 1
      left -= 1
    }
  }
  return parts
}
