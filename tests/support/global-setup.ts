import fs from 'node:fs'
import { createDatabase, type DatabaseHandle } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { buildWorkers } from '../../cli/build-workers.mjs'
import { ARTIFACTS, TEMPLATE_DB } from './paths'
import { createDatabaseOn, dropDatabaseOn, uniqueName } from './postgres'

async function migrateAndSeed(handle: DatabaseHandle) {
  await migrateToLatest(handle.db)
  await seedDemo(handle.db)
}

/** A template database on the PostgreSQL server at `server`, migrated and with the demo data; its name. */
export async function makePostgresTemplate(server: string): Promise<string> {
  const template = uniqueName('platform_template')
  const handle = createDatabase(await createDatabaseOn(server, template))
  // The demo's files (QC photos) go where the app on PostgreSQL reads them: the database, its default
  // store (docs/operations.md "Files"). This process's own DATABASE_URL, if any, names another database.
  const storage = process.env.FILE_STORAGE
  process.env.FILE_STORAGE = 'database'
  globalThis.__config = undefined
  try {
    await migrateAndSeed(handle)
  } finally {
    await handle.db.destroy()
    if (storage === undefined) delete process.env.FILE_STORAGE
    else process.env.FILE_STORAGE = storage
    globalThis.__config = undefined
  }
  return template
}

/**
 * Makes the migrated database with the demo data that every test file copies: a file on SQLite,
 * a template database on PostgreSQL (TEST_POSTGRES_URL, set by tests/support/with-postgres.ts,
 * which makes the template itself, TEST_POSTGRES_TEMPLATE, to copy it for its browser journey too).
 */
export default async function setup() {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  // The import file reader runs in a worker thread from its own bundle: made from the sources now.
  buildWorkers()
  const server = process.env.TEST_POSTGRES_URL
  if (server) {
    if (process.env.TEST_POSTGRES_TEMPLATE) return
    const template = await makePostgresTemplate(server)
    // Read by tests/support/fresh-database.ts in every test process (they inherit this environment).
    process.env.TEST_POSTGRES_TEMPLATE = template
    return () => dropDatabaseOn(server, template)
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(TEMPLATE_DB + suffix, { force: true })
  const handle = createDatabase(TEMPLATE_DB)
  await migrateAndSeed(handle)
  if (handle.kind === 'sqlite') {
    // One self-contained file: fold the WAL back in so a plain copy is complete.
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)')
    handle.sqlite.pragma('journal_mode = DELETE')
  }
  await handle.db.destroy()
}
