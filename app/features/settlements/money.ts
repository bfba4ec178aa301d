import { gstOf, lineValue } from '../orders/lines'

// The arithmetic of buyers' invoices and their settlement, in exact integer paise, the same for
// the ledger, the PDFs and the tests: GST split by place of supply, invoice totals as the sums of
// their lines, allocation of payments to the oldest open invoices first, ageing buckets.

export type Supply = 'intra' | 'inter'

/** CGST + SGST (each half the rate, rounded half up) within one state; IGST across states. */
export function splitGst(
  taxableMinor: number,
  rateBp: number,
  supply: Supply,
): { cgst: number; sgst: number; igst: number } {
  if (supply === 'inter') return { cgst: 0, sgst: 0, igst: gstOf(taxableMinor, rateBp) }
  const half = Number((BigInt(taxableMinor) * BigInt(rateBp) + 10000n) / 20000n)
  return { cgst: half, sgst: half, igst: 0 }
}

/** Intra-state when the platform bills from the buyer's bill-to state (names compared loosely). */
export const supplyOf = (platformState: string, buyerState: string): Supply =>
  fold(platformState) === fold(buyerState) ? 'intra' : 'inter'
const fold = (state: string) => state.trim().toLowerCase().replace(/\s+/g, ' ')

export interface InvoiceLineInput {
  quantityMilli: number
  priceMinor: number
  gstRateBp: number
}

export interface InvoiceLineAmounts {
  taxable: number
  cgst: number
  sgst: number
  igst: number
  total: number
}

/** One line's amounts: taxable value (quantity × price) and its GST. */
export function lineAmounts(line: InvoiceLineInput, supply: Supply): InvoiceLineAmounts {
  const taxable = lineValue(line.quantityMilli, line.priceMinor)
  const gst = splitGst(taxable, line.gstRateBp, supply)
  return { taxable, ...gst, total: taxable + gst.cgst + gst.sgst + gst.igst }
}

/** An invoice's totals: each the sum of its lines' (never computed apart from them). */
export function invoiceTotals(lines: InvoiceLineAmounts[]): InvoiceLineAmounts {
  return lines.reduce(
    (sum, l) => ({
      taxable: sum.taxable + l.taxable,
      cgst: sum.cgst + l.cgst,
      sgst: sum.sgst + l.sgst,
      igst: sum.igst + l.igst,
      total: sum.total + l.total,
    }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  )
}

export interface Allocation {
  paymentId: number
  invoiceId: number
  amount: number
}

/**
 * Pairs money received with invoices owed, oldest first on both sides: each allocation is the
 * smaller of what the invoice still owes and what the payment has left, so neither goes below
 * zero and the sum allocated is the smaller of the two totals. Inputs in the order to use them.
 */
export function allocate(
  openInvoices: { id: number; open: number }[],
  payments: { id: number; unallocated: number }[],
): Allocation[] {
  const owed = openInvoices.map((i) => ({ ...i }))
  const left = payments.map((p) => ({ ...p }))
  const out: Allocation[] = []
  let i = 0
  let p = 0
  while (i < owed.length && p < left.length) {
    const invoice = owed[i]!
    const payment = left[p]!
    const amount = Math.min(invoice.open, payment.unallocated)
    if (amount > 0) out.push({ paymentId: payment.id, invoiceId: invoice.id, amount })
    invoice.open -= amount
    payment.unallocated -= amount
    if (invoice.open === 0) i++
    if (payment.unallocated === 0) p++
  }
  return out
}

export const AGEING_BUCKETS = [
  { key: 'd0_30', label: '0–30 days', from: 0, to: 30 },
  { key: 'd31_60', label: '31–60 days', from: 31, to: 60 },
  { key: 'd61_90', label: '61–90 days', from: 61, to: 90 },
  { key: 'd90_plus', label: '90+ days', from: 91, to: Number.POSITIVE_INFINITY },
] as const
export type AgeingKey = (typeof AGEING_BUCKETS)[number]['key']

/** Whole days from one calendar day to another (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** A calendar day moved by some days. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/** The bucket of an invoice by its age on a day (days since the invoice date). */
export function ageingBucket(invoiceOn: string, today: string): AgeingKey {
  const age = Math.max(0, daysBetween(invoiceOn, today))
  return AGEING_BUCKETS.find((b) => age >= b.from && age <= b.to)!.key
}

/** The first day of each bucket's range, counted back from today: the ageing query's bounds. */
export function ageingBounds(today: string): { key: AgeingKey; onOrAfter: string | null; onOrBefore: string }[] {
  return AGEING_BUCKETS.map((b) => ({
    key: b.key,
    onOrBefore: addDays(today, -b.from),
    onOrAfter: Number.isFinite(b.to) ? addDays(today, -b.to) : null,
  }))
}
