import { parseQuantity, quantityInput } from '~/utils/quantity'
import { strictCalendarDate } from '~/utils/calendar-date'

// One cart line's arithmetic and checks, the same for the cart page and for placing: a line's value
// is its quantity times the unit price, and its GST is that value times the category's rate, each
// rounded to the paisa (half up), computed in exact integers.

/** quantity (thousandths) × unit price (paise) → paise, rounded half up; exact with BigInt. */
export function lineValue(quantityMilli: number, unitMinor: number): number {
  const product = BigInt(quantityMilli) * BigInt(unitMinor)
  return Number((product + 500n) / 1000n)
}

/** GST on a value at a rate in basis points (500 = 5 %), rounded half up to the paisa. */
export function gstOf(valueMinor: number, rateBp: number): number {
  return Number((BigInt(valueMinor) * BigInt(rateBp) + 5000n) / 10000n)
}

/** What a line needs from the catalogue to be ordered. */
export interface LineFacts {
  quantity: string
  requiredBy: string
  buyerSkuActive: boolean
  /** The buyer-SKU version in force: price and MOQ; null before its first version. */
  priceMinor: number | null
  moqMilli: number | null
  /** The chosen seller's offer: null when none is chosen. */
  offer: { live: boolean; sellerActive: boolean; sameProduct: boolean; costMinor: number | null } | null
  unit: string
}

export type LineField = 'item' | 'quantity' | 'requiredBy' | 'seller'

export interface CheckedLine {
  errors: Partial<Record<LineField, string>>
  quantityMilli: number | null
  valueMinor: number | null
}

/** A line's messages, by field, and its value when quantity and price are known. `today` is the platform's day (YYYY-MM-DD). */
export function checkLine(line: LineFacts, today: string): CheckedLine {
  const errors: CheckedLine['errors'] = {}
  if (!line.buyerSkuActive) errors.item = 'This buyer SKU is archived: remove the line'
  else if (line.priceMinor === null) errors.item = 'This buyer SKU has no price in force yet'
  const quantityMilli = line.quantity.trim() === '' ? null : parseQuantity(line.quantity)
  if (line.quantity.trim() === '') errors.quantity = 'Enter the quantity'
  else if (quantityMilli === null || quantityMilli === 0)
    errors.quantity = `Enter the quantity in ${line.unit}, like 500 or 12.5`
  else if (line.moqMilli !== null && quantityMilli < line.moqMilli)
    errors.quantity = `Order at least the MOQ, ${quantityInput(line.moqMilli)} ${line.unit}`
  const date = strictCalendarDate(line.requiredBy.trim())
  if (line.requiredBy.trim() === '') errors.requiredBy = 'Enter the date it is needed by'
  else if (!date) errors.requiredBy = 'Enter a real date, like 2027-01-31'
  else if (date < today) errors.requiredBy = 'Choose today or a later date'
  if (!line.offer) errors.seller = 'Choose a seller'
  else if (!line.offer.sameProduct) errors.seller = 'This offer is for another product SKU: choose again'
  else if (!line.offer.live || !line.offer.sellerActive || line.offer.costMinor === null)
    errors.seller = 'This seller’s offer is not live any more: choose another seller'
  const valueMinor =
    quantityMilli && line.priceMinor !== null && !errors.quantity ? lineValue(quantityMilli, line.priceMinor) : null
  return { errors, quantityMilli: errors.quantity ? null : quantityMilli, valueMinor }
}
