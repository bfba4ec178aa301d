// A seller's orders counted from its seller orders alone (issue #17: the seller's order list at a
// million orders): the master orders of a seller's seller orders, in order, and their statuses,
// read from the index alone.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createIndex('seller_orders_seller_master_idx')
    .on('seller_orders')
    .columns(['seller_id', 'master_order_id', 'status'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('seller_orders_seller_master_idx').execute()
}
