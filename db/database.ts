import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { DB } from './types'

export type Database = Kysely<DB>

/**
 * DATABASE_URL accepts a file path (`data/app.db`), `file:` / `sqlite:` URLs, or `:memory:`.
 * PostgreSQL URLs are recognised so that the message is clear, but this build serves SQLite only.
 */
export function sqlitePathFromUrl(url: string): string {
  if (url === ':memory:') return url
  if (/^postgres(ql)?:\/\//.test(url)) {
    throw new Error(
      `DATABASE_URL points at PostgreSQL (${url.replace(/\/\/[^@]*@/, '//***@')}); this build serves SQLite only. Use a file path such as data/app.db.`,
    )
  }
  const stripped = url.replace(/^(sqlite|file):(\/\/)?/, '')
  if (!stripped) throw new Error('DATABASE_URL is empty')
  return path.resolve(stripped)
}

export function openSqlite(url: string): SQLite.Database {
  const file = sqlitePathFromUrl(url)
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = FULL')
  return sqlite
}

export function createDatabase(url: string): { db: Database; sqlite: SQLite.Database } {
  const sqlite = openSqlite(url)
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, sqlite }
}

/**
 * Refreshes SQLite's planner statistics (what SQLite itself advises on start-up): without them it
 * guesses, e.g. walks 100,000 users to find the few holders of a role. Bounded: each index is
 * sampled, so this stays quick on large files.
 */
export function refreshStatistics(sqlite: SQLite.Database): void {
  sqlite.pragma('analysis_limit = 1000')
  sqlite.pragma('optimize = 0x10002')
}
