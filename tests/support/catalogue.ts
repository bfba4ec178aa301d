// Catalogue records made directly in the test database, so each test knows exactly what it looks for.
import crypto from 'node:crypto'
import { getDb } from '~/db.server'
import { parseAttributeSchema } from '~/features/products/attributes'
import { syncSkuAttributes } from '~/features/product-skus/attributes.server'
import { syncSearch } from '~/platform/search.server'
import type { SellerSkuStatus } from '#db/types'

const unique = () => crypto.randomBytes(4).toString('hex').toUpperCase()

/** A demo product (fabric, yarn, garments) with its schema. */
export async function productBySlug(slug = 'fabric') {
  const row = await getDb()
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'unit', 'attribute_schema'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow()
  return { ...row, schema: parseAttributeSchema(row.attribute_schema) }
}

export async function makeProductLine(productId: number, name = `Line ${unique()}`): Promise<number> {
  const row = await getDb()
    .insertInto('product_lines')
    .values({ product_id: productId, name, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A category of a product with a two-stage workflow (the second a QC gate). */
export async function makeCategory(
  options: { productSlug?: string; name?: string; active?: boolean } = {},
): Promise<number> {
  const product = await productBySlug(options.productSlug)
  const db = getDb()
  const row = await db
    .insertInto('categories')
    .values({
      product_id: product.id,
      name: options.name ?? `Category ${unique()}`,
      hsn_code: '520832',
      gst_rate_bp: 500,
      active: options.active === false ? 0 : 1,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('workflow_stages')
    .values([
      { category_id: row.id, position: 1, name: 'Weaving', expected_days: 10, qc_gate: 0 },
      { category_id: row.id, position: 2, name: 'Final inspection', expected_days: 2, qc_gate: 1 },
    ])
    .execute()
  return row.id
}

const FABRIC_VALUES = { composition: '100% cotton', weave: 'twill', gsm: '180', width: '58', colour: 'Indigo' }

/** A product SKU; attribute values default to a complete fabric. */
export async function makeProductSku(
  options: {
    categoryId?: number
    productSlug?: string
    code?: string
    name?: string
    attributes?: Record<string, string>
    productLineId?: number | null
    status?: 'active' | 'archived'
    moqMilli?: number
  } = {},
): Promise<number> {
  const db = getDb()
  const categoryId = options.categoryId ?? (await makeCategory({ productSlug: options.productSlug }))
  const category = await db
    .selectFrom('categories')
    .select('product_id')
    .where('id', '=', categoryId)
    .executeTakeFirstOrThrow()
  const attributes = options.attributes ?? FABRIC_VALUES
  const row = await db
    .insertInto('product_skus')
    .values({
      product_id: category.product_id,
      category_id: categoryId,
      product_line_id: options.productLineId ?? null,
      code: options.code ?? `TST-${unique()}`,
      name: options.name ?? `Test item ${unique()}`,
      attributes_json: JSON.stringify(attributes),
      moq_milli: options.moqMilli ?? 100_000,
      status: options.status ?? 'active',
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await syncSkuAttributes(db, row.id, attributes)
  await syncSearch(db, 'product_sku', row.id)
  return row.id
}

/** A seller's offer; `complete: false` leaves the fields publishing needs empty. */
export async function makeSellerSku(options: {
  sellerId: number
  productSkuId?: number
  status?: SellerSkuStatus
  complete?: boolean
  sellerCode?: string
}): Promise<number> {
  const db = getDb()
  const productSkuId = options.productSkuId ?? (await makeProductSku())
  const complete = options.complete ?? true
  const row = await db
    .insertInto('seller_skus')
    .values({
      seller_id: options.sellerId,
      product_sku_id: productSkuId,
      seller_code: options.sellerCode ?? (complete ? `S-${unique()}` : null),
      cost_minor: complete ? 12_500 : null,
      moq_milli: complete ? 500_000 : null,
      lead_time_days: complete ? 21 : null,
      monthly_capacity_milli: complete ? 50_000_000 : null,
      status: options.status ?? 'draft',
      published_at: options.status === 'live' ? now() : null,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await syncSearch(db, 'seller_sku', row.id)
  return row.id
}

/** A buyer SKU with its first version (price in paise). */
export async function makeBuyerSku(options: {
  buyerId: number
  productSkuId?: number
  buyerCode?: string
  priceMinor?: number
  moqMilli?: number
}): Promise<number> {
  const db = getDb()
  const productSkuId = options.productSkuId ?? (await makeProductSku())
  const buyerCode = options.buyerCode ?? `B-${unique()}`
  const { product_id } = await db
    .selectFrom('product_skus')
    .select('product_id')
    .where('id', '=', productSkuId)
    .executeTakeFirstOrThrow()
  const row = await db
    .insertInto('buyer_skus')
    .values({
      buyer_id: options.buyerId,
      product_sku_id: productSkuId,
      product_id,
      buyer_code: buyerCode,
      current_version: 1,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('buyer_sku_versions')
    .values({
      buyer_sku_id: row.id,
      number: 1,
      buyer_code: buyerCode,
      price_minor: options.priceMinor ?? 25_000,
      moq_milli: options.moqMilli ?? 100_000,
      note: 'First price',
      effective_from: '2026-01-01T00:00:00.000Z',
      created_by: null,
      created_at: now(),
    })
    .execute()
  await syncSearch(db, 'buyer_sku', row.id)
  return row.id
}

export async function makeSampleSku(
  options: {
    categoryId?: number
    code?: string
    name?: string
    chargeMinor?: number
    active?: boolean
    stock?: number
  } = {},
): Promise<number> {
  const db = getDb()
  const row = await db
    .insertInto('sample_skus')
    .values({
      code: options.code ?? `SMP-${unique()}`,
      name: options.name ?? `Swatch ${unique()}`,
      category_id: options.categoryId ?? (await makeCategory()),
      charge_minor: options.chargeMinor ?? 0,
      stock: options.stock ?? 25,
      active: options.active === false ? 0 : 1,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await syncSearch(db, 'sample_sku', row.id)
  return row.id
}

function now() {
  return new Date().toISOString()
}
