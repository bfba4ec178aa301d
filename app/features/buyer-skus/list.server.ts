import { sql, type SelectQueryBuilder } from 'kysely'
import type { DB, BuyerSkuStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { activeProducts } from '../products/queries.server'
import { matchSearch, type SearchMatch } from '~/platform/search.server'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { countUpTo } from '~/utils/count.server'
import { SEARCH_COUNT_CAP } from '~/utils/list-params'
import { priceInForceSql, versionInForceIdSql } from './versions.server'
import type { BuyerSkuFilters } from './schema'

// The buyer SKUs list: filters, sorts and pages that stay fast at 125,000 buyer SKUs and 500,000 versions.

export interface BuyerSkuListRow {
  id: number
  buyerId: number
  buyerName: string
  buyerCode: string
  productSkuId: number
  productSkuCode: string
  productSkuName: string
  productName: string
  unit: string
  status: BuyerSkuStatus
  /** Of the version in force now (null before the first takes effect). */
  priceMinor: number | null
  moqMilli: number | null
  versionInForce: number | null
  /** The latest version, when it is newer than the one in force: it takes effect later. */
  waiting: { number: number; effectiveFrom: string } | null
  updatedAt: string
}

interface Scope {
  buyerId: number | null
  productId: number | null
}

/** A search resolved once for a list's queries: the buyer's own codes and the product SKUs' words. */
type Search = { own: SearchMatch; ofSku: SearchMatch } | null

async function matchBoth(db: Executor, q: string): Promise<Search> {
  const [own, ofSku] = await Promise.all([matchSearch(db, 'buyer_sku', q), matchSearch(db, 'product_sku', q)])
  return own && ofSku ? { own, ofSku } : null
}

/** Past this many matches a page walks the sort's index and checks each row, instead of sorting every match. */
const WALK_FROM = 1000

/**
 * The matching buyer SKUs. The search matches the buyer's own code (buyer_sku words) or the
 * product SKU's code and name (product_sku words), each a word-prefix index scan.
 *
 * `walk`: when many rows match, SQLite would still fetch every match by the product or search
 * index and sort them all; a unary `+` keeps those columns off their indexes, so the page is an
 * index walk in the list's order that stops after 50 matches.
 */
function filtered(db: Executor, f: Pick<BuyerSkuFilters, 'status'>, scope: Scope, search: Search, walk = false) {
  const id = walk ? sql<number>`+buyer_skus.id` : sql.ref<number>('buyer_skus.id')
  const productSkuId = walk ? sql<number>`+buyer_skus.product_sku_id` : sql.ref<number>('buyer_skus.product_sku_id')
  let query = db.selectFrom('buyer_skus')
  if (f.status !== 'all') query = query.where('buyer_skus.status', '=', f.status)
  if (scope.buyerId !== null) query = query.where('buyer_skus.buyer_id', '=', scope.buyerId)
  // buyer_skus keeps its product, so this is an index range ((product_id, status, updated_at)).
  if (scope.productId !== null) query = query.where('buyer_skus.product_id', '=', scope.productId)
  if (search) query = query.where((eb) => eb.or([search.own.hasInOr(id), search.ofSku.hasInOr(productSkuId)]))
  return query
}

/**
 * Sorts an index serves: (status, updated_at) or (buyer_id, status, updated_at) for "updated";
 * the unique (buyer_id, buyer_code) for "code", which groups the rows by buyer. The id keeps pages stable.
 */
function sorted<Q extends SelectQueryBuilder<DB, 'buyer_skus', object>>(
  query: Q,
  f: Pick<BuyerSkuFilters, 'sort' | 'dir'>,
): Q {
  const columns =
    f.sort === 'code' ? ['buyer_skus.buyer_id', 'buyer_skus.buyer_code'] : ['buyer_skus.updated_at', 'buyer_skus.id']
  let ordered = query
  for (const column of columns) ordered = ordered.orderBy(sql.ref(column), f.dir) as Q
  return ordered
}

/**
 * The ids of the page, in order. "All statuses" by date has no single index in that order, so each
 * status walks its own part of (status, updated_at) and the two are merged.
 */
async function pageIds(
  db: Executor,
  f: BuyerSkuFilters,
  scope: Scope,
  search: Search,
  walk: boolean,
): Promise<number[]> {
  const offset = (f.page - 1) * f.pageSize
  if (f.status !== 'all' || f.sort !== 'updated') {
    const rows = await sorted(filtered(db, f, scope, search, walk).select('buyer_skus.id'), f)
      .limit(f.pageSize)
      .offset(offset)
      .execute()
    return rows.map((r) => r.id)
  }
  const parts = await Promise.all(
    (['active', 'archived'] as const).map((status) =>
      sorted(filtered(db, { status }, scope, search, walk).select(['buyer_skus.id', 'buyer_skus.updated_at']), f)
        .limit(offset + f.pageSize)
        .execute(),
    ),
  )
  const sign = f.dir === 'asc' ? 1 : -1
  const merged = parts
    .flat()
    .sort((a, b) => sign * (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id - b.id))
  return merged.slice(offset, offset + f.pageSize).map((r) => r.id)
}

/** The filters typed as text, turned into ids; a buyer that names no one gives a message for the field. */
async function resolveScope(
  db: Executor,
  f: BuyerSkuFilters,
): Promise<{ scope: Scope; buyerError: string | null; buyerChoices: PickOption[]; buyerName: string | null }> {
  let buyerId: number | null = null
  let buyerError: string | null = null
  let buyerChoices: PickOption[] = []
  let buyerName: string | null = null
  if (f.buyer) {
    const match = await resolveCompany(db, 'buyer', f.buyer)
    if (match.ok) {
      buyerId = match.id
      buyerName = match.name
    } else [buyerError, buyerChoices] = [match.message, match.choices]
  }
  const product = f.product
    ? await db.selectFrom('products').select('id').where('slug', '=', f.product).executeTakeFirst()
    : undefined
  return { scope: { buyerId, productId: product?.id ?? null }, buyerError, buyerChoices, buyerName }
}

/**
 * One page of buyer SKUs and the capped count. The page's ids come from an index walk in the
 * list's order; only those rows get their version in force (one index seek each), never a join
 * over all versions.
 */
export async function listBuyerSkus(db: Executor, f: BuyerSkuFilters, scope: Scope, at = new Date().toISOString()) {
  const offset = (f.page - 1) * f.pageSize
  const search = await matchBoth(db, f.q)
  const { total, capped } = await countUpTo(
    db,
    filtered(db, f, scope, search).select('buyer_skus.id'),
    f.q ? SEARCH_COUNT_CAP : undefined,
  )
  if (total === 0 || (offset >= total && !capped)) return { rows: [] as BuyerSkuListRow[], total, capped }
  const ids = await pageIds(db, f, scope, search, capped || total > WALK_FROM)
  if (ids.length === 0) return { rows: [] as BuyerSkuListRow[], total, capped }
  return { rows: await buyerSkuRows(db, ids, at), total, capped }
}

/** The rows of these buyer SKUs, in the order given, each with its version in force at `at` and any waiting one. */
export async function buyerSkuRows(db: Executor, ids: number[], at: string): Promise<BuyerSkuListRow[]> {
  if (ids.length === 0) return []
  const found = await db
    .selectFrom('buyer_skus')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'buyer_skus.id',
      'buyer_skus.buyer_id',
      'buyers.name as buyer_name',
      'buyer_skus.buyer_code',
      'buyer_skus.product_sku_id',
      'product_skus.code as sku_code',
      'product_skus.name as sku_name',
      'products.name as product_name',
      'products.unit',
      'buyer_skus.status',
      'buyer_skus.current_version',
      'buyer_skus.updated_at',
      priceInForceSql(at).as('price_minor'),
      versionInForceIdSql(at).as('in_force_id'),
    ])
    .where('buyer_skus.id', 'in', ids)
    .execute()
  const inForceIds = found.map((r) => r.in_force_id).filter((id): id is number => id !== null)
  const inForce = inForceIds.length
    ? await db
        .selectFrom('buyer_sku_versions')
        .select(['id', 'number', 'moq_milli'])
        .where('id', 'in', inForceIds)
        .execute()
    : []
  const versionById = new Map(inForce.map((v) => [v.id, v]))
  // Rows whose latest version is not the one in force: when does that one start?
  const waitingRows = found.filter(
    (r) => (r.in_force_id === null ? 0 : (versionById.get(r.in_force_id)?.number ?? 0)) < r.current_version,
  )
  const latest = waitingRows.length
    ? await db
        .selectFrom('buyer_sku_versions')
        .select(['buyer_sku_id', 'number', 'effective_from'])
        .where((eb) =>
          eb.or(waitingRows.map((r) => eb.and([eb('buyer_sku_id', '=', r.id), eb('number', '=', r.current_version)]))),
        )
        .execute()
    : []
  const latestBySku = new Map(latest.map((v) => [v.buyer_sku_id, v]))
  const byId = new Map(
    found.map((r) => {
      const version = r.in_force_id === null ? undefined : versionById.get(r.in_force_id)
      const next = latestBySku.get(r.id)
      const row: BuyerSkuListRow = {
        id: r.id,
        buyerId: r.buyer_id,
        buyerName: r.buyer_name,
        buyerCode: r.buyer_code,
        productSkuId: r.product_sku_id,
        productSkuCode: r.sku_code,
        productSkuName: r.sku_name,
        productName: r.product_name,
        unit: r.unit,
        status: r.status,
        priceMinor: r.price_minor,
        moqMilli: version?.moq_milli ?? null,
        versionInForce: version?.number ?? null,
        waiting: next ? { number: next.number, effectiveFrom: next.effective_from } : null,
        updatedAt: r.updated_at,
      }
      return [r.id, row]
    }),
  )
  return ids.map((id) => byId.get(id)).filter((r): r is BuyerSkuListRow => r !== undefined)
}

