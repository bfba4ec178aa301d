import type { GtaOption } from '#db/types'
import { formatMoney } from '~/utils/format'

// Freight under GST and income tax (docs/domain.md "Freight under reverse charge and TDS 194C
// (issue 52)"): plain arithmetic, no database.
//
// GST on a goods transport agency (GTA): reverse charge at 5 % for a registered recipient
// (Notification 13/2017-Central Tax (Rate)), unless the GTA opted (Annexure V) to pay tax itself
// under forward charge: 5 % without input credit, or 12 % with it before 22 September 2025 and 18 %
// with it since (Notification 15/2025-Central Tax (Rate), amending 11/2017, from 22 September 2025).
// TDS on payments to a transporter: section 194C (1 % individual or HUF, 2 % others; nothing when no
// single sum exceeds ₹30,000 and the year's sums do not exceed ₹1,00,000; nothing under 194C(6) for
// an owner of at most ten goods carriages that gave its declaration and PAN), 20 % under 206AA
// without a PAN.

/** The day GST rates changed (Notification 15/2025-Central Tax (Rate)): GTA forward charge with credit 12 % → 18 %. */
export const GST_RATES_CHANGED_ON = '2025-09-22'

/** Reverse-charge rate on GTA services: 5 % (2.5 % CGST + 2.5 % SGST, or 5 % IGST). */
export const RCM_RATE_BP = 500

/** The forward-charge rates a GTA may have opted for, on a bill of that day. */
export const forwardRatesOn = (day: string): number[] => (day < GST_RATES_CHANGED_ON ? [500, 1200] : [500, 1800])
export const FORWARD_RATES = [500, 1200, 1800] as const

