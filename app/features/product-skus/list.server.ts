import { sql } from 'kysely'
import type { Database } from '#db/database'
import type { ProductSkuStatus } from '#db/types'
import { countUpTo } from '~/utils/count.server'
import { SEARCH_COUNT_CAP } from '~/utils/list-params'
import { quantityInput } from '~/utils/quantity'
import type { Executor } from '~/platform/executor'
import { parseAttributeValues } from '../products/attributes'
import { matchSearch, type SearchMatch } from '~/platform/search.server'
import { skuFilterOptions, type SkuProduct } from './queries.server'
import type { SkuFilters } from './schema'

// The {product} SKUs list, its pages and its CSV export, fast at 200,000 SKUs: every filter and
// sort walks an index of product_skus ((product_id | category_id | product_line_id, status, sort)),
// attribute values are index lookups in product_sku_attributes (key, value, product_sku_id).

export interface SkuListRow {
  id: number
  code: string
  name: string
  categoryId: number
  category: string
  line: string | null
  moqMilli: number
  status: ProductSkuStatus
  updatedAt: string
  attributes: Record<string, string>
}

const SORT_COLUMN = { code: 'code', name: 'name', updated: 'updated_at' } as const

/**
 * The matching SKUs of one status (or of any, for counting). A category or line filter has been
 * checked to be the product's (ownFilters), so its index alone serves the query without a look at
 * each row's product_id. `lineByIndex: false` keeps the line index out (a unary plus) so a sort by
 * name or time walks its own (…, status, sort) index instead of sorting a whole line.
 */
function filtered(
  db: Executor,
  product: SkuProduct,
  f: SkuFilters,
  status: ProductSkuStatus | null,
  lineByIndex = true,
  attrsByIndex = true,
  search: SearchMatch | null = null,
) {
  let query = db.selectFrom('product_skus')
  if (!f.category && !(f.line && lineByIndex)) query = query.where('product_id', '=', product.id)
  if (status) query = query.where('status', '=', status)
  if (f.category) query = query.where('category_id', '=', f.category)
  if (f.line) query = query.where(lineByIndex ? sql.ref('product_line_id') : sql`+product_line_id`, '=', f.line)
  for (const [key, value] of Object.entries(f.attrs)) {
    // Many matches: walk the sort index and look each row's value up by its primary key, rather
    // than sorting thousands of matches. Few: fetch them by value and sort them.
    query = attrsByIndex
      ? query.where(
          'id',
          'in',
          db
            .selectFrom('product_sku_attributes')
            .select('product_sku_id')
            .where('key', '=', key)
            .where('value', '=', value),
        )
      : query.where((eb) =>
          eb.exists(
            db
              .selectFrom('product_sku_attributes as a')
              .select(sql.lit(1).as('one'))
              .where(sql<boolean>`a.product_sku_id = product_skus.id`)
              .where('a.key', '=', key)
              .where('a.value', '=', value),
          ),
        )
  }
  // A broad search ("cotton") is checked per row as the list walks its index (a unary plus keeps
  // SQLite from fetching all its matches first); a narrow one fetches its few matches.
  if (search) query = query.where(search.has(search.broad ? sql<number>`+product_skus.id` : 'product_skus.id'))
  return query
}

/** A category or line of another product matches nothing (false). */
async function ownFilters(db: Executor, product: SkuProduct, f: SkuFilters): Promise<boolean> {
  const [category, line] = await Promise.all([
    f.category
      ? db
          .selectFrom('categories')
          .select('id')
          .where('id', '=', f.category)
          .where('product_id', '=', product.id)
          .executeTakeFirst()
      : true,
    f.line
      ? db
          .selectFrom('product_lines')
          .select('id')
          .where('id', '=', f.line)
          .where('product_id', '=', product.id)
          .executeTakeFirst()
      : true,
  ])
  return Boolean(category && line)
}

/** Past this many matches, sorting a line's SKUs costs more than walking the sort's own index. */
const SORT_IN_MEMORY_UP_TO = 2000

/**
 * The ids in the list's order. One status walks its (…, status, sort) index; "all" merges the
 * active and archived walks (a compound SELECT that SQLite merges in order instead of sorting).
 */
function orderedIds(db: Executor, product: SkuProduct, f: SkuFilters, search: SearchMatch | null, matches = Infinity) {
  const column = SORT_COLUMN[f.sort]
  // The line index is ordered by code only: other sorts, or a category filter, use their own index.
  const lineByIndex = (f.sort === 'code' && !f.category) || matches <= SORT_IN_MEMORY_UP_TO
  const one = (status: ProductSkuStatus) =>
    filtered(db, product, f, status, lineByIndex, matches <= SORT_IN_MEMORY_UP_TO, search).select([
      'id',
      sql.ref<string>(column).as('sort_key'),
    ])
  const base = f.status === 'all' ? one('active').unionAll(one('archived')) : one(f.status)
  // Codes are unique; names and times need the id to keep pages stable.
  return base.orderBy('sort_key', f.dir).orderBy('id', f.dir)
}

