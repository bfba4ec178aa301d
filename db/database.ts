import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
} from 'kysely'
import pg from 'pg'
import type { DB } from './types'

export type Database = Kysely<DB>
export type DatabaseKind = 'sqlite' | 'postgres'

/** The process's database: Kysely over one of the two drivers, and the driver itself for what speaks to it directly. */
export type DatabaseHandle =
  { kind: 'sqlite'; db: Database; sqlite: SQLite.Database } | { kind: 'postgres'; db: Database; pool: pg.Pool }

/** `postgres://` and `postgresql://` name a server; everything else is SQLite (a path, `file:`, `sqlite:`, `:memory:`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim())
}

/** A URL fit for a log line: the password replaced. */
export function redactedUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@')
}

/** DATABASE_URL as a SQLite file: a path (`data/app.db`), `file:` / `sqlite:` URLs, or `:memory:`. Never a server URL. */
export function sqlitePathFromUrl(url: string): string {
  if (url === ':memory:') return url
  if (isPostgresUrl(url)) throw new Error(`${redactedUrl(url)} names a PostgreSQL server, not a SQLite file`)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^(sqlite|file):/i.test(url)) {
    throw new Error(`DATABASE_URL "${redactedUrl(url)}" is neither a file path nor a postgres:// URL`)
  }
  const stripped = url.replace(/^(sqlite|file):(\/\/)?/i, '')
  if (!stripped) throw new Error('DATABASE_URL is empty')
  return path.resolve(stripped)
}

export function openSqlite(url: string): SQLite.Database {
  const file = sqlitePathFromUrl(url)
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  // Several processes may share the file (WEB_CONCURRENCY): a writer waits for the lock instead of failing.
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = FULL')
  return sqlite
}

// PostgreSQL's 8-byte integers (count(*), sum() of integers, bigint columns) arrive as strings by
// default; every such value here is an exact integer far below 2^53, so it is read as a number, as
// SQLite gives it. numeric (sum() of bigint) likewise.
const INT8 = 20
const NUMERIC = 1700
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => (value === null ? null : Number(value))
    return pg.types.getTypeParser(oid, format as 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

export function openPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: typeParsers, connectionTimeoutMillis: 10_000 })
  // An idle connection that breaks (server restart) is dropped and replaced; it must not crash the process.
  pool.on('error', (error) => console.error(`database: idle connection lost: ${error.message}`))
  return pool
}

/**
 * SQLite transactions take the write lock when they begin (`begin immediate`). A deferred one that
 * reads and then writes fails at once with SQLITE_BUSY when another process (WEB_CONCURRENCY) wrote
 * in between, whatever the busy timeout; an immediate one waits for the lock (busy_timeout) and
 * then reads what is current.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver()
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'))
    }
    return driver
  }
}

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept by their SQL: Kysely prepares
 * every query afresh, and preparing costs about as much as running a small query. A statement
 * still being iterated (a streamed query) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>()
  return {
    prepare(sql: string) {
      const kept = cache.get(sql)
      if (kept && !kept.busy) {
        // Most recently used last, so the oldest is the one let go.
        cache.delete(sql)
        cache.set(sql, kept)
        return kept
      }
      const statement = sqlite.prepare(sql)
      if (!kept) {
        if (cache.size >= size) cache.delete(cache.keys().next().value!)
        cache.set(sql, statement)
      }
      return statement
    },
    close() {
      cache.clear()
      sqlite.close()
    },
  }
}

/**
 * The migrations' lock: Kysely's own key, so that a release still taking it Kysely's way and this one
 * keep apart (a session lock and a transaction lock on one key exclude each other).
 */
export const MIGRATION_LOCK_KEY = 3853314791062309107n

/**
 * Kysely's PostgreSQL adapter with the migrations' lock held by their transaction. Kysely takes a
 * session-level advisory lock on one connection and releases it after the migrations' transaction,
 * three statements that PgBouncer in transaction pooling mode may send to three server connections:
 * the lock then stays behind on one of them and the next start-up waits an hour. db/migrate.ts runs
 * the migrator inside one transaction, where `pg_advisory_xact_lock` holds until commit or rollback
 * and nothing is left to release.
 */
export class TransactionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(db)
  }

  override async releaseMigrationLock(): Promise<void> {}
}

/** PostgreSQL without session-level state, as PgBouncer in transaction pooling mode requires (docs/operations.md). */
class PooledPostgresDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionLockAdapter()
  }
}

export function createDatabase(url: string, options: { poolMax?: number } = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = openPool(url, options.poolMax)
    return { kind: 'postgres', pool, db: new Kysely<DB>({ dialect: new PooledPostgresDialect({ pool }) }) }
  }
  const sqlite = openSqlite(url)
  return {
    kind: 'sqlite',
    sqlite,
    db: new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) }),
  }
}

/**
 * Refreshes the planner's statistics on start-up (what SQLite itself advises): without them it
 * guesses, e.g. walks 100,000 users to find the few holders of a role. Bounded: each index is
 * sampled, so this stays quick on large files. PostgreSQL's autovacuum keeps its own.
 */
export function refreshStatistics(handle: DatabaseHandle): void {
  if (handle.kind !== 'sqlite') return
  handle.sqlite.pragma('analysis_limit = 1000')
  handle.sqlite.pragma('optimize = 0x10002')
}
