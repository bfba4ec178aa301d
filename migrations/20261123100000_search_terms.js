// Word-prefix search over companies and users: one row per (record, word). A portable B-tree
// index answers "words starting with ..." on both SQLite and PostgreSQL, where LIKE '%...%'
// over 100,000 rows would scan the table.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('search_terms')
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['entity_type', 'term', 'entity_id'])
    .execute()
  await db.schema
    .createIndex('search_terms_entity_idx')
    .on('search_terms')
    .columns(['entity_type', 'entity_id'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('search_terms').execute()
}
