import type { Executor } from '~/platform/executor'

/**
 * Keeps a product SKU's attribute values in product_sku_attributes too (one row per value), so a
 * list filtered by "weave = twill" is an index lookup. Call it in every transaction that writes
 * product_skus.attributes_json.
 */
export async function syncSkuAttributes(
  trx: Executor,
  productSkuId: number,
  values: Record<string, string>,
): Promise<void> {
  await trx.deleteFrom('product_sku_attributes').where('product_sku_id', '=', productSkuId).execute()
  const rows = Object.entries(values)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ({ product_sku_id: productSkuId, key, value: value.toLowerCase() }))
  if (rows.length > 0) await trx.insertInto('product_sku_attributes').values(rows).execute()
}
