import { marginOf, priceRuleOf } from '../buyer-skus/price-rules.server'
import type { PriceChangeStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { priceInForceSql, versionInForce } from '../buyer-skus/versions.server'
import { sql } from 'kysely'
import { searchIds } from '~/platform/search.server'
import { countUpTo } from '~/utils/count.server'
import type { RequestFilters } from './schema'

// Reads of price-change requests. The KAM sees the requests and SKUs of the buyers assigned to it.

/** Requests joined to their buyer SKU, buyer and product SKU: every view starts here. */
function requests(db: Executor) {
  return db
    .selectFrom('price_change_requests as r')
    .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
}

/** What a row of either list shows (the item and the proposal). */
const ROW_COLUMNS = [
  'r.id',
  'r.status',
  'r.proposed_price_minor as proposedPriceMinor',
  'r.effective_from as effectiveFrom',
  'r.created_at as createdAt',
  'buyers.name as buyerName',
  'buyer_skus.buyer_code as buyerCode',
  'product_skus.code as productSkuCode',
  'product_skus.name as productSkuName',
] as const

/** Admin's queue also shows who asked and the price in force now. */
function adminRows(db: Executor) {
  return requests(db)
    .innerJoin('users as requester', 'requester.id', 'r.requested_by')
    .select([...ROW_COLUMNS, 'requester.name as requesterName'])
    .select(priceInForceSql().as('priceNowMinor'))
}

/**
 * The KAM's list shows the price when asked and the decision, never the requester's address. The
 * price in force only where the KAM must act on it: a pending request whose base moved (the KAM
 * may confirm it against the new price), else null.
 */
function kamRows(db: Executor, kamUserId: number) {
  const now = priceInForceSql()
  return requests(db)
    .select([
      ...ROW_COLUMNS,
      'r.current_price_minor as requestedAtPriceMinor',
      'r.decided_at as decidedAt',
      'r.decision_note as decisionNote',
    ])
    .select(
      sql<
        number | null
      >`(case when r.status = 'pending' and ${now} <> r.current_price_minor then ${now} else null end)`.as(
        'baseMovedToMinor',
      ),
    )
    .where('buyers.kam_user_id', '=', kamUserId)
}

/** Everything admin's record of one request shows. */
function recordColumns(db: Executor) {
  return requests(db)
    .innerJoin('users as requester', 'requester.id', 'r.requested_by')
    .leftJoin('users as decider', 'decider.id', 'r.decided_by')
    .select([
      ...ROW_COLUMNS,
      'r.buyer_sku_id as buyerSkuId',
      'r.current_price_minor as requestedAtPriceMinor',
      'r.reason',
      'r.decided_at as decidedAt',
      'r.decision_note as decisionNote',
      'r.version_id as versionId',
      'buyers.id as buyerId',
      'requester.name as requesterName',
      'requester.email as requesterEmail',
      'decider.name as deciderName',
    ])
    .select(priceInForceSql().as('priceNowMinor'))
}

/**
 * One page of requests. Pending ones wait in admin's queue oldest first; any other view shows the
 * newest first. The search matches the buyer's code or the product SKU's code or name by word prefix.
 */
async function pageOf<Q extends ReturnType<typeof adminRows> | ReturnType<typeof kamRows>>(
  db: Executor,
  query: Q,
  filters: RequestFilters,
  dir: 'asc' | 'desc',
) {
  let q = query as ReturnType<typeof adminRows>
  if (filters.status !== 'all') q = q.where('r.status', '=', filters.status)
  const byCode = filters.q ? searchIds(db, 'buyer_sku', filters.q) : null
  const byProduct = filters.q ? searchIds(db, 'product_sku', filters.q) : null
  if (byCode && byProduct)
    q = q.where((eb) => eb.or([eb('r.buyer_sku_id', 'in', byCode), eb('buyer_skus.product_sku_id', 'in', byProduct)]))
  const { total, capped } = await countUpTo(db, q)
  const rows = await q
    .orderBy('r.created_at', dir)
    .orderBy('r.id', dir)
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize)
    .execute()
  return { rows: rows as unknown as Awaited<ReturnType<Q['execute']>>, total, capped }
}

export type RequestRow = Awaited<ReturnType<typeof listAdminRequests>>['rows'][number]
export type KamRequestRow = Awaited<ReturnType<typeof listKamRequests>>['rows'][number]

export function listAdminRequests(db: Executor, filters: RequestFilters) {
  return pageOf(db, adminRows(db), filters, filters.status === 'pending' ? 'asc' : 'desc')
}

/** The requests on the buyer SKUs of the KAM's buyers, whoever asked (a reassigned buyer's requests move with it). */
export function listKamRequests(db: Executor, kamUserId: number, filters: RequestFilters) {
  return pageOf(db, kamRows(db, kamUserId), filters, 'desc')
}

export type RequestRecord = NonNullable<Awaited<ReturnType<typeof requestRecord>>>

/** One request with what admin decides on: the price in force now and the SKU's versions. */
export async function requestRecord(db: Executor, id: number) {
  const request = await recordColumns(db).where('r.id', '=', id).executeTakeFirst()
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
  const facts = await decisionFacts(db, request)
  return { request, inForceVersionId: inForce?.id ?? null, versions, unit: product?.unit ?? null, facts }
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
    .select([
      'buyer_skus.id',
      'buyer_skus.buyer_code as buyerCode',
      'buyers.name as buyerName',
      'product_skus.code as productSkuCode',
      'product_skus.name as productSkuName',
    ])
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
    .select([
      'buyer_skus.id',
      'buyer_skus.buyer_code as buyerCode',
      'buyers.name as buyerName',
      'product_skus.code as productSkuCode',
      'product_skus.name as productSkuName',
    ])
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

/** How many open master orders a decision page lists by code. */
export const AFFECTED_SHOWN = 5

/**
 * What admin weighs a price change by (docs/domain.md "Approval rules"): the cost (the lowest live
 * seller cost), the margin now and proposed (₹ and %), the category's floor, and the open master
 * orders with this buyer SKU not yet invoiced (a seller order with its lines not yet delivered,
 * cancelled or rejected): their count and the first few. Staff only: the admin page.
 */
export async function decisionFacts(
  db: Executor,
  request: { buyerSkuId: number; proposedPriceMinor: number; priceNowMinor: number | null },
) {
  const openLines = () =>
    db
      .selectFrom('sub_orders')
      .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
      .innerJoin('master_orders', 'master_orders.id', 'sub_orders.master_order_id')
      .where('sub_orders.buyer_sku_id', '=', request.buyerSkuId)
      .where('seller_orders.status', 'not in', ['delivered', 'cancelled', 'rejected'])
  const [rule, counted, shown] = await Promise.all([
    priceRuleOf(db, request.buyerSkuId),
    openLines()
      .select((eb) => eb.fn.count<number>('master_orders.id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    openLines()
      .select(['master_orders.id', 'master_orders.code'])
      .distinct()
      .orderBy('master_orders.id', 'desc')
      .limit(AFFECTED_SHOWN)
      .execute(),
  ])
  const cost = rule?.costMinor ?? null
  return {
    costMinor: cost,
    floorBp: rule?.floorBp ?? null,
    category: rule?.category ?? null,
    marginNow: request.priceNowMinor === null ? null : marginOf(Number(request.priceNowMinor), cost),
    marginProposed: marginOf(request.proposedPriceMinor, cost),
    belowCost: cost !== null && request.proposedPriceMinor < cost,
    openOrders: { count: Number(counted.n), shown: shown.map((o) => ({ id: o.id, code: o.code })) },
  }
}
