import type { SellerSkuStatus } from '#db/types'
import type { Executor } from '~/platform/executor'

// Seller SKUs (offers) as records for the integration API (issue 40): ids, stored values (cost in
// paise, quantities in thousandths), newest first by id, a page at a time.

function recordQuery(db: Executor) {
  return db
    .selectFrom('seller_skus')
    .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
    .innerJoin('product_skus', 'product_skus.id', 'seller_skus.product_sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'seller_skus.id',
      'seller_skus.seller_id',
      'sellers.name as seller_name',
      'seller_skus.product_sku_id',
      'product_skus.code as product_sku_code',
      'product_skus.name as product_sku_name',
      'products.unit',
      'seller_skus.seller_code',
      'seller_skus.cost_minor',
      'seller_skus.moq_milli',
      'seller_skus.monthly_capacity_milli',
      'seller_skus.lead_time_days',
      'seller_skus.status',
      'seller_skus.published_at',
      'seller_skus.created_at',
      'seller_skus.updated_at',
    ])
}
type Row = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number]

const num = (value: number | null) => (value === null ? null : Number(value))
const recordOf = (r: Row) => ({
  id: r.id,
  seller: { id: r.seller_id, name: r.seller_name },
  productSku: { id: r.product_sku_id, code: r.product_sku_code, name: r.product_sku_name },
  unit: r.unit,
  sellerCode: r.seller_code,
  costMinor: num(r.cost_minor),
  moqMilli: num(r.moq_milli),
  monthlyCapacityMilli: num(r.monthly_capacity_milli),
  leadTimeDays: num(r.lead_time_days),
  status: r.status,
  publishedAt: r.published_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})
export type SellerSkuRecordRow = ReturnType<typeof recordOf>

export async function sellerSkuById(db: Executor, id: number): Promise<SellerSkuRecordRow | undefined> {
  const row = await recordQuery(db).where('seller_skus.id', '=', id).executeTakeFirst()
  return row ? recordOf(row) : undefined
}

export interface SellerSkuRecordFilters {
  status: SellerSkuStatus | undefined
  sellerId: number | undefined
  productSkuId: number | undefined
  beforeId: number | undefined
  take: number
}

/** Offers matching the filters, newest first by id. */
export async function listSellerSkuRecords(db: Executor, f: SellerSkuRecordFilters) {
  let query = recordQuery(db)
  if (f.status) query = query.where('seller_skus.status', '=', f.status)
  if (f.sellerId !== undefined) query = query.where('seller_skus.seller_id', '=', f.sellerId)
  if (f.productSkuId !== undefined) query = query.where('seller_skus.product_sku_id', '=', f.productSkuId)
  if (f.beforeId !== undefined) query = query.where('seller_skus.id', '<', f.beforeId)
  const rows = await query.orderBy('seller_skus.id', 'desc').limit(f.take).execute()
  return rows.map(recordOf)
}
