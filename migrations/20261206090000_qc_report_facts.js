// The QC report's exact summary rows (issue #16, docs/domain.md "Reports"), added to in the
// transaction that decides an inspection (a decision is final): per day of the decision
// (Asia/Kolkata) x seller x category, the lots decided and how they went; and per day x category x
// condition, how often it was checked and failed.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('qc_day_facts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('inspections', 'integer', (c) => c.notNull())
    .addColumn('lots', 'integer', (c) => c.notNull())
    .addColumn('lots_passed', 'integer', (c) => c.notNull())
    .addColumn('lots_partly', 'integer', (c) => c.notNull())
    .addColumn('lots_failed', 'integer', (c) => c.notNull())
    .addColumn('accepted_milli', 'bigint', (c) => c.notNull())
    .addColumn('rejected_milli', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qc_day_facts_pk', ['day', 'seller_id', 'category_id'])
    .execute()
  await db.schema
    .createTable('qc_condition_facts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    // The condition as it was checked (its name then): results keep their own copy.
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('fails', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('qc_condition_facts_pk', ['day', 'category_id', 'condition'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('qc_condition_facts').execute()
  await db.schema.dropTable('qc_day_facts').execute()
}
