import { promises as fs } from 'node:fs'
import path from 'node:path'
import { FileMigrationProvider, Migrator, type Kysely } from 'kysely'

/** Absolute path of migrations/, found from the working directory (the app always runs from the project root). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations')
}

export function createMigrator(db: Kysely<any>): Migrator {
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

export function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return run(createMigrator(db).migrateToLatest())
}

export function migrateDown(db: Kysely<any>): Promise<string[]> {
  return run(createMigrator(db).migrateDown())
}
