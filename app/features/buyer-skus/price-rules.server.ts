import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { formatMoney } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { percentOf } from '../price-requests/format'

// The price rules of a buyer SKU (docs/domain.md "Approval rules"): its cost is the lowest cost of
// the live offers of active sellers for its product SKU (the offer the cart chooses first), and its
// category's margin floor. A price below the cost is refused; a lowered price whose margin is below
// the floor needs an admin's decision (a price-change request).

export interface PriceRule {
  /** The lowest live seller cost per unit, in paise; null: no live offer with a cost (no cost rule). */
  costMinor: number | null
  /** The category's margin floor in basis points; null: none. */
  floorBp: number | null
  category: string
}

export async function priceRuleOf(trx: Executor, buyerSkuId: number): Promise<PriceRule | undefined> {
  const sku = await trx
    .selectFrom('buyer_skus')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .innerJoin('categories', 'categories.id', 'product_skus.category_id')
    .select(['buyer_skus.product_sku_id', 'categories.name', 'categories.margin_floor_bp'])
    .where('buyer_skus.id', '=', buyerSkuId)
    .executeTakeFirst()
  if (!sku) return undefined
  const offer = await trx
    .selectFrom('seller_skus')
    .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
    .select((eb) => eb.fn.min('seller_skus.cost_minor').as('cost'))
    .where('seller_skus.product_sku_id', '=', sku.product_sku_id)
    .where('seller_skus.status', '=', 'live')
    .where('sellers.status', '=', 'active')
    .where('seller_skus.cost_minor', 'is not', null)
    .executeTakeFirst()
  return {
    costMinor: offer?.cost === null || offer?.cost === undefined ? null : Number(offer.cost),
    floorBp: sku.margin_floor_bp,
    category: sku.name,
  }
}

/** The margin of a price over the cost, in ₹ (paise) and basis points of the price; null without a cost. */
export function marginOf(priceMinor: number, costMinor: number | null) {
  if (costMinor === null) return null
  const minor = priceMinor - costMinor
  return { minor, bp: priceMinor > 0 ? Math.floor((minor * 10_000) / priceMinor) : 0 }
}

/** Refuses (at `field`) a price below the cost. */
export function refuseBelowCost(rule: PriceRule, priceMinor: number, field?: string) {
  if (rule.costMinor !== null && priceMinor < rule.costMinor)
    throw new Refused(
      field,
      `${formatMoney(priceMinor)} is below the cost (${formatMoney(rule.costMinor)}, the lowest live seller cost): a price below cost is refused`,
    )
}

/** Whether a price is below the category's floor (false without a floor or a cost). */
export function belowFloor(rule: PriceRule, priceMinor: number): boolean {
  const margin = marginOf(priceMinor, rule.costMinor)
  return rule.floorBp !== null && margin !== null && margin.bp < rule.floorBp
}

/**
 * A direct price edit that lowers the price below the category's floor becomes a price-change
 * request in the editor's name (admin decides it on the request's page): one request waits per
 * buyer SKU, so one already waiting refuses the edit. Answers the new request's id.
 */
export async function priceRequestInstead(
  trx: Executor,
  input: {
    actorUserId: number
    buyerSkuId: number
    buyerCode: string
    currentPriceMinor: number
    proposedPriceMinor: number
    rule: PriceRule
    note: string | null
    at: string
  },
): Promise<number> {
  const waiting = await trx
    .selectFrom('price_change_requests')
    .select('id')
    .where('buyer_sku_id', '=', input.buyerSkuId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (waiting)
    throw new Refused(
      'price',
      `This price is below the ${input.rule.category} margin floor and needs an admin’s decision, but request #${waiting.id} for this buyer SKU already waits for one: one request at a time per buyer SKU.`,
    )
  const margin = marginOf(input.proposedPriceMinor, input.rule.costMinor)!
  const why = `Direct price edit below the ${input.rule.category} margin floor of ${percentOf(input.rule.floorBp!)} (margin ${percentOf(margin.bp)})`
  const reason = (input.note ? `${why}: ${input.note}` : why).slice(0, 500)
  const row = await trx
    .insertInto('price_change_requests')
    .values({
      buyer_sku_id: input.buyerSkuId,
      requested_by: input.actorUserId,
      current_price_minor: input.currentPriceMinor,
      proposed_price_minor: input.proposedPriceMinor,
      reason,
      effective_from: null,
      status: 'pending',
      created_at: input.at,
      updated_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await audit(trx, {
    actorUserId: input.actorUserId,
    action: 'price_request.created',
    entityType: 'price_request',
    entityId: row.id,
    after: {
      buyer_sku: input.buyerCode,
      price_now: formatMoney(input.currentPriceMinor),
      proposed_price: formatMoney(input.proposedPriceMinor),
      effective_from: null,
    },
    note: reason,
  })
  return row.id
}