async function rowsByIds(db: Executor, ids: number[]): Promise<SkuListRow[]> {
  if (ids.length === 0) return []
  const found = await db
    .selectFrom('product_skus as s')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .leftJoin('product_lines as l', 'l.id', 's.product_line_id')
    .select([
      's.id',
      's.code',
      's.name',
      's.category_id',
      'c.name as category',
      'l.name as line',
      's.moq_milli',
      's.status',
      's.updated_at',
      's.attributes_json',
    ])
    .where('s.id', 'in', ids)
    .execute()
  const byId = new Map(found.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    return [
      {
        id: r.id,
        code: r.code,
        name: r.name,
        categoryId: r.category_id,
        category: r.category,
        line: r.line,
        moqMilli: r.moq_milli,
        status: r.status,
        updatedAt: r.updated_at,
        attributes: parseAttributeValues(r.attributes_json),
      },
    ]
  })
}

/** One page of the list and the matching count (exact up to 10,000, or 1,000 for a search; see countUpTo). */
export async function listProductSkus(
  db: Database,
  product: SkuProduct,
  f: SkuFilters,
  options: { broadSearchFrom?: number } = {},
) {
  const offset = (f.page - 1) * f.pageSize
  if (!(await ownFilters(db, product, f))) return { rows: [] as SkuListRow[], total: 0, capped: false }
  const search = await matchSearch(db, 'product_sku', f.q, options.broadSearchFrom ?? 5_000)
  if (search?.broad) {
    // One walk of the sort's index gives both the page and the count (up to 1,000): the matches
    // of a broad search are found as fast as the walk goes.
    const found = await orderedIds(db, product, f, search)
      .limit(Math.max(SEARCH_COUNT_CAP + 1, offset + f.pageSize))
      .execute()
    const rows = await rowsByIds(
      db,
      found.slice(offset, offset + f.pageSize).map((r) => r.id),
    )
    return { rows, total: Math.min(found.length, SEARCH_COUNT_CAP), capped: found.length > SEARCH_COUNT_CAP }
  }
  const { total, capped } = await countUpTo(
    db,
    filtered(db, product, f, f.status === 'all' ? null : f.status, true, true, search).select('id'),
    f.q ? SEARCH_COUNT_CAP : undefined,
  )
  let rows: SkuListRow[] = []
  if (offset < total || capped) {
    const ids = await orderedIds(db, product, f, search, capped ? Infinity : total)
      .limit(f.pageSize)
      .offset(offset)
      .execute()
    rows = await rowsByIds(
      db,
      ids.map((r) => r.id),
    )
  }
  return { rows, total, capped }
}

export async function skuListPage(db: Database, product: SkuProduct, f: SkuFilters, canExport: boolean) {
  const [list, options] = await Promise.all([listProductSkus(db, product, f), skuFilterOptions(db, product.id)])
  return { product, filters: f, ...list, ...options, canExport }
}

/** Every matching SKU in the list's order, one column per attribute of the product's schema. */
export async function exportProductSkus(db: Database, product: SkuProduct, f: SkuFilters) {
  const ids = (await ownFilters(db, product, f))
    ? (await orderedIds(db, product, f, await matchSearch(db, 'product_sku', f.q)).execute()).map((r) => r.id)
    : []
  const rows: Record<string, string | number | null>[] = []
  // Slices of 500 keep the `in` lists bounded.
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await rowsByIds(db, ids.slice(i, i + 500))) {
      const record: Record<string, string | number | null> = {
        id: row.id,
        code: row.code,
        name: row.name,
        category: row.category,
        product_line: row.line,
        moq: quantityInput(row.moqMilli),
        status: row.status,
        updated_at: row.updatedAt,
      }
      for (const attribute of product.schema) record[`attr_${attribute.key}`] = row.attributes[attribute.key] ?? null
      rows.push(record)
    }
  }
  const columns = [
    { key: 'id', header: 'ID' },
    { key: 'code', header: 'Code' },
    { key: 'name', header: 'Name' },
    { key: 'category', header: 'Category' },
    { key: 'product_line', header: 'Product line' },
    { key: 'moq', header: `MOQ (${product.unit})` },
    { key: 'status', header: 'Status' },
    ...product.schema.map((a) => ({ key: `attr_${a.key}`, header: a.unit ? `${a.label} (${a.unit})` : a.label })),
    { key: 'updated_at', header: 'Updated' },
  ]
  return { columns, rows }
}
