import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isPostgresUrl } from '#db/database'
import { createDatabaseOn, dropDatabaseOn, uniqueName, withDatabase } from './support/postgres'

/** Starts the real server with a broken setting and returns how it ended. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['server.js'], {
    env: { NODE_ENV: 'development', PATH: process.env.PATH, SESSION_SECRET: 'x'.repeat(40), PORT: '3199', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { code: result.status, stderr: result.stderr }
}

describe('start-up failures', () => {
  it('stops on bad configuration with one clear message', () => {
    const { code, stderr } = start({ PORT: 'not-a-port', DATABASE_URL: ':memory:' })
    expect(code).toBe(1)
    expect(stderr.trim().split('\n').at(-1)).toBe(
      'Start-up failed: bad configuration: PORT must be a whole number between 1 and 65535 (got "not-a-port")',
    )
  })

  it('stops when production has no session secret', () => {
    const { code, stderr } = start({ NODE_ENV: 'production', SESSION_SECRET: '', DATABASE_URL: ':memory:' })
    expect(code).toBe(1)
    expect(stderr).toContain('SESSION_SECRET is required')
  })

  it('stops when the database cannot be opened', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'not-a-db-'))
    const { code, stderr } = start({ DATABASE_URL: dir })
    expect(code).toBe(1)
    expect(stderr).toMatch(/^Start-up failed: cannot open the database/)
  })

  it('stops when a migration fails', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
    fs.writeFileSync(
      path.join(dir, '0001_broken.js'),
      'export async function up(db) { throw new Error("boom") }\nexport async function down() {}\n',
    )
    const { code, stderr } = start({ DATABASE_URL: path.join(dir, 'app.db'), MIGRATIONS_DIR: dir })
    expect(code).toBe(1)
    expect(stderr).toContain('Start-up failed: migration failed (0001_broken): boom')
  })

  it('stops when production has no https APP_URL, unless told the network is trusted', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: ':memory:' }
    expect(start(production).stderr).toContain('Start-up failed: bad configuration: APP_URL is required')
    const onHttp = start({ ...production, APP_URL: 'http://orders.example.com' })
    expect(onHttp.code).toBe(1)
    expect(onHttp.stderr).toContain('APP_URL must be https://')
  })
})

// npm test's PostgreSQL pass: the same failures on a server, each one line, the password never printed.
describe.runIf(isPostgresUrl(process.env.DATABASE_URL ?? ''))('start-up failures on PostgreSQL', () => {
  const server = process.env.TEST_POSTGRES_URL!
  const lastLine = (stderr: string) => stderr.trim().split('\n').at(-1)

  it('stops when the server cannot be reached', () => {
    const { code, stderr } = start({ DATABASE_URL: 'postgres://app:secret-pw@127.0.0.1:1/app' })
    expect(code).toBe(1)
    expect(lastLine(stderr)).toMatch(
      /^Start-up failed: cannot open the database postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/app: .*ECONNREFUSED/,
    )
    expect(stderr).not.toContain('secret-pw')
    expect(stderr.trim().split('\n')).toHaveLength(1)
  })

  it('stops when the role or the database does not exist', () => {
    const role = start({ DATABASE_URL: withDatabase(server, 'postgres').replace('//postgres@', '//nobody:pw@') })
    expect(role.code).toBe(1)
    expect(lastLine(role.stderr)).toMatch(/^Start-up failed: cannot open the database .*role "nobody" does not exist/)
    const database = start({ DATABASE_URL: withDatabase(server, 'no_such_database') })
    expect(database.code).toBe(1)
    expect(lastLine(database.stderr)).toMatch(
      /^Start-up failed: cannot open the database .*database "no_such_database" does not exist/,
    )
  })

  it('stops when a migration fails, and leaves nothing half-made', async () => {
    const name = uniqueName('platform_broken')
    const url = await createDatabaseOn(server, name)
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
      fs.writeFileSync(
        path.join(dir, '0001_broken.js'),
        'export async function up(db) { await db.schema.createTable("half").addColumn("id", "integer").execute(); throw new Error("boom") }\nexport async function down() {}\n',
      )
      const { code, stderr } = start({ DATABASE_URL: url, MIGRATIONS_DIR: dir })
      expect(code).toBe(1)
      expect(lastLine(stderr)).toBe('Start-up failed: migration failed (0001_broken): boom')
      // PostgreSQL runs the migration in a transaction: the table it made is gone with it.
      const check = start({ DATABASE_URL: url, MIGRATIONS_DIR: dir })
      expect(lastLine(check.stderr)).toBe('Start-up failed: migration failed (0001_broken): boom')
    } finally {
      await dropDatabaseOn(server, name)
    }
  })
})
