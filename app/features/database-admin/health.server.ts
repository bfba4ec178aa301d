import fs from 'node:fs'
import type { Database as SqliteDatabase } from 'better-sqlite3'
import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/database'
import { sqlitePathFromUrl } from '#db/database'
import { createMigrator, migrationHistory } from '#db/migrate'

// The database's health for /admin/databases/manage: engine and version, the schema's migrations,
// tables with their rows and sizes, and the checks an administrator runs.

export interface TableFigure {
  name: string
  rows: number
  /** Rows are PostgreSQL's estimate (pg_stat), not a count. */
  estimated: boolean
  bytes: number | null
}

export interface MigrationFigure {
  name: string
  appliedAt: string | null
}

export interface Health {
  engine: 'SQLite' | 'PostgreSQL'
  version: string
  location: string
  sizeBytes: number
  journal: string | null
  migrations: MigrationFigure[]
  pending: string[]
  /** Migrations the database has run that this release does not know: a newer release ran them (a rolling upgrade, or a rollback). */
  ahead: MigrationFigure[]
  tables: TableFigure[]
}

/** Tables of the app (not the engine's own, not Kysely's bookkeeping). */
async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const tables = await handle.db.introspection.getTables()
  return tables
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'))
    .sort()
}

/**
 * The schema's migrations: those applied (with when), any this build has that are not, and any the
 * database has run that this build does not know (a newer release's).
 */
export async function migrationsOf(
  handle: DatabaseHandle,
): Promise<{ migrations: MigrationFigure[]; pending: string[]; ahead: MigrationFigure[] }> {
  const [all, history] = await Promise.all([createMigrator(handle.db).getMigrations(), migrationHistory(handle.db)])
  const known = new Set(all.map((m) => m.name))
  return {
    migrations: all.filter((m) => m.executedAt).map((m) => ({ name: m.name, appliedAt: m.executedAt!.toISOString() })),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
    ahead: history.filter((m) => !known.has(m.name)).map((m) => ({ name: m.name, appliedAt: m.ranAt })),
  }
}

/**
 * The health figures. `sizes` measures each table's bytes: free on PostgreSQL, a read of the whole
 * file on SQLite (dbstat), so there only when asked.
 */
export async function databaseHealth(
  handle: DatabaseHandle,
  databaseUrl: string,
  options: { sizes: boolean },
): Promise<Health> {
  const [names, { migrations, pending, ahead }] = await Promise.all([tableNames(handle), migrationsOf(handle)])
  if (handle.kind === 'sqlite') {
    const file = sqlitePathFromUrl(databaseUrl)
    const sqlite = handle.sqlite
    const version = (sqlite.prepare('select sqlite_version() as v').get() as { v: string }).v
    const sizes = new Map<string, number>()
    if (options.sizes) {
      for (const row of sqlite.prepare('select name, sum(pgsize) as bytes from dbstat group by name').all() as {
        name: string
        bytes: number
      }[])
        sizes.set(row.name, row.bytes)
    }
    const tables = names.map((name) => ({
      name,
      rows: Number(
        (sqlite.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as { n: number }).n,
      ),
      estimated: false,
      bytes: options.sizes ? (sizes.get(name) ?? 0) + indexBytes(sqlite, name, sizes) : null,
    }))
    const stat = (path: string) => (fs.existsSync(path) ? fs.statSync(path).size : 0)
    return {
      engine: 'SQLite',
      version,
      location: file,
      sizeBytes: stat(file) + stat(`${file}-wal`),
      journal: String(sqlite.pragma('journal_mode', { simple: true })),
      migrations,
      pending,
      ahead,
      tables,
    }
  }
  const db = handle.db
  const [version, size, stats] = await Promise.all([
    sql<{ v: string }>`select current_setting('server_version') as v`.execute(db),
    sql<{
      bytes: number
      name: string
    }>`select pg_database_size(current_database()) as bytes, current_database() as name`.execute(db),
    sql<{
      name: string
      rows: number
      bytes: number
    }>`select relname as name, n_live_tup as rows, pg_total_relation_size(relid) as bytes from pg_stat_user_tables`.execute(
      db,
    ),
  ])
  const byName = new Map(stats.rows.map((r) => [r.name, r]))
  return {
    engine: 'PostgreSQL',
    version: version.rows[0]!.v,
    location: `database ${size.rows[0]!.name}`,
    sizeBytes: Number(size.rows[0]!.bytes),
    journal: null,
    migrations,
    pending,
    ahead,
    tables: names.map((name) => ({
      name,
      rows: Number(byName.get(name)?.rows ?? 0),
      estimated: true,
      bytes: Number(byName.get(name)?.bytes ?? 0),
    })),
  }
}

function indexBytes(sqlite: SqliteDatabase, table: string, sizes: Map<string, number>): number {
  const indexes = sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = ?").all(table) as {
    name: string
  }[]
  return indexes.reduce((sum, index) => sum + (sizes.get(index.name) ?? 0), 0)
}

export interface CheckResult {
  ok: boolean
  lines: string[]
}

/**
 * The integrity check: SQLite's own (every page, index and constraint; foreign keys apart), or on
 * PostgreSQL the basic ones (it answers, no index left invalid, no migration pending).
 */
export async function integrityCheck(handle: DatabaseHandle): Promise<CheckResult> {
  const { pending } = await migrationsOf(handle)
  const lines: string[] = []
  let ok = true
  if (handle.kind === 'sqlite') {
    const integrity = (handle.sqlite.pragma('integrity_check(20)') as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    )
    if (integrity.length === 1 && integrity[0] === 'ok')
      lines.push('SQLite integrity check: ok (every page, index and constraint was read).')
    else {
      ok = false
      lines.push(...integrity.map((line) => `SQLite integrity check: ${line}`))
    }
    const orphans = handle.sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]
    if (orphans.length) {
      ok = false
      lines.push(
        ...orphans
          .slice(0, 20)
          .map((o) => `A row of ${o.table} (rowid ${o.rowid}) refers to a missing ${o.parent} row.`),
      )
    } else lines.push('Foreign keys: every reference points at a row.')
  } else {
    const invalid = await sql<{
      name: string
    }>`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where not i.indisvalid or not i.indisready`.execute(
      handle.db,
    )
    if (invalid.rows.length) {
      ok = false
      lines.push(...invalid.rows.map((r) => `Index ${r.name} is invalid: rebuild it (REINDEX INDEX ${r.name}).`))
    } else lines.push('PostgreSQL answers; every index is valid.')
  }
  if (pending.length) {
    ok = false
    lines.push(`Migrations not applied: ${pending.join(', ')}.`)
  } else lines.push('Schema: every migration of this version is applied.')
  return { ok, lines }
}
