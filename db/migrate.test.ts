import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from './database'
import { isPostgres } from './dialect.js'
import { migrateDown, migrateToLatest } from './migrate'

// This file's own copy of the demo database (tests/support/fresh-database.ts names it in DATABASE_URL).
const { db } = createDatabase(process.env.DATABASE_URL!)
afterAll(() => db.destroy())

// Runs on SQLite and (npm test's second pass) on PostgreSQL: every migration goes down and up again.
describe('migrations', () => {
  it('roll back one by one to nothing and apply again to the same tables', async () => {
    const tables = async () => (await db.introspection.getTables()).map((t) => t.name).sort()
    const before = await tables()
    for (;;) {
      const undone = await migrateDown(db)
      if (undone.length === 0) break
    }
    expect((await tables()).filter((t) => !t.startsWith('kysely_'))).toEqual([])
    await migrateToLatest(db)
    expect(await tables()).toEqual(before)
  })

  it('keeps search words in byte order on PostgreSQL, whatever the locale (prefix ranges are exact)', async () => {
    if (!isPostgres(db)) return
    const { rows } = await sql<{
      collation_name: string
    }>`select collation_name from information_schema.columns where table_name = 'search_terms' and column_name = 'term'`.execute(
      db,
    )
    expect(rows[0].collation_name).toBe('C')
  })
})
