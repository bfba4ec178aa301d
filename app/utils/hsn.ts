// HSN codes and the aggregate turnover band (docs/domain.md "Turnover band and HSN (issue 52)").
// Notification 78/2020-Central Tax (15 October 2020): a supplier whose aggregate turnover in the
// preceding financial year was above ₹5 crore writes at least 6 digits of the HSN on every tax
// invoice; up to ₹5 crore, at least 4 digits on B2B invoices. The invoice registration portal has
// refused 4-digit codes above ₹5 crore since 15 December 2023, the e-way bill system since 1 February
// 2024, and GSTR-1 Table 12 takes codes from the HSN master by the same rule (Phase 3, May 2025).
// A code is always 4, 6 or 8 digits (heading, sub-heading, tariff item).

export const TURNOVER_BANDS = ['up_to_5_crore', 'above_5_crore'] as const
export type TurnoverBand = (typeof TURNOVER_BANDS)[number]
export const TURNOVER_BAND_LABELS: Record<TurnoverBand, string> = {
  up_to_5_crore: 'Up to ₹5 crore',
  above_5_crore: 'Above ₹5 crore',
}
/** The platform's band when no setting says otherwise: it e-invoices every B2B document, so it is above ₹5 crore. */
export const DEFAULT_TURNOVER_BAND: TurnoverBand = 'above_5_crore'

/** The fewest digits of HSN a document may carry in the band. */
export const hsnDigitsRequired = (band: TurnoverBand) => (band === 'above_5_crore' ? 6 : 4)

/** Why a code cannot go on a document in the band, or null when it can. */
export function hsnProblem(code: string, band: TurnoverBand): string | null {
  if (!/^(?:\d{4}|\d{6}|\d{8})$/.test(code)) return 'An HSN code is 4, 6 or 8 digits, like 520832 or 52083290'
  const digits = hsnDigitsRequired(band)
  if (code.length < digits)
    return `With an aggregate turnover ${band === 'above_5_crore' ? 'above' : 'up to'} ₹5 crore the HSN code has at least ${digits} digits (Notification 78/2020-Central Tax): enter ${digits} or 8 digits, like 520832`
  return null
}
