import { sql, type SelectQueryBuilder } from 'kysely'
import type { DB } from '#db/types'
import { countUpTo } from '~/utils/count.server'
import { rupeesInput } from '~/utils/money'
import { historyOf } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import { STAFF_VIEWER } from '../audit/tell'
import { searchIds } from '~/platform/search.server'
import type { SampleSkuFilters } from './schema'

// Reads of the sample SKUs, shared by the four portals that show them.

export interface SampleSkuRow {
  id: number
  code: string
  name: string
  categoryName: string
  productName: string
  productSkuCode: string | null
  chargeMinor: number
  stock: number
  active: boolean
  imageId: number | null
  updatedAt: string
  /** The buyers' ratings of it (1-5) on sample orders: their average and how many; null when none yet. */
  rating: { average: number; count: number } | null
}

/** The buyers' ratings of each of these sample SKUs: average and count, by sample SKU id. */
async function ratingsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { average: number; count: number }>()
  const rows = await db
    .selectFrom('sample_order_items')
    .select([
      'sample_sku_id',
      (eb) => eb.fn.avg<number>('rating').as('average'),
      (eb) => eb.fn.count<number>('rating').as('count'),
    ])
    .where('sample_sku_id', 'in', ids)
    .where('rating', 'is not', null)
    .groupBy('sample_sku_id')
    .execute()
  return new Map(
    rows.map((r) => [r.sample_sku_id, { average: Math.round(Number(r.average) * 10) / 10, count: Number(r.count) }]),
  )
}

/** The latest feedback buyers left on a sample SKU, newest first, with its order and buyer. */
export function sampleSkuFeedback(db: Executor, id: number, limit = 10) {
  return db
    .selectFrom('sample_order_items as i')
    .innerJoin('sample_orders as o', 'o.id', 'i.sample_order_id')
    .innerJoin('buyers', 'buyers.id', 'o.buyer_id')
    .select([
      'i.id',
      'i.rating',
      'i.comment',
      'i.feedback_at as at',
      'o.id as orderId',
      'o.code as orderCode',
      'buyers.name as buyerName',
    ])
    .where('i.sample_sku_id', '=', id)
    .where('i.rating', 'is not', null)
    .orderBy('i.sample_order_id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * The filtered sample SKUs. The category filter and the default "active" state walk the
 * (category_id, active, code) index; a product becomes the `in` list of its categories.
 */
function filtered(db: Executor, f: SampleSkuFilters) {
  let query = db.selectFrom('sample_skus')
  if (f.categoryId) query = query.where('sample_skus.category_id', '=', f.categoryId)
  if (f.productId) {
    query = query.where(
      'sample_skus.category_id',
      'in',
      db.selectFrom('categories').select('id').where('product_id', '=', f.productId),
    )
  }
  if (f.state !== 'all') query = query.where('sample_skus.active', '=', f.state === 'active' ? 1 : 0)
  if (f.inStock) query = query.where('sample_skus.stock', '>', 0)
  const matching = searchIds(db, 'sample_sku', f.q)
  if (matching) query = query.where('sample_skus.id', 'in', matching)
  return query
}

const SORT_COLUMNS = { code: 'sample_skus.code', name: 'sample_skus.name', updated: 'sample_skus.updated_at' } as const

function sorted<Q extends SelectQueryBuilder<DB, 'sample_skus', object>>(query: Q, f: SampleSkuFilters): Q {
  return query.orderBy(sql.ref(SORT_COLUMNS[f.sort]), f.dir).orderBy('sample_skus.id', f.dir) as Q
}

/** One page of sample SKUs with their category, product and product SKU, and the (capped) count. */
export async function listSampleSkus(
  db: Executor,
  f: SampleSkuFilters,
): Promise<{ rows: SampleSkuRow[]; total: number; capped: boolean }> {
  const offset = (f.page - 1) * f.pageSize
  const { total, capped } = await countUpTo(db, filtered(db, f).select('sample_skus.id'))
  if (offset >= total && !capped) return { rows: [], total, capped }
  const rows = await sorted(
    filtered(db, f)
      .innerJoin('categories', 'categories.id', 'sample_skus.category_id')
      .innerJoin('products', 'products.id', 'categories.product_id')
      .leftJoin('product_skus', 'product_skus.id', 'sample_skus.product_sku_id')
      .select([
        'sample_skus.id',
        'sample_skus.code',
        'sample_skus.name',
        'sample_skus.charge_minor',
        'sample_skus.stock',
        'sample_skus.active',
        'sample_skus.image_id',
        'sample_skus.updated_at',
        'categories.name as category_name',
        'products.name as product_name',
        'product_skus.code as product_sku_code',
      ]),
    f,
  )
    .limit(f.pageSize)
    .offset(offset)
    .execute()
  const ratings = await ratingsOf(
    db,
    rows.map((r) => r.id),
  )
  return {
    total,
    capped,
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      categoryName: r.category_name,
      productName: r.product_name,
      productSkuCode: r.product_sku_code,
      chargeMinor: r.charge_minor,
      stock: r.stock,
      active: r.active === 1,
      imageId: r.image_id,
      updatedAt: r.updated_at,
      rating: ratings.get(r.id) ?? null,
    })),
  }
}

