// Buyer SKUs keep their product (it never changes: the product SKU of a buyer SKU is fixed), so
// the list's product filter is an index range instead of a lookup per row over 125,000 rows.
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .alterTable('buyer_skus')
    .addColumn('product_id', 'integer', (c) => c.references('products.id'))
    .execute()
  await sql`update buyer_skus set product_id = (select product_skus.product_id from product_skus where product_skus.id = buyer_skus.product_sku_id)`.execute(
    db,
  )
  await db.schema
    .createIndex('buyer_skus_product_idx')
    .on('buyer_skus')
    .columns(['product_id', 'status', 'updated_at'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('buyer_skus_product_idx').execute()
  await db.schema.alterTable('buyer_skus').dropColumn('product_id').execute()
}
