// PostgreSQL compares text by its locale unless told otherwise; word-prefix search walks
// search_terms.term by range ("starts with"), which only byte order makes exact and index-served.
// SQLite already compares bytes: nothing changes there.
// Frozen in time: never import app code here (db/dialect.js is frozen like the migrations).
import { byteOrderText, isPostgres } from '../db/dialect.js'
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await byteOrderText(db, 'search_terms', 'term')
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  if (isPostgres(db)) await sql`alter table search_terms alter column term type text collate "default"`.execute(db)
}
