// The GST rate of one invoice line (docs/domain.md "Tax invoice and GST rates"). A category carries
// its rate and may carry a value slab: above a sale value per piece the rate above applies
// (Notification 9/2025-Central Tax (Rate): garments and made-ups 5 % up to ₹2,500 a piece, 18 %
// above). The value per piece is the line's price per unit, after any discount (the platform's
// prices are net): ₹2,500.00 exactly is still the lower rate.

export interface CategoryRates {
  /** The rate, basis points (500 = 5 %). */
  gstRateBp: number
  /** Above this sale value per piece (paise) the rate above applies; null: no slab. */
  slabAboveMinor: number | null
  rateAboveBp: number | null
}

/** The units that count a line in pieces, so that its price is a sale value per piece. */
export const PIECE_UNITS = ['pcs', 'pc', 'piece', 'pieces', 'nos', 'no', 'unit', 'units'] as const

export const isPieceUnit = (unit: string | null | undefined) =>
  PIECE_UNITS.includes((unit ?? '').trim().toLowerCase().replace(/\.$/, '') as (typeof PIECE_UNITS)[number])

/**
 * A line's rate from its category and its price per unit. A slab applies to lines counted in pieces;
 * a category with a slab whose line is not in pieces (its product's unit changed after the slab was
 * set: the category form refuses a slab otherwise) takes the rate above, never less tax than due.
 */
export function lineGstRateBp(rates: CategoryRates, priceMinor: number, unit: string | null | undefined): number {
  if (rates.slabAboveMinor === null || rates.rateAboveBp === null) return rates.gstRateBp
  if (!isPieceUnit(unit)) return Math.max(rates.gstRateBp, rates.rateAboveBp)
  return priceMinor > rates.slabAboveMinor ? rates.rateAboveBp : rates.gstRateBp
}
