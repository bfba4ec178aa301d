import type { AttributeDefinition } from '#db/types'
import type { Executor } from '~/platform/executor'
import { formatAttribute, parseAttributeSchema, parseAttributeValues } from '../products/attributes'
import { slugOfSkusSegment } from './schema'
import { formatQuantity, quantityInput } from '~/utils/quantity'

export interface SkuProduct {
  id: number
  slug: string
  name: string
  unit: string
  schema: AttributeDefinition[]
}

/** The active product of a `{product}_skus` URL segment, or undefined (the page answers 404). */
export async function productOfSkusSegment(db: Executor, segment: string | undefined): Promise<SkuProduct | undefined> {
  const slug = slugOfSkusSegment(segment)
  if (!slug) return undefined
  const row = await db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'unit', 'attribute_schema'])
    .where('slug', '=', slug)
    .where('active', '=', 1)
    .executeTakeFirst()
  return row
    ? { id: row.id, slug: row.slug, name: row.name, unit: row.unit, schema: parseAttributeSchema(row.attribute_schema) }
    : undefined
}

/**
 * The categories and product lines a SKU of the product may be given: the active ones, plus the
 * SKU's current ones when they have since been retired (a save must not silently move it).
 */
export async function skuFormOptions(
  db: Executor,
  productId: number,
  current?: { categoryId: number; productLineId: number | null },
) {
  const [categories, lines, example] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('product_id', '=', productId)
      .where((eb) => eb.or([eb('active', '=', 1), eb('id', '=', current?.categoryId ?? 0)]))
      .orderBy('name')
      .execute(),
    db
      .selectFrom('product_lines')
      .select(['id', 'name'])
      .where('product_id', '=', productId)
      .where((eb) => eb.or([eb('active', '=', 1), eb('id', '=', current?.productLineId ?? 0)]))
      .orderBy('position')
      .orderBy('name')
      .execute(),
    // A code of this product, so the form's example looks like this product's codes.
    db
      .selectFrom('product_skus')
      .select('code')
      .where('product_id', '=', productId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ])
  return { categories, lines, exampleCode: example?.code ?? null }
}

/** The filter options of the list: every category and line of the product (retired ones too). */
export async function skuFilterOptions(db: Executor, productId: number) {
  const [categories, lines] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).where('product_id', '=', productId).orderBy('name').execute(),
    db
      .selectFrom('product_lines')
      .select(['id', 'name'])
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('name')
      .execute(),
  ])
  return { categories, lines }
}

export async function skuImages(db: Executor, productSkuId: number) {
  return db
    .selectFrom('product_sku_images')
    .select(['image_id as id', 'position'])
    .where('product_sku_id', '=', productSkuId)
    .orderBy('position')
    .orderBy('image_id')
    .execute()
}

/** A SKU of this product for its edit page: the form's values (as typed text), version, status, images. */
export async function productSkuForEdit(db: Executor, product: SkuProduct, id: number) {
  const row = await db
    .selectFrom('product_skus')
    .select([
      'id',
      'code',
      'name',
      'category_id',
      'product_line_id',
      'moq_milli',
      'attributes_json',
      'status',
      'updated_at',
    ])
    .where('id', '=', id)
    .where('product_id', '=', product.id)
    .executeTakeFirst()
  if (!row) return undefined
  const attributes = parseAttributeValues(row.attributes_json)
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    version: row.updated_at,
    categoryId: row.category_id,
    productLineId: row.product_line_id,
    values: {
      code: row.code,
      name: row.name,
      categoryId: String(row.category_id),
      productLineId: row.product_line_id === null ? '' : String(row.product_line_id),
      moq: quantityInput(row.moq_milli),
      attr: Object.fromEntries(product.schema.map((a) => [a.key, attributes[a.key] ?? ''])),
    },
    images: await skuImages(db, row.id),
  }
}

/** A SKU of this product as its page shows it: names instead of ids, values with their units. */
export async function productSkuRecord(db: Executor, product: SkuProduct, id: number) {
  const row = await db
    .selectFrom('product_skus')
    .innerJoin('categories', 'categories.id', 'product_skus.category_id')
    .leftJoin('product_lines', 'product_lines.id', 'product_skus.product_line_id')
    .select([
      'product_skus.id',
      'product_skus.code',
      'product_skus.name',
      'product_skus.category_id',
      'categories.name as category_name',
      'product_lines.name as line_name',
      'product_skus.moq_milli',
      'product_skus.attributes_json',
      'product_skus.status',
      'product_skus.created_at',
      'product_skus.updated_at',
    ])
    .where('product_skus.id', '=', id)
    .where('product_skus.product_id', '=', product.id)
    .executeTakeFirst()
  if (!row) return undefined
  const values = parseAttributeValues(row.attributes_json)
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    categoryId: row.category_id,
    categoryName: row.category_name,
    lineName: row.line_name,
    moq: formatQuantity(row.moq_milli, product.unit),
    attributes: product.schema.map((a) => ({ key: a.key, label: a.label, value: formatAttribute(a, values[a.key]) })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    images: await skuImages(db, row.id),
  }
}
export type ProductSkuRecord = NonNullable<Awaited<ReturnType<typeof productSkuRecord>>>
