// The app's database work through PgBouncer in transaction pooling mode (TEST_PGBOUNCER_URL, started by
// tests/support/with-postgres.ts in npm test's PostgreSQL pass), where a connection of the pool gets
// a server connection for one transaction at a time: the sign-in throttle (its store's named
// statements made every sign-in fail) and the migrations' lock (Kysely's session lock stayed behind
// on a pooled connection).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { apiRequestAllowance, beginLoginAttempt, loginFailed, PAIR_LIMIT } from '~/auth/throttle.server'
import { createDatabase, type DatabaseHandle } from '#db/database'
import { migrateToLatest } from '#db/migrate'
import { createDatabaseOn, dropDatabaseOn, uniqueName, withDatabase } from './support/postgres'

const bouncer = process.env.TEST_PGBOUNCER_URL
const server = process.env.TEST_POSTGRES_URL
// This file's own database, reached through PgBouncer by everything the app opens (getDatabase()).
if (bouncer) process.env.DATABASE_URL = withDatabase(bouncer, new URL(process.env.DATABASE_URL!).pathname.slice(1))

describe.runIf(bouncer)('through PgBouncer in transaction pooling mode', () => {
  it('counts sign-in attempts, in parallel too, and API requests', async () => {
    const email = 'bounced@example.com'
    const waits = await Promise.all(
      Array.from({ length: PAIR_LIMIT + 3 }, async () => {
        const wait = await beginLoginAttempt(email, '10.1.1.1')
        if (wait === 0) await loginFailed(email)
        return wait
      }),
    )
    // However many arrive at once, at most PAIR_LIMIT are let through to a password check.
    expect(waits.filter((w) => w === 0).length).toBeLessThanOrEqual(PAIR_LIMIT)
    expect(await beginLoginAttempt(email, '10.1.1.1')).toBeGreaterThan(60_000)
    const first = await apiRequestAllowance(987_654)
    const second = await apiRequestAllowance(987_654)
    expect(second.remaining).toBe(first.remaining - 1)
  })

  describe('migrations', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-migrations-'))
    const name = uniqueName('platform_bounced_migrations')
    const handles: DatabaseHandle[] = []
    const previous = process.env.MIGRATIONS_DIR
    afterAll(async () => {
      for (const handle of handles) await handle.db.destroy()
      await dropDatabaseOn(server!, name)
      fs.rmSync(folder, { recursive: true, force: true })
      if (previous === undefined) delete process.env.MIGRATIONS_DIR
      else process.env.MIGRATIONS_DIR = previous
    })
    // Migrations of their own (plain files importing nothing) on an empty database of their own.
    const write = (file: string, up: string) =>
      fs.writeFileSync(path.join(folder, file), `export async function up(db) {\n${up}\n}\n`)
    const machine = () => {
      const handle = createDatabase(withDatabase(bouncer!, name), { poolMax: 2 })
      handles.push(handle)
      return handle.db
    }
    const tables = async () =>
      (
        await sql<{ name: string }>`select tablename as name from pg_tables where tablename like 'bounced_%'`.execute(
          machine(),
        )
      ).rows
        .map((r) => r.name)
        .sort()

    it('run once when three machines start at once, one after another, the lock left nowhere', async () => {
      await createDatabaseOn(server!, name)
      process.env.MIGRATIONS_DIR = folder
      write(
        '001_first.js',
        `await db.schema.createTable('bounced_first').addColumn('id', 'integer').execute()
  await new Promise((resolve) => setTimeout(resolve, 300))`,
      )
      write('002_second.js', `await db.schema.createTable('bounced_second').addColumn('id', 'integer').execute()`)
      const applied = await Promise.all([machine(), machine(), machine()].map((db) => migrateToLatest(db)))
      expect(applied.map((outcome) => outcome.applied.join()).sort()).toEqual(['', '', '001_first,002_second'])
      expect(await tables()).toEqual(['bounced_first', 'bounced_second'])
      expect(await advisoryLocks()).toBe(0)
    })

    it('roll back whole when one fails, and the next start migrates at once', async () => {
      write(
        '003_broken.js',
        `await db.schema.createTable('bounced_third').addColumn('id', 'integer').execute()
  throw new Error('the third migration is broken')`,
      )
      await expect(migrateToLatest(machine())).rejects.toThrow(/003_broken.*the third migration is broken/)
      expect(await tables()).toEqual(['bounced_first', 'bounced_second'])
      expect(await advisoryLocks()).toBe(0)
      fs.rmSync(path.join(folder, '003_broken.js'))
      write('004_fixed.js', `await db.schema.createTable('bounced_third').addColumn('id', 'integer').execute()`)
      const started = Date.now()
      // With a lock left behind this waited for Kysely's hour-long lock timeout.
      const outcomes = await Promise.all([migrateToLatest(machine()), migrateToLatest(machine())])
      expect(outcomes.map((outcome) => outcome.applied)).toContainEqual(['004_fixed'])
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(await tables()).toEqual(['bounced_first', 'bounced_second', 'bounced_third'])
    })

    /** Advisory locks held on this database by any server connection, read past PgBouncer. */
    async function advisoryLocks() {
      const client = new pg.Client({ connectionString: server })
      await client.connect()
      try {
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = $1)",
          [name],
        )
        return rows[0]!.n
      } finally {
        await client.end()
      }
    }
  })
})
