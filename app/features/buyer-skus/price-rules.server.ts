import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { formatMoney } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { percentOf } from '../price-requests/format'

// The price rules of a buyer SKU (docs/domain.md "Approval rules"): its cost is the lowest cost of
// the live offers of active sellers for its product SKU (the offer the cart chooses first), and its
// category's margin floor. Which price changes apply at once and which wait for an admin's decision
// is priceChangeVerdict, the one rule every channel asks.

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

/** Whether a user changes agreed prices without a request: an admin (the one who decides requests). */
export async function changesPricesDirectly(trx: Executor, userId: number | null): Promise<boolean> {
  if (userId === null) return false
  const row = await trx
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .executeTakeFirst()
  return row !== undefined
}

export type PriceChangeVerdict =
  { kind: 'direct' } | { kind: 'request'; why: string } | { kind: 'refused'; message: string }

/**
 * THE rule of a buyer SKU's price change, whatever the channel (the edit form, the API, an import;
 * docs/domain.md "Who may change a price"): a price below the cost is refused; a change of an
 * agreed price by anyone but an admin needs an admin's decision, and so does a lowered price whose
 * margin falls below the category's floor (an admin's too); the rest applies at once. A first
 * price (a new buyer SKU) is the agreement itself and applies.
 */
export function priceChangeVerdict(
  rule: PriceRule | undefined,
  change: { currentMinor: number | null; proposedMinor: number },
  changer: { direct: boolean },
): PriceChangeVerdict {
  const { currentMinor: from, proposedMinor: to } = change
  if (from === to) return { kind: 'direct' }
  if (rule?.costMinor != null && to < rule.costMinor)
    return {
      kind: 'refused',
      message: `${formatMoney(to)} is below the cost (${formatMoney(rule.costMinor)}, the lowest live seller cost): a price below cost is refused`,
    }
  if (from === null) return { kind: 'direct' }
  if (rule && to < from && belowFloor(rule, to)) {
    const margin = marginOf(to, rule.costMinor)!
    return {
      kind: 'request',
      why: `Price lowered below the ${rule.category} margin floor of ${percentOf(rule.floorBp!)} (margin ${percentOf(margin.bp)})`,
    }
  }
  if (!changer.direct)
    return {
      kind: 'request',
      why: `Price ${to > from ? 'raised' : 'lowered'} from ${formatMoney(from)} to ${formatMoney(to)}: a change of an agreed price needs an admin’s decision`,
    }
  return { kind: 'direct' }
}

/** The pending request of a buyer SKU, if one waits (one at a time per buyer SKU). */
export async function waitingRequestOf(trx: Executor, buyerSkuId: number): Promise<number | undefined> {
  const waiting = await trx
    .selectFrom('price_change_requests')
    .select('id')
    .where('buyer_sku_id', '=', buyerSkuId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return waiting?.id
}

export const oneAtATime = (waitingId: number) =>
  `This price change needs an admin’s decision, but request #${waitingId} for this buyer SKU already waits for one: one request at a time per buyer SKU.`

/**
 * A price change that needs an admin's decision becomes a pending price-change request in the
 * changer's name, made against the price in force (its base), with its audit entry: the same for
 * the form, the API and an import. One request waits per buyer SKU (the unique pending index
 * holds it under a race). Answers the new request's id.
 */
export async function openPriceRequest(
  trx: Executor,
  input: {
    actorUserId: number
    buyerSkuId: number
    buyerCode: string
    currentPriceMinor: number
    proposedPriceMinor: number
    why: string
    note: string | null
    at: string
    importJobId?: number | null
    auditNote?: string
  },
): Promise<number> {
  const reason = (input.note ? `${input.why}: ${input.note}` : input.why).slice(0, 500)
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
      import_job_id: input.importJobId ?? null,
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
    note: input.auditNote ? `${input.auditNote}: ${reason}` : reason,
  })
  return row.id
}
