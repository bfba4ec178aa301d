// Uploaded files kept in the database (issue 41, FILE_STORAGE=database, the default on PostgreSQL):
// one row a file, by the key the row that uses it names (images.storage_key, qc_photos.storage_key
// and thumb_key, `assets/` + assets.storage_key, `playground/` + playground_images.storage_key).
// Written in the transaction that writes the row naming it, so a rolled-back upload keeps nothing.
// Expand-only: a new table. Frozen in time: never import app code here.
import { sql } from 'kysely'
import { isPostgres, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNowDefault(db)))
    .execute()
  // The sweep lists files older than an hour.
  await db.schema.createIndex('stored_files_created_idx').on('stored_files').column('created_at').execute()
  // Images and photos are compressed already: PostgreSQL would try to compress each one again on
  // every write, in vain. EXTERNAL keeps them out of line, uncompressed.
  if (isPostgres(db)) await sql`alter table stored_files alter column bytes set storage external`.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('stored_files').execute()
}