/** Everything the list page shows. */
export async function buyerSkuListPage(db: Executor, filters: BuyerSkuFilters) {
  const { scope, buyerError, buyerChoices, buyerName } = await resolveScope(db, filters)
  const [list, products] = await Promise.all([
    buyerError ? { rows: [] as BuyerSkuListRow[], total: 0, capped: false } : listBuyerSkus(db, filters, scope),
    activeProducts(db),
  ])
  return {
    filters,
    ...list,
    buyerError,
    buyerChoices,
    buyerName,
    products: products.map((p) => ({ slug: p.slug, name: p.name })),
  }
}

/**
 * The matching buyer SKUs, newest id first, after a row (keyset: its id), up to `limit`, with their
 * versions in force: the integration API's cursor pages of the same list.
 */
export async function buyerSkusAfter(
  db: Executor,
  f: Pick<BuyerSkuFilters, 'status' | 'q'>,
  scope: Scope,
  afterId: number | null,
  limit: number,
  at = new Date().toISOString(),
): Promise<BuyerSkuListRow[]> {
  let query = filtered(db, f, scope, await matchBoth(db, f.q)).select('buyer_skus.id')
  if (afterId !== null) query = query.where('buyer_skus.id', '<', afterId)
  const ids = (await query.orderBy('buyer_skus.id', 'desc').limit(limit).execute()).map((r) => r.id)
  return buyerSkuRows(db, ids, at)
}
