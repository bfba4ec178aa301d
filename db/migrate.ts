import { promises as fs } from 'node:fs'
import path from 'node:path'
import { FileMigrationProvider, Migrator, type Kysely } from 'kysely'

/** Absolute path of migrations/, found from the working directory (the app always runs from the project root). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations')
}

/** Any database, whatever its schema type: migrations run on one that may not have the schema yet. */
export function createMigrator<Schema>(db: Kysely<Schema>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsFolder() }),
  })
}

async function run(step: ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const { error, results } = await step
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : ''
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error')
    throw new Error(`migration failed${name}: ${reason}`)
  }
  return (results ?? []).map((r) => r.migrationName)
}

export function migrateToLatest<Schema>(db: Kysely<Schema>): Promise<string[]> {
  return run(createMigrator(db).migrateToLatest())
}

export function migrateDown<Schema>(db: Kysely<Schema>): Promise<string[]> {
  return run(createMigrator(db).migrateDown())
}
