import { sql, type Expression, type SqlBool } from 'kysely'
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
