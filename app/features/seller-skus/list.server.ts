import { sql } from 'kysely'
import type { Database } from '#db/database'
import type { SellerSkuStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { countUpTo } from '~/utils/count.server'
import { SEARCH_COUNT_CAP } from '~/utils/list-params'
import { searchIds } from '~/platform/search.server'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { gapSummary, publishGaps } from './rules'
import type { SellerSkuFilters } from './schema'

// The live and draft (or archived) lists of seller offers: one query, filtered through the
// seller_skus indexes (status, updated_at), (seller_id, status, updated_at), (product_sku_id, status).

export interface SellerSkuListRow {
  id: number
  sellerId: number
  sellerName: string
  productSkuCode: string
  productSkuName: string
  productName: string
  unit: string
  sellerCode: string | null
  costMinor: number | null
  moqMilli: number | null
  monthlyCapacityMilli: number | null
  leadTimeDays: number | null
  status: SellerSkuStatus
  updatedAt: string
  /** Drafts: what publishing still needs ("seller’s code, lead time"), or '' when complete. */
  missing: string
}

function filtered(db: Executor, f: SellerSkuFilters, sellerId: number | null) {
  let query = db.selectFrom('seller_skus').where('seller_skus.status', '=', f.status)
  if (sellerId !== null) query = query.where('seller_skus.seller_id', '=', sellerId)
  if (f.product !== null || f.category !== null) {
    // Through the product SKUs' (product_id | category_id, status, ...) indexes, then seller_skus' (product_sku_id, status).
    let skus = db.selectFrom('product_skus').select('product_skus.id')
    if (f.category !== null) skus = skus.where('product_skus.category_id', '=', f.category)
    if (f.product !== null) skus = skus.where('product_skus.product_id', '=', f.product)
    query = query.where('seller_skus.product_sku_id', 'in', skus)
  }
  const ownWords = searchIds(db, 'seller_sku', f.q)
  const skuWords = searchIds(db, 'product_sku', f.q)
  if (ownWords && skuWords) {
    query = query.where((eb) =>
      eb.or([eb('seller_skus.id', 'in', ownWords), eb('seller_skus.product_sku_id', 'in', skuWords)]),
    )
  }
  return query
}

/** Sorts: updated follows the status and seller indexes; the id keeps pages stable. */
const SORT_COLUMNS = { updated: 'seller_skus.updated_at', cost: 'seller_skus.cost_minor' } as const

export async function listSellerSkus(
  db: Database,
  f: SellerSkuFilters,
): Promise<{
  rows: SellerSkuListRow[]
  total: number
  capped: boolean
  sellerError: string | null
  sellerChoices?: PickOption[]
}> {
  let sellerId: number | null = null
  if (f.seller) {
    const match = await resolveCompany(db, 'seller', f.seller)
    if (!match.ok)
      return { rows: [], total: 0, capped: false, sellerError: match.message, sellerChoices: match.choices }
    sellerId = match.id
  }
  const { total, capped } = await countUpTo(
    db,
    filtered(db, f, sellerId).select('seller_skus.id'),
    f.q ? SEARCH_COUNT_CAP : undefined,
  )
  const offset = (f.page - 1) * f.pageSize
  if (offset >= total && !capped) return { rows: [], total, capped, sellerError: null }
  const rows = await filtered(db, f, sellerId)
    .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
    .innerJoin('product_skus', 'product_skus.id', 'seller_skus.product_sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'seller_skus.id',
      'seller_skus.seller_id',
      'sellers.name as seller_name',
      'sellers.status as seller_status',
      'product_skus.code as product_sku_code',
      'product_skus.name as product_sku_name',
      'product_skus.status as product_sku_status',
      'products.name as product_name',
      'products.unit',
      'seller_skus.seller_code',
      'seller_skus.cost_minor',
      'seller_skus.moq_milli',
      'seller_skus.monthly_capacity_milli',
      'seller_skus.lead_time_days',
      'seller_skus.status',
      'seller_skus.updated_at',
    ])
    .orderBy(sql.ref(SORT_COLUMNS[f.sort]), f.dir)
    .orderBy('seller_skus.id', f.dir)
    .limit(f.pageSize)
    .offset(offset)
    .execute()
  return {
    rows: rows.map((r) => ({
      id: r.id,
      sellerId: r.seller_id,
      sellerName: r.seller_name,
      productSkuCode: r.product_sku_code,
      productSkuName: r.product_sku_name,
      productName: r.product_name,
      unit: r.unit,
      sellerCode: r.seller_code,
      costMinor: r.cost_minor,
      moqMilli: r.moq_milli,
      monthlyCapacityMilli: r.monthly_capacity_milli,
      leadTimeDays: r.lead_time_days,
      status: r.status,
      updatedAt: r.updated_at,
      missing:
        r.status === 'draft'
          ? gapSummary(
              publishGaps({
                sellerCode: r.seller_code,
                costMinor: r.cost_minor,
                moqMilli: r.moq_milli,
                monthlyCapacityMilli: r.monthly_capacity_milli,
                leadTimeDays: r.lead_time_days,
                sellerActive: r.seller_status === 'active',
                productSkuActive: r.product_sku_status === 'active',
              }),
            )
          : '',
    })),
    total,
    capped,
    sellerError: null,
  }
}

/** The filter form's choices: the active products and their categories. */
async function filterOptions(db: Executor) {
  const [products, categories] = await Promise.all([
    db.selectFrom('products').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute(),
    db
      .selectFrom('categories')
      .innerJoin('products', 'products.id', 'categories.product_id')
      .select(['categories.id', 'categories.name', 'products.name as product_name'])
      .where('products.active', '=', 1)
      .orderBy('products.name')
      .orderBy('categories.name')
      .execute(),
  ])
  return { products, categories: categories.map((c) => ({ id: c.id, name: c.name, productName: c.product_name })) }
}

/** Everything a list page shows. */
export async function sellerSkuListPage(db: Database, filters: SellerSkuFilters) {
  const [list, options] = await Promise.all([listSellerSkus(db, filters), filterOptions(db)])
  return { filters, ...list, ...options }
}
