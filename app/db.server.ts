import type SQLite from 'better-sqlite3'
import { createDatabase, type Database } from '#db/database'
import { config } from './config.server'

declare global {
  // eslint-disable-next-line no-var
  var __database: { db: Database; sqlite: SQLite.Database } | undefined
}

function database() {
  globalThis.__database ??= createDatabase(config().databaseUrl)
  return globalThis.__database
}

/** The one Kysely instance of the process. */
export function getDb(): Database {
  return database().db
}

/** The raw SQLite handle, for libraries that speak to it directly (the login throttle). */
export function getSqlite(): SQLite.Database {
  return database().sqlite
}
