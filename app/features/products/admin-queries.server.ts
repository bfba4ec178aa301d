import type { AttributeDefinition } from '#db/types'
import type { Executor } from '~/platform/executor'
import { parseAttributeSchema } from './attributes'

// What the dev admin sees of products: every product (active or not), and one product to edit.

export interface ProductRow {
  id: number
  slug: string
  name: string
  unit: string
  active: boolean
  lines: number
  attributes: number
}

/** Every product, in menu order, with its number of product lines and of attributes. */
export async function listProductsForAdmin(db: Executor): Promise<ProductRow[]> {
  const rows = await db
    .selectFrom('products')
    .select((eb) => [
      'products.id',
      'products.slug',
      'products.name',
      'products.unit',
      'products.active',
      'products.attribute_schema',
      eb
        .selectFrom('product_lines')
        .select((l) => l.fn.countAll<number>().as('n'))
        .whereRef('product_lines.product_id', '=', 'products.id')
        .as('lines'),
    ])
    .orderBy('products.position')
    .orderBy('products.name')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    unit: row.unit,
    active: row.active === 1,
    lines: Number(row.lines ?? 0),
    attributes: parseAttributeSchema(row.attribute_schema).length,
  }))
}

export interface ProductLineRow {
  id: number
  name: string
  active: boolean
  /** Product SKUs filed under the line: a line with any cannot be deleted, only deactivated. */
  skus: number
}

export interface ConditionUse {
  id: number
  name: string
  categoryId: number
  categoryName: string
}

export interface ProductForEdit {
  id: number
  slug: string
  name: string
  unit: string
  active: boolean
  version: string
  schema: AttributeDefinition[]
  lines: ProductLineRow[]
  /** QC conditions of the product's categories, by the attribute key they check. */
  conditionsByKey: Record<string, ConditionUse[]>
}

export async function productForEdit(db: Executor, productId: number): Promise<ProductForEdit | null> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'unit', 'active', 'attribute_schema', 'updated_at'])
    .where('id', '=', productId)
    .executeTakeFirst()
  if (!product) return null
  const [lines, conditions] = await Promise.all([
    productLines(db, productId),
    db
      .selectFrom('conditions')
      .innerJoin('categories', 'categories.id', 'conditions.category_id')
      .select([
        'conditions.id',
        'conditions.name',
        'conditions.attribute_key',
        'categories.id as category_id',
        'categories.name as category_name',
      ])
      .where('categories.product_id', '=', productId)
      .orderBy('categories.name')
      .orderBy('conditions.name')
      .execute(),
  ])
  const conditionsByKey: Record<string, ConditionUse[]> = {}
  for (const c of conditions) {
    ;(conditionsByKey[c.attribute_key] ??= []).push({
      id: c.id,
      name: c.name,
      categoryId: c.category_id,
      categoryName: c.category_name,
    })
  }
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    unit: product.unit,
    active: product.active === 1,
    version: product.updated_at,
    schema: parseAttributeSchema(product.attribute_schema),
    lines,
    conditionsByKey,
  }
}

/** A product's lines in their order, each with how many product SKUs use it. */
export async function productLines(db: Executor, productId: number): Promise<ProductLineRow[]> {
  const rows = await db
    .selectFrom('product_lines')
    .select((eb) => [
      'product_lines.id',
      'product_lines.name',
      'product_lines.active',
      eb
        .selectFrom('product_skus')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('product_skus.product_line_id', '=', 'product_lines.id')
        .as('skus'),
    ])
    .where('product_lines.product_id', '=', productId)
    .orderBy('product_lines.position')
    .orderBy('product_lines.id')
    .execute()
  return rows.map((row) => ({ id: row.id, name: row.name, active: row.active === 1, skus: Number(row.skus ?? 0) }))
}

export async function productExists(db: Executor, productId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst())
}
