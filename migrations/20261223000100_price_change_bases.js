// Issue 51: every price change goes through one rule (docs/domain.md "Buyer SKU price-change
// requests"). Expand-only: nullable columns and one with a default, so a previous release reading or
// writing these tables during the rollout is unaffected.
// - price_change_requests.import_job_id: the import whose row raised the request instead of
//   changing the price (the job page lists them).
// - price_change_requests.rebased_at / rebased_by: the last time someone looked at a request again
//   after the price it was made against moved (its current_price_minor is then that new base).
// - import_jobs.requested_count: rows that became a price-change request when applied.
// Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .alterTable('price_change_requests')
    .addColumn('import_job_id', 'integer', (c) => c.references('import_jobs.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('price_change_requests').addColumn('rebased_at', 'text').execute()
  await db.schema
    .alterTable('price_change_requests')
    .addColumn('rebased_by', 'integer', (c) => c.references('users.id'))
    .execute()
  await db.schema
    .createIndex('price_change_requests_import_idx')
    .on('price_change_requests')
    .columns(['import_job_id', 'id'])
    .execute()
  await db.schema
    .alterTable('import_jobs')
    .addColumn('requested_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('import_jobs').dropColumn('requested_count').execute()
  await db.schema.dropIndex('price_change_requests_import_idx').execute()
  await db.schema.alterTable('price_change_requests').dropColumn('rebased_by').execute()
  await db.schema.alterTable('price_change_requests').dropColumn('rebased_at').execute()
  await db.schema.alterTable('price_change_requests').dropColumn('import_job_id').execute()
}
