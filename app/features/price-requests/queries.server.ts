import type { PriceChangeStatus } from '#db/types'
import type { Executor } from '../audit/audit.server'
import { priceInForceSql, versionInForce } from '../buyer-skus/versions.server'
import { searchIds } from '../search/search.server'
import { countUpTo } from '~/utils/count.server'
import type { RequestFilters } from './schema'

// Reads of price-change requests. The KAM sees only its own requests and its own buyers' SKUs.

/** The columns every list and record shows, joined from the buyer SKU, its buyer and product SKU. */
function withRequestColumns(db: Executor) {
  return db
    .selectFrom('price_change_requests as r')
    .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .innerJoin('users as requester', 'requester.id', 'r.requested_by')
    .leftJoin('users as decider', 'decider.id', 'r.decided_by')
    .select([
      'r.id',
      'r.buyer_sku_id as buyerSkuId',
      'r.status',
      'r.current_price_minor as requestedAtPriceMinor',
      'r.proposed_price_minor as proposedPriceMinor',
      'r.reason',
      'r.effective_from as effectiveFrom',
      'r.created_at as createdAt',
      'r.decided_at as decidedAt',
      'r.decision_note as decisionNote',
      'r.version_id as versionId',
      'r.requested_by as requestedBy',
      'buyers.id as buyerId',
      'buyers.name as buyerName',
      'buyer_skus.buyer_code as buyerCode',
      'product_skus.code as productSkuCode',
      'product_skus.name as productSkuName',
      'requester.name as requesterName',
      'requester.email as requesterEmail',
      'decider.name as deciderName',
    ])
    .select(priceInForceSql().as('priceNowMinor'))
}

export type RequestRow = Awaited<ReturnType<typeof listRequests>>['rows'][number]

/**
 * One page of requests. Pending ones wait in a queue (oldest first); any other view shows the
 * newest first. The search matches the buyer's code or the product SKU's code or name by word prefix.
 */
export async function listRequests(db: Executor, filters: RequestFilters, options: { requestedBy?: number } = {}) {
  let query = withRequestColumns(db)
  if (options.requestedBy !== undefined) query = query.where('r.requested_by', '=', options.requestedBy)
  if (filters.status !== 'all') query = query.where('r.status', '=', filters.status)
  const byCode = filters.q ? searchIds(db, 'buyer_sku', filters.q) : null
  const byProduct = filters.q ? searchIds(db, 'product_sku', filters.q) : null
  if (byCode && byProduct) {
    query = query.where((eb) => eb.or([eb('r.buyer_sku_id', 'in', byCode), eb('buyer_skus.product_sku_id', 'in', byProduct)]))
  }
  const dir = filters.status === 'pending' && options.requestedBy === undefined ? 'asc' : 'desc'
  const { total, capped } = await countUpTo(db, query)
  const rows = await query
    .orderBy('r.created_at', dir)
    .orderBy('r.id', dir)
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize)
    .execute()
  return { rows, total, capped }
}

export type RequestRecord = NonNullable<Awaited<ReturnType<typeof requestRecord>>>

/** One request with what admin decides on: the price in force now and the SKU's versions. */
export async function requestRecord(db: Executor, id: number) {
  const request = await withRequestColumns(db).where('r.id', '=', id).executeTakeFirst()
  if (!request) return undefined
  const [inForce, versions, product] = await Promise.all([
    versionInForce(db, request.buyerSkuId),
    versionHistory(db, request.buyerSkuId),
    db
      .selectFrom('buyer_skus')
      .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
      .innerJoin('products', 'products.id', 'product_skus.product_id')
      .select('products.unit')
      .where('buyer_skus.id', '=', request.buyerSkuId)
      .executeTakeFirst(),
  ])
  return { request, inForceVersionId: inForce?.id ?? null, versions, unit: product?.unit ?? null }
}

/** A buyer SKU's versions, newest first (a buyer SKU has a handful; no page needed). */
export function versionHistory(db: Executor, buyerSkuId: number) {
  return db
    .selectFrom('buyer_sku_versions as v')
    .leftJoin('users', 'users.id', 'v.created_by')
    .select([
      'v.id',
      'v.number',
      'v.price_minor as priceMinor',
      'v.moq_milli as moqMilli',
      'v.note',
      'v.effective_from as effectiveFrom',
      'v.created_at as createdAt',
      'v.price_request_id as priceRequestId',
      'users.name as createdByName',
    ])
    .where('v.buyer_sku_id', '=', buyerSkuId)
    .orderBy('v.number', 'desc')
    .execute()
}

/** The buyer SKUs of the KAM's own buyers: the scope of everything it may propose. */
export function kamBuyerSkus(db: Executor, kamUserId: number) {
  return db
    .selectFrom('buyer_skus')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .where('buyers.kam_user_id', '=', kamUserId)
    .where('buyer_skus.status', '=', 'active')
}

export const FIND_LIMIT = 20

/** Up to 20 of the KAM's buyer SKUs matching a buyer code or a product SKU's code or name. */
export async function findKamBuyerSkus(db: Executor, kamUserId: number, find: string) {
  const byCode = searchIds(db, 'buyer_sku', find)
  const byProduct = searchIds(db, 'product_sku', find)
  if (!byCode || !byProduct) return []
  return kamBuyerSkus(db, kamUserId)
    .select(['buyer_skus.id', 'buyer_skus.buyer_code as buyerCode', 'buyers.name as buyerName', 'product_skus.code as productSkuCode', 'product_skus.name as productSkuName'])
    .where((eb) => eb.or([eb('buyer_skus.id', 'in', byCode), eb('buyer_skus.product_sku_id', 'in', byProduct)]))
    .orderBy('buyers.name')
    .orderBy('buyer_skus.buyer_code')
    .limit(FIND_LIMIT)
    .execute()
}

export type ChosenBuyerSku = NonNullable<Awaited<ReturnType<typeof kamBuyerSku>>>

/** One of the KAM's buyer SKUs with its price in force now and its pending request, or undefined. */
export async function kamBuyerSku(db: Executor, kamUserId: number, buyerSkuId: number) {
  const sku = await kamBuyerSkus(db, kamUserId)
    .select(['buyer_skus.id', 'buyer_skus.buyer_code as buyerCode', 'buyers.name as buyerName', 'product_skus.code as productSkuCode', 'product_skus.name as productSkuName'])
    .where('buyer_skus.id', '=', buyerSkuId)
    .executeTakeFirst()
  if (!sku) return undefined
  const [inForce, pending] = await Promise.all([versionInForce(db, buyerSkuId), pendingRequestOf(db, buyerSkuId)])
  return { ...sku, priceNowMinor: inForce?.price_minor ?? null, pendingRequestId: pending?.id ?? null }
}

export function pendingRequestOf(db: Executor, buyerSkuId: number) {
  return db
    .selectFrom('price_change_requests')
    .select(['id', 'requested_by'])
    .where('buyer_sku_id', '=', buyerSkuId)
    .where('status', '=', 'pending' satisfies PriceChangeStatus)
    .executeTakeFirst()
}
