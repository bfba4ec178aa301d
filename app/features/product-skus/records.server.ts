import type { ProductSkuStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { searchIds } from '~/platform/search.server'
import { parseAttributeValues } from '../products/attributes'

// Product SKUs as records across products, for the integration API (issue 40): ids instead of names,
// the stored values (MOQ in thousandths, attributes as kept), newest first by id, a page at a time.

function recordQuery(db: Executor) {
  return db
    .selectFrom('product_skus')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .innerJoin('categories', 'categories.id', 'product_skus.category_id')
    .leftJoin('product_lines', 'product_lines.id', 'product_skus.product_line_id')
    .select([
      'product_skus.id',
      'product_skus.code',
      'product_skus.name',
      'product_skus.status',
      'product_skus.moq_milli',
      'product_skus.attributes_json',
      'product_skus.created_at',
      'product_skus.updated_at',
      'products.id as product_id',
      'products.slug as product_slug',
      'products.name as product_name',
      'products.unit',
      'categories.id as category_id',
      'categories.name as category_name',
      'product_lines.id as line_id',
      'product_lines.name as line_name',
    ])
}
type Row = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number]

const recordOf = (r: Row) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  status: r.status,
  product: { id: r.product_id, slug: r.product_slug, name: r.product_name, unit: r.unit },
  category: { id: r.category_id, name: r.category_name },
  productLine: r.line_id === null ? null : { id: r.line_id, name: r.line_name ?? '' },
  moqMilli: Number(r.moq_milli),
  attributes: parseAttributeValues(r.attributes_json),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})
export type ProductSkuRecordRow = ReturnType<typeof recordOf>

/** One product SKU, or undefined. */
export async function productSkuById(db: Executor, id: number): Promise<ProductSkuRecordRow | undefined> {
  const row = await recordQuery(db).where('product_skus.id', '=', id).executeTakeFirst()
  return row ? recordOf(row) : undefined
}

export interface ProductSkuRecordFilters {
  /** Words of the code or name (the site search's index). */
  q: string
  productId: number | undefined
  categoryId: number | undefined
  status: ProductSkuStatus | undefined
  beforeId: number | undefined
  take: number
}

/** Product SKUs matching the filters, newest first by id. */
export async function listProductSkuRecords(db: Executor, f: ProductSkuRecordFilters) {
  let query = recordQuery(db)
  if (f.productId !== undefined) query = query.where('product_skus.product_id', '=', f.productId)
  if (f.categoryId !== undefined) query = query.where('product_skus.category_id', '=', f.categoryId)
  if (f.status) query = query.where('product_skus.status', '=', f.status)
  const matching = searchIds(db, 'product_sku', f.q)
  if (matching) query = query.where('product_skus.id', 'in', matching)
  if (f.beforeId !== undefined) query = query.where('product_skus.id', '<', f.beforeId)
  const rows = await query.orderBy('product_skus.id', 'desc').limit(f.take).execute()
  return rows.map(recordOf)
}
