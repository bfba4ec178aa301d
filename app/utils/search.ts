import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely'
import { likePattern } from './list-params'

/**
 * Case-insensitive "contains" over one or more columns, portable to PostgreSQL (lower + LIKE with
 * an explicit escape character, so % and _ typed by the user match themselves).
 */
export function containsText(columns: string[], text: string): Expression<SqlBool> {
  const pattern = likePattern(text)
  const parts = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`
}

/**
 * The same "contains, ignoring case" in the form each database runs fastest on a large table:
 * SQLite's LIKE already ignores ASCII case (lower() on every row of a 100,000-row scan costs about
 * 40% more, and SQLite's lower() folds ASCII only anyway); PostgreSQL needs ILIKE.
 */
export function containsTextIn(db: { getExecutor(): { adapter: object } }, columns: string[], text: string): Expression<SqlBool> {
  const pattern = likePattern(text)
  const operator = db.getExecutor().adapter instanceof PostgresAdapter ? sql.raw('ilike') : sql.raw('like')
  const parts = columns.map((column) => sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} escape '\\'`)
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`
}
