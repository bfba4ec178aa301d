// Where SQLite and PostgreSQL must differ in a schema, said once (docs/decisions/0007). Migrations
// import this file, so it is frozen like them: add functions, never change what one produces.
import { PostgresAdapter, sql } from 'kysely'

/**
 * @param {import('kysely').Kysely<any>} db
 * @returns {boolean}
 */
export function isPostgres(db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/**
 * An auto-numbered integer primary key: `serial` on PostgreSQL, `integer ... autoincrement` on
 * SQLite (ids never reused). Use as `.addColumn('id', ...idColumn(db))`.
 * @param {import('kysely').Kysely<any>} db
 * @returns {[any, (col: import('kysely').ColumnDefinitionBuilder) => import('kysely').ColumnDefinitionBuilder]}
 */
export function idColumn(db) {
  return isPostgres(db) ? ['serial', (col) => col.primaryKey()] : ['integer', (col) => col.autoIncrement().primaryKey()]
}

/**
 * A column default of the current UTC time as ISO-8601 text with milliseconds
 * (`2026-11-24T09:30:00.000Z`): the one timestamp format of the database, on both.
 * @param {import('kysely').Kysely<any>} db
 */
export function utcNowDefault(db) {
  return isPostgres(db)
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`
}

/**
 * Drops a table that others refer to (PostgreSQL needs CASCADE; SQLite has no such word).
 * @param {import('kysely').Kysely<any>} db
 * @param {string} table
 */
export function dropReferencedTable(db, table) {
  const drop = db.schema.dropTable(table)
  return isPostgres(db) ? drop.cascade() : drop
}

/**
 * Makes a text column compare byte by byte, as SQLite's default does, so that a range
 * `term >= 'abc' and term < 'abd'` is exactly "starts with abc" and its B-tree index serves it
 * whatever the database's locale. SQLite: nothing to do.
 * @param {import('kysely').Kysely<any>} db
 * @param {string} table
 * @param {string} column
 */
export async function byteOrderText(db, table, column) {
  if (!isPostgres(db)) return
  await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(db)
}

/**
 * After a bulk load: fresh planner statistics, and on PostgreSQL a vacuum too, which marks the
 * loaded pages all-visible so that index-only scans can serve reads (autovacuum would, later).
 * @param {import('kysely').Kysely<any>} db
 */
export async function refreshAfterBulkLoad(db) {
  await (isPostgres(db) ? sql`vacuum analyze` : sql`analyze`).execute(db)
}

/**
 * After rows were inserted with their ids given (a bulk load), moves the table's id sequence on
 * past the largest, so the next row numbered by the database does not collide. PostgreSQL's
 * `serial` does not see given ids; SQLite's autoincrement does, so there is nothing to do there.
 * @param {import('kysely').Kysely<any>} db
 * @param {string} table
 */
export async function advanceIdSequence(db, table) {
  if (!isPostgres(db)) return
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest(coalesce((select max(id) from ${sql.table(table)}), 0), 1))`.execute(
    db,
  )
}
