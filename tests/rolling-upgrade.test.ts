// Start-up on a database a newer release has migrated (docs/operations.md "Upgrades"): release N
// keeps (re)starting while N+1 rolls out, and after a rollback of code. On SQLite and, in npm test's
// PostgreSQL pass, on PostgreSQL (this file's own copy of the migrated demo database).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { createDatabase, isPostgresUrl, MIGRATION_LOCK_KEY } from '#db/database'
import { migrateToLatest, migrationsFolder } from '#db/migrate'
import { startServer } from './support/server'

const { db } = createDatabase(process.env.DATABASE_URL!)
const folders: string[] = []
afterAll(async () => {
  await db.destroy()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

const NEWER = '29990101000000_from_a_newer_release'

/** This release's migrations (linked, so their imports resolve) and one more of a hotfix. */
function migrationsWith(name: string, body: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
  folders.push(folder)
  for (const file of fs.readdirSync(migrationsFolder()))
    fs.symlinkSync(path.join(migrationsFolder(), file), path.join(folder, file))
  fs.writeFileSync(path.join(folder, `${name}.js`), `${body}\nexport async function down() {}\n`)
  return folder
}

async function executed(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
  return rows.map((r) => r.name)
}

describe('start-up on a database a newer release migrated', () => {
  it('migrates as ever when the database knows nothing this release does not', async () => {
    expect(await migrateToLatest(db)).toEqual({ applied: [], ahead: [] })
  })

  it('serves without migrating, and says so in one line, when the database is ahead', async () => {
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER}, ${new Date().toISOString()})`.execute(db)
    expect(await migrateToLatest(db)).toEqual({ applied: [], ahead: [NEWER] })

    const server = await startServer()
    try {
      expect(server.output()).toContain(
        `The database is ahead of this release: it has run 1 migration this release does not know (newest ${NEWER}); serving without them`,
      )
      expect((await fetch(`${server.url}/login`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  it("applies this release's own missing migrations when they sort after everything the database has run", async () => {
    const folder = migrationsWith(
      '29990201000000_hotfix',
      'export async function up(db) { await db.schema.createTable("hotfix_probe").addColumn("id", "integer").execute() }',
    )
    expect(await migrateToLatest(db, folder)).toEqual({ applied: ['29990201000000_hotfix'], ahead: [NEWER] })
    expect((await executed()).slice(-2)).toEqual([NEWER, '29990201000000_hotfix'])
    await db
      .selectFrom('hotfix_probe' as never)
      .selectAll()
      .execute()
  })

  it('refuses to start when its own missing migration would slip under the newer history', async () => {
    const folder = migrationsWith(
      '20000101000000_early',
      'export async function up(db) { await db.schema.createTable("early_probe").addColumn("id", "integer").execute() }',
    )
    const result = spawnSync(process.execPath, ['server.js'], {
      env: {
        NODE_ENV: 'development',
        PATH: process.env.PATH,
        DATABASE_URL: process.env.DATABASE_URL,
        SESSION_SECRET: process.env.SESSION_SECRET,
        MIGRATIONS_DIR: folder,
        PORT: '3198',
        WORKER: 'false',
      },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n').at(-1)).toBe(
      `Start-up failed: the database has run migrations this release does not know (${NEWER}, 29990201000000_hotfix) and lacks this release's 20000101000000_early, which sorts before 29990201000000_hotfix: a release that does not contain this one migrated it. Start a release that has all of them, or restore the backup taken before the upgrade`,
    )
    expect(await executed()).not.toContain('20000101000000_early')
  })
})

// The migrations' lock on PostgreSQL (Kysely's own key): a newer release takes it for its migrations'
// transaction (pg_advisory_xact_lock: db/migrate.ts), as PgBouncer's transaction pooling requires.

describe.runIf(isPostgresUrl(process.env.DATABASE_URL ?? ''))('start-up while a newer release migrates', () => {
  it('waits for its migration, then serves on what it made', async () => {
    const newer = '29990301000000_migrating_meanwhile'
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    try {
      // The database as this release left it (the tests above ran a newer release's migrations on it).
      await other.query("delete from kysely_migration where name like '2999%'")
      // The newer release holds the lock, as while it migrates; this one looks, finds nothing new, waits.
      await other.query('begin')
      await other.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
      const outcome = migrateToLatest(db)
      for (let waited = 0; ; waited += 20) {
        const { rows } = await other.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        )
        if (rows[0].n > 0) break
        if (waited > 10_000) throw new Error('start-up never waited for the migration lock')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await other.query('insert into kysely_migration (name, timestamp) values ($1, $2)', [
        newer,
        new Date().toISOString(),
      ])
      await other.query('commit')
      expect(await outcome).toEqual({ applied: [], ahead: [newer] })
    } finally {
      await other.end()
    }
  })
})
