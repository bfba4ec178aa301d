import { lineValue } from '../orders/lines'
import { splitGst, type Supply } from '../settlements/money'
import { formatQuantity } from '~/utils/quantity'
import { formatMoney } from '~/utils/format'

// The arithmetic of sellers' bills (docs/domain.md (issue 38)), in exact integer paise and
// thousandths: the supply (CGST + SGST or IGST), the three-way match of a bill line, TDS under
// section 194Q, and a PAN read from a GSTIN. Pure: the ledger, the pages and the tests share it.

/** Section 194Q: 0.1% (10 basis points) of purchases from one seller above ₹50 lakh in a financial year. */
export const TDS_194Q_RATE_BP = 10
export const TDS_194Q_THRESHOLD_MINOR = 50_00_000_00

/** The GST state code a GSTIN starts with ("27" for Maharashtra). */
const stateCode = (gstin: string | null) => (gstin && /^\d{2}/.test(gstin) ? gstin.slice(0, 2) : null)

/** The platform's registration that receives a bill (issue 52): its state code and state name. */
export interface Recipient {
  stateCode: string
  state: string
}

/**
 * Intra-state (CGST + SGST) when the seller is registered in the state of the platform's registration
 * that receives the goods (the warehouse's, else the home one), by the state code of both GSTINs;
 * without a GSTIN, by the state of its address; IGST otherwise.
 */
export function sellerSupply(sellerGstin: string | null, sellerState: string | null, recipient: Recipient): Supply {
  const code = stateCode(sellerGstin)
  if (code) return code === recipient.stateCode ? 'intra' : 'inter'
  const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')
  return sellerState && fold(sellerState) === fold(recipient.state) ? 'intra' : 'inter'
}

/** The PAN inside a GSTIN: its characters 3 to 12. */
export const panOf = (gstin: string | null): string | null =>
  gstin && /^\d{2}[A-Z]{5}\d{4}[A-Z]/.test(gstin) ? gstin.slice(2, 12) : null

/** A tax amount as split by the supply: CGST + SGST halves (the odd paisa to CGST) or IGST. */
export function splitTax(taxMinor: number, supply: Supply): { cgst: number; sgst: number; igst: number } {
  if (supply === 'inter') return { cgst: 0, sgst: 0, igst: taxMinor }
  const sgst = Math.floor(taxMinor / 2)
  return { cgst: taxMinor - sgst, sgst, igst: 0 }
}

/** What the platform expects as the tax of a taxable value at a rate (none from a seller not registered for GST). */
export function expectedTax(taxableMinor: number, rateBp: number, supply: Supply, registered: boolean): number {
  if (!registered) return 0
  const t = splitGst(taxableMinor, rateBp, supply)
  return t.cgst + t.sgst + t.igst
}

/** The tax typed on a bill may differ from the expected by rounding on the seller's side: at most ₹1 a line. */
export const TAX_TOLERANCE_MINOR = 100

export interface BillLineFacts {
  /** What the seller order's line ordered, thousandths. */
  orderedMilli: number
  /** The ordered cost per unit (what the platform pays), paise. */
  costMinor: number
  /** Accepted in QC so far. */
  acceptedMilli: number
  /** Billed on this seller's other bills that are not rejected. */
  billedBeforeMilli: number
  gstRateBp: number
}

export interface BillLineTyped {
  quantityMilli: number
  rateMinor: number
  taxMinor: number
}

/** A line's amounts as billed: taxable value from quantity × rate, the tax as typed, split by the supply. */
export function billLineAmounts(typed: BillLineTyped, supply: Supply) {
  const taxable = lineValue(typed.quantityMilli, typed.rateMinor)
  const tax = splitTax(typed.taxMinor, supply)
  return { taxable, ...tax, total: taxable + typed.taxMinor }
}

/**
 * The three-way match of one line: what is billed against what was ordered (quantity and cost),
 * and what QC accepted (with what earlier bills took). Answers what does not match, in words a
 * finance person reads in the review queue; none when it matches.
 */
export function lineMismatches(
  facts: BillLineFacts,
  typed: BillLineTyped,
  supply: Supply,
  registered: boolean,
  unit: string,
): string[] {
  const out: string[] = []
  const billed = typed.quantityMilli + facts.billedBeforeMilli
  const q = (milli: number) => formatQuantity(milli, unit)
  if (billed > facts.orderedMilli)
    out.push(
      `billed ${q(billed)}${facts.billedBeforeMilli ? ' with earlier bills' : ''}, ordered ${q(facts.orderedMilli)}`,
    )
  if (billed > facts.acceptedMilli)
    out.push(
      `billed ${q(billed)}${facts.billedBeforeMilli ? ' with earlier bills' : ''}, accepted in QC ${q(facts.acceptedMilli)}`,
    )
  if (typed.rateMinor > facts.costMinor)
    out.push(`rate ${formatMoney(typed.rateMinor)} above the ordered cost ${formatMoney(facts.costMinor)}`)
  const taxable = lineValue(typed.quantityMilli, typed.rateMinor)
  const expected = expectedTax(taxable, facts.gstRateBp, supply, registered)
  if (Math.abs(typed.taxMinor - expected) > TAX_TOLERANCE_MINOR)
    out.push(`tax ${formatMoney(typed.taxMinor)}, expected ${formatMoney(expected)}`)
  return out
}

/**
 * TDS under section 194Q on a bill credited when the seller's purchases in the financial year
 * before it were `before` (taxable values): 0.1% of the part of this bill above ₹50 lakh, rounded
 * half up to the paisa.
 */
export function tds194Q(beforeMinor: number, taxableMinor: number): number {
  const above = Math.max(0, beforeMinor + taxableMinor - TDS_194Q_THRESHOLD_MINOR)
  const alreadyAbove = Math.max(0, beforeMinor - TDS_194Q_THRESHOLD_MINOR)
  const part = Math.max(0, above - alreadyAbove)
  return Number((BigInt(part) * BigInt(TDS_194Q_RATE_BP) + 5000n) / 10000n)
}

/** What a bill still owes the seller. */
export const billOpen = (b: { total: number; paid: number; debited: number; tds: number }) =>
  b.total - b.paid - b.debited - b.tds

export type DueBucket = 'overdue' | 'week' | 'later'

/** Overdue (before today), this week (today and the six days after), later. */
export function dueBucket(dueOn: string, today: string, weekEnd: string): DueBucket {
  return dueOn < today ? 'overdue' : dueOn <= weekEnd ? 'week' : 'later'
}
