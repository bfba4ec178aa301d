// Issue 37: a buyer or seller not registered for GST is activated only with that status said
// explicitly and a reason (it rules out tax invoices with input credit). And the cart's buyer-SKU
// search by words of the product SKU's name reads a buyer's SKUs of a product SKU through
// (buyer_id, product_sku_id). Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  for (const table of ['buyers', 'sellers']) {
    await db.schema
      .alterTable(table)
      .addColumn('gst_unregistered', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable(table).addColumn('gst_unregistered_reason', 'text').execute()
  }
  await db.schema
    .createIndex('buyer_skus_buyer_product_sku_idx')
    .on('buyer_skus')
    .columns(['buyer_id', 'product_sku_id'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('buyer_skus_buyer_product_sku_idx').execute()
  for (const table of ['buyers', 'sellers']) {
    await db.schema.alterTable(table).dropColumn('gst_unregistered_reason').execute()
    await db.schema.alterTable(table).dropColumn('gst_unregistered').execute()
  }
}
