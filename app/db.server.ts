import { createDatabase, type Database, type DatabaseHandle } from '#db/database'
import { config } from './config.server'

declare global {
  var __database: DatabaseHandle | undefined
}

/** The process's database (SQLite or PostgreSQL, from DATABASE_URL), opened on first use. */
export function getDatabase(): DatabaseHandle {
  globalThis.__database ??= createDatabase(config().databaseUrl, { poolMax: config().databasePoolMax })
  return globalThis.__database
}

/** The one Kysely instance of the process. */
export function getDb(): Database {
  return getDatabase().db
}
