import { formatDate } from '~/utils/format'
import { checkLine, gstOf, type CheckedLine } from './lines'

// The cart's readiness rule, one function for the server and the browser (issue 51: the page with
// JavaScript said "0 of 2 lines ready, ₹0.00" after dates were typed, until saved). The server checks
// a saved line with it (the cart page's loader, placing); the page checks what is typed with it, so
// the summary and the messages it shows before saving are the ones saving would give.

/** What a cart line is checked against besides what is typed: the catalogue's facts as they stand. */
export interface CartLineFacts {
  buyerSkuActive: boolean
  /** The buyer-SKU version in force: price and MOQ; null before its first version. */
  priceMinor: number | null
  moqMilli: number | null
  /** The category's rate for the line's price a piece. */
  gstRateBp: number
  unit: string
  /** The offer saved on the line, as it stands now (it may have gone out of live since). */
  savedOffer: {
    id: number
    live: boolean
    sellerActive: boolean
    sameProduct: boolean
    costMinor: number | null
  } | null
}

/** A line as typed in the cart form. */
export interface CartLineTyped {
  quantity: string
  requiredBy: string
  sellerSkuId: number | null
}

/** The live offers of active sellers for the line's product SKU: the sellers the line offers. */
export type OfferedSeller = { id: number; costMinor: number | null }

export type CheckedCartLine = CheckedLine & { gstMinor: number | null }

/** A line's text as it is kept: what saving stores (trimmed, cut to the column's length). */
export const keptAsTyped = (typed: CartLineTyped): CartLineTyped => ({
  quantity: typed.quantity.trim().slice(0, 40),
  requiredBy: typed.requiredBy.trim().slice(0, 20),
  sellerSkuId: typed.sellerSkuId,
})

/**
 * A cart line's messages by field, its value and its GST, from what is typed. The chosen seller is
 * the saved offer's facts when it is the one saved, else one of the sellers offered (live, active,
 * same product SKU); any other is an offer that is not live (saving takes only an offer of the same
 * product SKU, and then says so).
 */
export function checkCartLineTyped(
  facts: CartLineFacts,
  offered: OfferedSeller[],
  typed: CartLineTyped,
  today: string,
): CheckedCartLine {
  const kept = keptAsTyped(typed)
  const chosen = offered.find((o) => o.id === kept.sellerSkuId)
  const offer =
    kept.sellerSkuId === null
      ? null
      : facts.savedOffer?.id === kept.sellerSkuId
        ? facts.savedOffer
        : chosen
          ? { live: true, sellerActive: true, sameProduct: true, costMinor: chosen.costMinor }
          : { live: false, sellerActive: false, sameProduct: true, costMinor: null }
  const checked = checkLine(
    {
      quantity: kept.quantity,
      requiredBy: kept.requiredBy,
      buyerSkuActive: facts.buyerSkuActive,
      priceMinor: facts.priceMinor,
      moqMilli: facts.moqMilli,
      offer,
      unit: facts.unit,
    },
    today,
  )
  return { ...checked, gstMinor: checked.valueMinor === null ? null : gstOf(checked.valueMinor, facts.gstRateBp) }
}

/** A line is ready to order when nothing is said at it. */
export const isReady = (line: { errors: CheckedLine['errors'] }) => Object.keys(line.errors).length === 0

/** The cart's totals: the value and GST of the lines ready to order, and how many there are. */
export function cartTotals(lines: Pick<CheckedCartLine, 'errors' | 'valueMinor' | 'gstMinor'>[]) {
  const ready = lines.filter(isReady)
  const valueMinor = ready.reduce((total, line) => total + line.valueMinor!, 0)
  const gstMinor = ready.reduce((total, line) => total + line.gstMinor!, 0)
  return { valueMinor, gstMinor, totalMinor: valueMinor + gstMinor, readyLines: ready.length }
}

/** The calendar day `days` after `day` (YYYY-MM-DD). */
export function dayPlus(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/**
 * The line's warning (not a refusal) when it is needed sooner than its seller's lead time allows:
 * today plus the lead time is the earliest the seller can have it ready.
 */
export function leadTimeWarning(
  requiredBy: string,
  offer: { sellerName: string; leadTimeDays: number | null } | undefined,
  today: string,
): string | null {
  if (!offer || offer.leadTimeDays === null || !/^\d{4}-\d{2}-\d{2}$/.test(requiredBy)) return null
  const earliest = dayPlus(today, offer.leadTimeDays)
  if (requiredBy >= earliest) return null
  return `${offer.sellerName} needs ${offer.leadTimeDays} ${offer.leadTimeDays === 1 ? 'day' : 'days'}: ready ${formatDate(`${earliest}T12:00:00Z`)} at the earliest, later than it is needed`
}
