import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'

/** `like` patterns match `%`, `_` and the escape character literally once escaped with `\`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * `column` contains `needle`, ignoring case: `lower(column) like '%needle%'` with the needle's
 * wildcards escaped, which SQLite and PostgreSQL read alike (SQLite has no `strpos`, PostgreSQL no
 * `instr`). For short lists only; large ones search by word through `search_terms`.
 */
export function containsIgnoringCase(column: Expression<string | null>, needle: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${`%${escapeLike(needle.toLowerCase())}%`} escape '\\'`
}
