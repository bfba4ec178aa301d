import { promises as fs } from 'node:fs'
import path from 'node:path'
import { FileMigrationProvider, Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely'
import { MIGRATION_LOCK_KEY, TransactionLockAdapter } from './database'

/** Absolute path of migrations/, found from the working directory (the app always runs from the project root). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations')
}

/** Any database, whatever its schema type: migrations run on one that may not have the schema yet. */
export function createMigrator<Schema>(db: Kysely<Schema>, options: { disableTransactions?: boolean } = {}): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsFolder() }),
    ...options,
  })
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
async function migrate<Schema>(db: Kysely<Schema>, step: (migrator: Migrator) => Promise<MigrationResultSet>) {
  if (!(db.getExecutor().adapter instanceof TransactionLockAdapter)) return namesOf(await step(createMigrator(db)))
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection)
    try {
      // Before the migrator looks for its own tables: two first start-ups would both create them.
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection)
      const names = namesOf(await step(createMigrator(connection, { disableTransactions: true })))
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

export function migrateToLatest<Schema>(db: Kysely<Schema>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest())
}

export function migrateDown<Schema>(db: Kysely<Schema>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateDown())
}
