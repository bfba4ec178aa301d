/**
 * A unique index refusing a write, on SQLite or PostgreSQL: the one way the code recognises that a
 * race the checks could not see was decided by the database. `columns` narrows it to one index
 * (its table's columns, in index order): SQLite names them in its message ("UNIQUE constraint
 * failed: buyer_skus.buyer_id, buyer_skus.buyer_code"), PostgreSQL in its detail ("Key (buyer_id,
 * buyer_code)=(…) already exists").
 */
export function isUniqueViolation(error: unknown, table?: string, columns?: string[]): boolean {
  if (!(error instanceof Error)) return false
  const pg = error as Error & { code?: string; table?: string; detail?: string }
  if (pg.code === '23505') {
    if (table && pg.table && pg.table !== table) return false
    return !columns || (pg.detail ?? '').startsWith(`Key (${columns.join(', ')})=`)
  }
  const match = error.message.match(/UNIQUE constraint failed: (.*)$/)
  if (!match) return false
  if (!table || !columns) return true
  return match[1] === columns.map((column) => `${table}.${column}`).join(', ')
}
