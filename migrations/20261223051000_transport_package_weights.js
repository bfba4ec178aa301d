// Issue 51: a transport request keeps each package's own weight, so every label prints its package's
// weight rather than the whole consignment's. Expand-only: a nullable text column holding a JSON
// array of grams, one per package (its length the request's `packages`, its sum `weight_grams`);
// null for the requests kept so far and for those entered without a weight per package, whose labels
// say the consignment's weight as such. Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('transport_requests').addColumn('package_weights_json', 'text').execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('transport_requests').dropColumn('package_weights_json').execute()
}