export interface CategoryGroup {
  product: string
  categories: { id: number; name: string; active: boolean }[]
}

/**
 * Categories grouped by product, for the form (active ones, plus `keepId`: a record may keep a
 * category that has since been deactivated) or for the list's filter (`all`: old records too).
 */
export async function categoryGroups(
  db: Executor,
  options: { all?: boolean; keepId?: number } = {},
): Promise<CategoryGroup[]> {
  const rows = await db
    .selectFrom('categories')
    .innerJoin('products', 'products.id', 'categories.product_id')
    .select(['categories.id', 'categories.name', 'categories.active', 'products.name as product_name'])
    .$if(!options.all, (q) =>
      q.where((eb) => eb.or([eb('categories.active', '=', 1), eb('categories.id', '=', options.keepId ?? 0)])),
    )
    .orderBy('products.position')
    .orderBy('products.name')
    .orderBy('categories.name')
    .execute()
  const groups = new Map<string, CategoryGroup>()
  for (const r of rows) {
    const group = groups.get(r.product_name) ?? { product: r.product_name, categories: [] }
    group.categories.push({ id: r.id, name: r.name, active: r.active === 1 })
    groups.set(r.product_name, group)
  }
  return [...groups.values()]
}

/** Everything the list page shows: the page, the count and the filters' options. */
export async function sampleSkuListPage(db: Executor, filters: SampleSkuFilters) {
  const [list, categories, products] = await Promise.all([
    listSampleSkus(db, filters),
    categoryGroups(db, { all: true }),
    db.selectFrom('products').select(['id', 'name']).orderBy('position').orderBy('name').execute(),
  ])
  return { filters, ...list, categories, products }
}

/** The edit page: the form's values as typed text, the version, the image, the options and the history. */
export async function sampleSkuForEdit(db: Executor, id: number) {
  const row = await db
    .selectFrom('sample_skus')
    .leftJoin('product_skus', 'product_skus.id', 'sample_skus.product_sku_id')
    .select([
      'sample_skus.id',
      'sample_skus.code',
      'sample_skus.name',
      'sample_skus.category_id',
      'sample_skus.charge_minor',
      'sample_skus.stock',
      'sample_skus.active',
      'sample_skus.image_id',
      'sample_skus.updated_at',
      'product_skus.code as product_sku_code',
    ])
    .where('sample_skus.id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  const [categories, history, feedback, ratings] = await Promise.all([
    categoryGroups(db, { keepId: row.category_id }),
    historyOf(db, STAFF_VIEWER, 'sample_sku', id),
    sampleSkuFeedback(db, id),
    ratingsOf(db, [id]),
  ])
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    version: row.updated_at,
    imageId: row.image_id,
    values: {
      code: row.code,
      name: row.name,
      categoryId: String(row.category_id),
      productSkuCode: row.product_sku_code ?? '',
      charge: rupeesInput(row.charge_minor),
      stock: String(row.stock),
      active: row.active === 1 ? 'on' : '',
    },
    categories,
    history,
    feedback,
    rating: ratings.get(id) ?? null,
  }
}

export async function sampleSkuExists(db: Executor, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('sample_skus').select('id').where('id', '=', id).executeTakeFirst())
}
