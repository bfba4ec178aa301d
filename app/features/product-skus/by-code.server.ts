import type { ProductSkuStatus } from '#db/types'
import type { Executor } from '~/platform/executor'

export interface ProductSkuByCode {
  id: number
  code: string
  name: string
  status: ProductSkuStatus
  product_id: number
  product_name: string
  unit: string
  category_id: number
}

/**
 * Product SKUs by their codes, any case (codes are kept in capitals), for a bulk import's chunk:
 * one query per 500 codes. The map is keyed by the code in capitals.
 */
export async function productSkusByCodes(db: Executor, codes: string[]): Promise<Map<string, ProductSkuByCode>> {
  const wanted = [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))]
  const found = new Map<string, ProductSkuByCode>()
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('product_skus')
      .innerJoin('products', 'products.id', 'product_skus.product_id')
      .select([
        'product_skus.id',
        'product_skus.code',
        'product_skus.name',
        'product_skus.status',
        'product_skus.product_id',
        'product_skus.category_id',
        'products.name as product_name',
        'products.unit',
      ])
      .where('product_skus.code', 'in', wanted.slice(i, i + 500))
      .execute()
    for (const row of rows) found.set(row.code, row)
  }
  return found
}
