import type { ImportKindKey } from '#db/types'
import type { ImportColumn, ImportKindDefinition } from '~/platform/bulk-import'
import type { Executor } from '~/platform/executor'
import { parseAttributeSchema } from '../products/attributes'
import { buyerSkuColumns, buyerSkuImport } from '../buyer-skus/import.server'
import { productSkuImportFor } from '../product-skus/import.server'
import { sellerCostColumns, sellerCostImport, sellerSkuColumns, sellerSkuImport } from '../seller-skus/import.server'
import { IMPORT_KINDS, kindLabels } from './kinds'

// Which catalogue feature checks and writes each kind of import (each declares its own rules beside
// its forms: buyer-skus/import.server.ts, product-skus/import.server.ts, seller-skus/import.server.ts).

export interface ImportKindSpec {
  kind: ImportKindKey
  /** "Buyer SKUs and prices", "Product SKUs: Fabric". */
  label: string
  product: { id: number; slug: string; name: string } | null
  columns: (ImportColumn & { aliases?: string[] })[]
  /** Columns of the platform's own exports that the import accepts and leaves out. */
  ignored: string[]
  definition: ImportKindDefinition
}

export const isImportKind = (value: unknown): value is ImportKindKey =>
  typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value)

/** Products whose SKUs may be imported (the active ones), for the kind choice. */
export function importableProducts(db: Executor) {
  return db
    .selectFrom('products')
    .select(['id', 'slug', 'name'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('name')
    .execute()
}

/** A kind's columns and rules; product SKUs need their product (by id or slug); undefined when there is none. */
export async function importKindSpec(
  db: Executor,
  kind: ImportKindKey,
  product?: { id?: number | null; slug?: string | null },
): Promise<ImportKindSpec | undefined> {
  switch (kind) {
    case 'buyer_skus':
      return {
        kind,
        label: kindLabels[kind],
        product: null,
        columns: buyerSkuColumns,
        ignored: [],
        definition: buyerSkuImport,
      }
    case 'seller_skus':
      return {
        kind,
        label: kindLabels[kind],
        product: null,
        columns: sellerSkuColumns,
        ignored: [],
        definition: sellerSkuImport,
      }
    case 'seller_costs':
      return {
        kind,
        label: kindLabels[kind],
        product: null,
        columns: sellerCostColumns,
        ignored: [],
        definition: sellerCostImport,
      }
    case 'product_skus': {
      if (!product?.id && !product?.slug) return undefined
      let query = db.selectFrom('products').select(['id', 'slug', 'name', 'unit', 'attribute_schema', 'active'])
      query = product.id ? query.where('id', '=', product.id) : query.where('slug', '=', product.slug!)
      const row = await query.executeTakeFirst()
      if (!row) return undefined
      const spec = productSkuImportFor({
        id: row.id,
        slug: row.slug,
        name: row.name,
        unit: row.unit,
        schema: parseAttributeSchema(row.attribute_schema),
      })
      return {
        kind,
        label: `${kindLabels[kind]}: ${row.name}`,
        product: { id: row.id, slug: row.slug, name: row.name },
        ...spec,
      }
    }
  }
}
