// Indexes for catalogue list sorts found while building the lists: sample SKUs by name, seller
// offers by cost, price-change requests across every status by date (admin's "all" view and the
// KAM's own list).
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.createIndex('sample_skus_name_idx').on('sample_skus').columns(['active', 'name']).execute()
  await db.schema
    .createIndex('seller_skus_cost_idx')
    .on('seller_skus')
    .columns(['status', 'cost_minor', 'id'])
    .execute()
  await db.schema
    .createIndex('price_change_requests_created_idx')
    .on('price_change_requests')
    .column('created_at')
    .execute()
  await db.schema
    .createIndex('price_change_requests_requester_created_idx')
    .on('price_change_requests')
    .columns(['requested_by', 'created_at'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const name of [
    'price_change_requests_requester_created_idx',
    'price_change_requests_created_idx',
    'seller_skus_cost_idx',
    'sample_skus_name_idx',
  ]) {
    await db.schema.dropIndex(name).execute()
  }
}
