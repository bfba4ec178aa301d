import { kolkataDay } from '~/utils/format'
import { GST_STATE_CODES, gstStateCode } from '~/utils/gst-states'
import { uqcOf } from '~/utils/gst-units'

// The e-way bill's rules (docs/domain.md (issue 38)), pure so the views, the JSON and the tests
// share them: when a movement needs one (Rule 138 CGST Rules: a consignment worth more than
// ₹50,000, taxes included), how long one is valid (Rule 138(10): one day per 200 km or part of it,
// each day ending at midnight of the day after generation), the shapes of its numbers, and the
// codes of the NIC bulk-generation JSON (states, units).

/** ₹50,000 in paise: a consignment worth more than this (taxes included) needs an e-way bill. */
export const EWAY_THRESHOLD_MINOR = 5_000_000
/** The road distance a booking may carry, in km (the e-way bill's transDistance is at most 4,000). */
export const DISTANCE_KM = { min: 1, max: 4000 } as const
/** Normal cargo: one day of validity per 200 km or part thereof (Rule 138(10), since 1 January 2021). */
export const KM_PER_DAY = 200

export const needsEwayBill = (consignmentMinor: number) => consignmentMinor > EWAY_THRESHOLD_MINOR

/** A GSTIN (or TRANSIN, the same shape): state code, PAN, entity number, a letter or digit, a check character. */
export const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/
/** An e-way bill number: 12 digits (typed with or without spaces). */
export const EWAY_NUMBER_SHAPE = /^\d{12}$/

/** The days an e-way bill is valid for a distance: 200 km is 1 day, 201 km is 2. */
export const validityDays = (km: number) => Math.max(1, Math.ceil(km / KM_PER_DAY))

/** The next calendar day (YYYY-MM-DD) some days on. */
function dayAfter(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/**
 * Until when an e-way bill generated at an instant is valid for a distance: each day runs to
 * midnight (IST) of the day after the day of generation, so the last moment is 23:59:59 IST of
 * (generation day + days).
 */
export function ewayValidity(generatedAt: string, km: number): { days: number; validUntil: string } {
  const days = validityDays(km)
  const last = dayAfter(kolkataDay(new Date(generatedAt)), days)
  return { days, validUntil: new Date(`${last}T23:59:59+05:30`).toISOString() }
}

/** The GST code of a state named loosely (case, spaces, "&"), as a number; null when it is not one. */
export function stateCode(name: string | null | undefined): number | null {
  const code = name ? gstStateCode(name) : null
  return code ? Number(code) : null
}

/** The state code a GSTIN was issued in (its first two digits). */
export const gstinState = (gstin: string | null | undefined) =>
  gstin && GSTIN_SHAPE.test(gstin) ? Number(gstin.slice(0, 2)) : null

/** Units of quantity code (UQC) of the e-way bill for the products' units. */
export const unitCode = uqcOf

/** Supply type, sub-supply type and document type, as the NIC codes them. */
export const SUB_SUPPLY = { supply: 1, salesReturn: 7, others: 8 } as const
export type DocType = 'INV' | 'CHL'

// ---------- After generation (issue 52): cancel, Part-B, extension ----------

/** Rule 138(9): an e-way bill may be cancelled within 24 hours of its generation (and not once verified in transit). */
export const EWAY_CANCEL_HOURS = 24
/** NIC: validity may be extended from 8 hours before it expires to 8 hours after. */
export const EWAY_EXTEND_HOURS = 8
/** NIC's remarks on cancel, Part-B and extension: at most 50 characters. */
export const EWAY_REMARK_MAX = 50

/** NIC's cancellation reason codes (cancelRsnCode). */
export const CANCEL_REASONS = { 1: 'Duplicate', 2: 'Order cancelled', 3: 'Data entry mistake', 4: 'Others' } as const
/** NIC's vehicle-update (Part-B) reason codes (reasonCode). */
export const PART_B_REASONS = {
  1: 'Due to break down',
  2: 'Due to transhipment',
  3: 'Others',
  4: 'First time',
} as const
/** NIC's extension reason codes (extnRsnCode). */
export const EXTEND_REASONS = {
  1: 'Natural calamity',
  2: 'Law and order situation',
  4: 'Transhipment',
  5: 'Accident',
  99: 'Others',
} as const
export type CancelReason = keyof typeof CANCEL_REASONS
export type PartBReason = keyof typeof PART_B_REASONS
export type ExtendReason = keyof typeof EXTEND_REASONS
/** The code of "Others" in each list: the remark is then required. */
export const OTHERS = { cancel: 4, partB: 3, extend: 99 } as const

/** An Indian vehicle registration number as NIC takes it: state, district, series, number (MH12AB1234, KA011234). */
export const VEHICLE_SHAPE = /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/
/** A vehicle number as typed (spaces, dashes, lower case) in NIC's form. */
export const vehicleNo = (typed: string) => typed.replace(/[^0-9A-Z]/gi, '').toUpperCase()
/** A date YYYY-MM-DD as NIC writes it, dd/mm/yyyy. */
export const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`

const STATE_NAMES = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [Number(code), name]))
/** The state of a GST state code (27 → Maharashtra). */
export const stateNameOf = (code: number) => STATE_NAMES.get(code) ?? String(code)
/** The states the forms offer, by name: [code, name]. */
export const STATE_CHOICES = [...STATE_NAMES].sort((a, b) => a[1].localeCompare(b[1]))
