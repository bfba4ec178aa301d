import { sql } from 'kysely'
import type { Executor } from '~/platform/executor'

/**
 * Buyer SKU versions (docs/domain.md "Buyer SKU"): every saved change is a new numbered version.
 * The version in force at a time is the highest-numbered one whose effective_from has come; an
 * approved price change with a future date is a version that is not in force yet.
 */

export interface NewVersion {
  buyerSkuId: number
  /** The number the caller saw as latest; the save is refused if someone added one since. */
  expectedCurrent: number
  buyerCode: string
  priceMinor: number
  moqMilli: number
  note: string | null
  /** UTC ISO; defaults to now. */
  effectiveFrom?: string
  createdBy: number | null
  priceRequestId?: number | null
}

/**
 * Adds the next version and moves the buyer SKU's current_version on, in the caller's transaction.
 * Returns null when another version was added since `expectedCurrent` (the caller reports a conflict).
 */
export async function addBuyerSkuVersion(
  trx: Executor,
  input: NewVersion,
): Promise<{ id: number; number: number } | null> {
  const now = new Date().toISOString()
  const number = input.expectedCurrent + 1
  const moved = await trx
    .updateTable('buyer_skus')
    .set({ current_version: number, buyer_code: input.buyerCode, updated_at: now })
    .where('id', '=', input.buyerSkuId)
    .where('current_version', '=', input.expectedCurrent)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) return null
  const row = await trx
    .insertInto('buyer_sku_versions')
    .values({
      buyer_sku_id: input.buyerSkuId,
      number,
      buyer_code: input.buyerCode,
      price_minor: input.priceMinor,
      moq_milli: input.moqMilli,
      note: input.note,
      effective_from: input.effectiveFrom ?? now,
      created_by: input.createdBy,
      price_request_id: input.priceRequestId ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, number }
}

/** The version of a buyer SKU in force at a time (default now), or undefined before its first. */
export function versionInForce(db: Executor, buyerSkuId: number, at: string = new Date().toISOString()) {
  return db
    .selectFrom('buyer_sku_versions')
    .select([
      'id',
      'number',
      'buyer_code',
      'price_minor',
      'moq_milli',
      'note',
      'effective_from',
      'created_at',
      'created_by',
      'price_request_id',
    ])
    .where('buyer_sku_id', '=', buyerSkuId)
    .where('effective_from', '<=', at)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * For lists: the price in force now of the row's buyer SKU, as a correlated subquery on
 * `buyer_skus.id` (one index seek per row shown).
 */
export const priceInForceSql = (at: string = new Date().toISOString()) =>
  sql<
    number | null
  >`(select v.price_minor from buyer_sku_versions v where v.buyer_sku_id = buyer_skus.id and v.effective_from <= ${at} order by v.number desc limit 1)`

/** For lists: the id of the version in force now of the row's buyer SKU (same seek as priceInForceSql). */
export const versionInForceIdSql = (at: string = new Date().toISOString()) =>
  sql<
    number | null
  >`(select v.id from buyer_sku_versions v where v.buyer_sku_id = buyer_skus.id and v.effective_from <= ${at} order by v.number desc limit 1)`

/** The price in force at `at` of one buyer SKU, as a scalar subquery (for conditional updates). */
export const priceInForceOfSql = (buyerSkuId: number, at: string = new Date().toISOString()) =>
  sql<number>`(select v.price_minor from buyer_sku_versions v where v.buyer_sku_id = ${buyerSkuId} and v.effective_from <= ${at} order by v.number desc limit 1)`
