import { promises as fs } from 'node:fs'
import path from 'node:path'
import {
  FileMigrationProvider,
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely'
import { MIGRATION_LOCK_KEY, TransactionLockAdapter } from './database'

/** Absolute path of migrations/, found from the working directory (the app always runs from the project root). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations')
}

function filesOf(folder: string): MigrationProvider {
  return new FileMigrationProvider({ fs, path, migrationFolder: folder })
}

/** Any database, whatever its schema type: migrations run on one that may not have the schema yet. */
export function createMigrator<Schema>(
  db: Kysely<Schema>,
  provider = filesOf(migrationsFolder()),
  options: { disableTransactions?: boolean } = {},
): Migrator {
  return new Migrator({ db, provider, ...options })
}

/**
 * Runs a migrator's step. On PostgreSQL (db/database.ts's adapter) the whole step is one transaction
 * that first takes the migrations' lock for itself (pg_advisory_xact_lock): several machines starting
 * at once migrate one after another, the later ones finding nothing left to do, and nothing of the
 * lock outlives the transaction, whichever server connection PgBouncer lends it. Kysely's own way
 * (a session lock around the transaction) leaves the lock on a pooled connection. A failed step
 * rolls back whole. A migration must not open a transaction of its own on PostgreSQL: its commit would
 * end this one (the tests' statement guard refuses it). SQLite migrates as Kysely does.
 */
async function run<Schema>(
  db: Kysely<Schema>,
  provider: MigrationProvider,
  step: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof TransactionLockAdapter))
    return namesOf(await step(createMigrator(db, provider)))
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection)
    try {
      // Before the migrator looks for its own tables: two first start-ups would both create them.
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection)
      const names = namesOf(await step(createMigrator(connection, provider, { disableTransactions: true })))
      await sql`commit`.execute(connection)
      return names
    } catch (error) {
      // The migrations' error is the one to tell; a connection too broken to roll back ends the transaction anyway.
      await sql`rollback`.execute(connection).catch(() => undefined)
      throw error
    }
  })
}

function namesOf({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : ''
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error')
    throw new Error(`migration failed${name}: ${reason}`)
  }
  return (results ?? []).map((r) => r.migrationName)
}

/** The migrations the database has run, oldest name first (none on an empty database). */
async function executedMigrations<Schema>(db: Kysely<Schema>): Promise<string[]> {
  return (await migrationHistory(db)).map((r) => r.name)
}

/** The database's own record of the migrations it has run, this release's or not, by name, with when. */
export async function migrationHistory<Schema>(db: Kysely<Schema>): Promise<{ name: string; ranAt: string }[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  if (!tables.some((t) => t.name === 'kysely_migration')) return []
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(
    db,
  )
  return rows
    .map((r) => ({ name: r.name, ranAt: new Date(r.timestamp).toISOString() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

export interface MigrationOutcome {
  /** This release's migrations applied now. */
  applied: string[]
  /** Migrations the database has run that this release does not know: a newer release ran them. */
  ahead: string[]
}

/**
 * Brings the database to this release's schema, and tolerates one a newer release has moved on
 * (docs/operations.md "Upgrades"): during a rolling upgrade release N keeps (re)starting beside
 * N+1, which has already migrated; after a rollback of code the database stays where N+1 left it.
 * Kysely alone refuses both ("previously executed migration … is missing").
 *
 * - Nothing unknown: Kysely's migrateToLatest, as ever.
 * - Unknown ones, and all of this release's applied: nothing to do; `ahead` names them.
 * - Unknown ones, and some of this release's missing: they are applied only when each sorts after
 *   every migration the database has run, so the history stays in name order and every later
 *   release (Kysely checks that order) accepts it — a hotfix of N made after N+1 was rolled back.
 *   One that sorts before would be slipped under a newer release's history: refused.
 */
export async function migrateToLatest<Schema>(
  db: Kysely<Schema>,
  folder = migrationsFolder(),
  lookedAgain = false,
): Promise<MigrationOutcome> {
  const files = filesOf(folder)
  const [own, executed] = await Promise.all([files.getMigrations(), executedMigrations(db)])
  const ahead = executed.filter((name) => !(name in own))
  if (ahead.length === 0) {
    try {
      return { applied: await run(db, files, (migrator) => migrator.migrateToLatest()), ahead }
    } catch (error) {
      // A newer release migrated while this one waited for the migration lock: look again.
      if (!lookedAgain && /previously executed migration \S+ is missing/.test((error as Error).message))
        return migrateToLatest(db, folder, true)
      throw error
    }
  }
  const missing = Object.keys(own)
    .filter((name) => !executed.includes(name))
    .sort()
  if (missing.length === 0) return { applied: [], ahead }
  const newest = executed.at(-1)!
  const early = missing.filter((name) => name < newest)
  if (early.length)
    throw new Error(
      `the database has run migrations this release does not know (${ahead.join(', ')}) and lacks this release's ${early.join(', ')}, which sort${early.length === 1 ? 's' : ''} before ${newest}: a release that does not contain this one migrated it. Start a release that has all of them, or restore the backup taken before the upgrade`,
    )
  // The newer release's migrations stand in as already run, so that Kysely applies the rest in order.
  const newer: MigrationProvider = {
    getMigrations: async () => ({
      ...Object.fromEntries(ahead.map((name) => [name, ranByNewerRelease(name)])),
      ...own,
    }),
  }
  return { applied: await run(db, newer, (migrator) => migrator.migrateToLatest()), ahead }
}

function ranByNewerRelease(name: string): Migration {
  const refuse = () => {
    throw new Error(`${name} belongs to a newer release: run or undo it with that release`)
  }
  return { up: async () => refuse(), down: async () => refuse() }
}

/** One line for the log when the database is ahead of this release. */
export function aheadNotice(ahead: string[]): string {
  return `The database is ahead of this release: it has run ${ahead.length} migration${ahead.length === 1 ? '' : 's'} this release does not know (newest ${ahead.at(-1)}); serving without them (a rolling upgrade under way, or this release rolled back to).`
}

export function migrateDown<Schema>(db: Kysely<Schema>): Promise<string[]> {
  return run(db, filesOf(migrationsFolder()), (migrator) => migrator.migrateDown())
}