export const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`

/** The Indian financial year of a day (April–March), as 2026-27. */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4))
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

export interface TransporterTaxFacts {
  gstin: string | null
  pan: string | null
  gta_option: GtaOption
  gta_forward_rate_bp: number | null
  gta_option_fy: string | null
  small_fleet_declared: number
}

/**
 * The option in force on a bill of `billDate`: forward charge when the transporter declared it for
 * that financial year or an earlier one (a declaration stays in force until the GTA reverts by
 * Annexure VI), else reverse charge.
 */
export function optionOn(
  t: TransporterTaxFacts,
  billDate: string,
): { option: 'reverse' } | { option: 'forward'; rateBp: number } {
  if (
    t.gta_option === 'forward' &&
    t.gta_forward_rate_bp &&
    t.gta_option_fy &&
    t.gta_option_fy <= financialYearOf(billDate)
  )
    return { option: 'forward', rateBp: t.gta_forward_rate_bp }
  return { option: 'reverse' }
}

/** Half up, in paise. */
const share = (amount: number, bp: number) => Math.round((amount * bp) / 10_000)

/**
 * Whether the bill fits the option in force: under reverse charge the GTA charges no GST; under
 * forward charge it charges its rate (within ₹1). Answers the refusal at the GST field, or null.
 */
export function billGstRefusal(
  t: TransporterTaxFacts,
  billDate: string,
  amountMinor: number,
  gstMinor: number,
): string | null {
  const option = optionOn(t, billDate)
  if (option.option === 'reverse') {
    if (gstMinor === 0) return null
    return `This transporter is under reverse charge: a GTA’s bill carries no GST, the platform pays 5 % itself. Enter 0, or record the GTA’s forward-charge option (Annexure V) on the transporter first`
  }
  if (!forwardRatesOn(billDate).includes(option.rateBp))
    return `${percent(option.rateBp)} is not a GTA forward-charge rate on ${billDate}: correct the transporter’s option first`
  const expected = share(amountMinor, option.rateBp)
  if (gstMinor === 0)
    return `This transporter opted for forward charge at ${percent(option.rateBp)}: its bill charges GST, ${formatMoney(expected)} on ${formatMoney(amountMinor)}`
  if (Math.abs(gstMinor - expected) > 100)
    return `Forward charge at ${percent(option.rateBp)} on ${formatMoney(amountMinor)} is ${formatMoney(expected)}, not ${formatMoney(gstMinor)}`
  return null
}

/**
 * The platform's reverse-charge tax on a GTA's bill: 5 %, CGST + SGST (half each, the odd paisa to
 * CGST) when the GTA's state (its GSTIN's first two digits; without one, the recipient's) is the state
 * of the platform's registration that receives the service (`recipientStateCode`, the place of supply
 * under IGST Act s.12(8)), else IGST.
 */
export function reverseChargeTax(taxableMinor: number, gstin: string | null, recipientStateCode: string) {
  const total = share(taxableMinor, RCM_RATE_BP)
  const intra = (gstin?.slice(0, 2) ?? recipientStateCode) === recipientStateCode
  return intra
    ? { supply: 'intra' as const, cgst: Math.ceil(total / 2), sgst: Math.floor(total / 2), igst: 0, total }
    : { supply: 'inter' as const, cgst: 0, sgst: 0, igst: total, total }
}

/** Adds whole days to a calendar day (YYYY-MM-DD). */
const plusDays = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/**
 * The month of the reverse-charge liability: the time of supply of services under reverse charge
 * (CGST Act s.13(3)) is the earlier of the payment's day and the day after sixty days from the
 * invoice.
 */
export function rcmMonth(billDate: string, paidOn: string | null): string {
  const deemed = plusDays(billDate, 61)
  return (paidOn && paidOn < deemed ? paidOn : deemed).slice(0, 7)
}

/** A PAN: five letters, four digits, a letter; the 4th character says the holder's status. */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/

/** 194C's thresholds (s.194C(5)): a single sum above ₹30,000, or the year's sums above ₹1,00,000. */
export const SINGLE_LIMIT_MINOR = 30_000_00
export const YEAR_LIMIT_MINOR = 1_00_000_00

export interface Tds194C {
  section: '194C' | '206AA' | '194C(6)' | 'below'
  rateBp: number
  /** The sum TDS is taken on: this bill, plus the year's earlier sums not yet deducted on once the year crosses ₹1,00,000. */
  baseMinor: number
  tdsMinor: number
  /** Whether the year's earlier undeducted sums are now deducted on. */
  catchUp: boolean
}

/**
 * TDS on paying one transporter bill of `billMinor` (the freight without GST), given the sums
 * already paid to the transporter in the financial year and the part of them nothing was deducted on.
 */
export function tds194C(
  t: Pick<TransporterTaxFacts, 'pan' | 'small_fleet_declared'>,
  billMinor: number,
  year: { paidMinor: number; undeductedMinor: number },
): Tds194C {
  const pan = t.pan?.trim().toUpperCase() || null
  if (pan && t.small_fleet_declared) return { section: '194C(6)', rateBp: 0, baseMinor: 0, tdsMinor: 0, catchUp: false }
  const yearCrossed = year.paidMinor + billMinor > YEAR_LIMIT_MINOR
  if (billMinor <= SINGLE_LIMIT_MINOR && !yearCrossed)
    return { section: 'below', rateBp: 0, baseMinor: 0, tdsMinor: 0, catchUp: false }
  const rateBp = !pan ? 2000 : pan[3] === 'P' || pan[3] === 'H' ? 100 : 200
  const catchUp = yearCrossed && year.undeductedMinor > 0
  const baseMinor = billMinor + (catchUp ? year.undeductedMinor : 0)
  return { section: pan ? '194C' : '206AA', rateBp, baseMinor, tdsMinor: share(baseMinor, rateBp), catchUp }
}

export const tdsSectionLabels: Record<Tds194C['section'], string> = {
  '194C': 'Section 194C',
  '206AA': 'Section 206AA (no PAN): 20 %',
  '194C(6)': 'Section 194C(6): small fleet declared, not deducted',
  below: 'Below 194C’s thresholds, not deducted',
}
