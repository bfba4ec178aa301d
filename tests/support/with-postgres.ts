// `npm run test:postgres`: the vitest suite again on PostgreSQL, then the PostgreSQL smoke journey
// in the browser, then the upgrade drill (the previous release's smoke journey on this release's
// schema: tests/support/upgrade-drill.ts). The server is TEST_DATABASE_URL's when set (a role that
// may create databases), else a throwaway cluster made from Debian's binaries and removed at the
// end. Without either the pass is skipped with one line, which fails the run when CI=true. In front
// of the server a PgBouncer in transaction pooling mode (Debian's pgbouncer) is started for the tests
// that go through it (TEST_PGBOUNCER_URL: tests/machines.test.ts, tests/pgbouncer.test.ts) and for
// the browser journey's server; without the binary those run directly on the server, after one line
// saying so, which fails the run when CI=true.
import { spawn } from 'node:child_process'
import { makePostgresTemplate } from './global-setup'
import { TEST_PASSWORD_HASH_COST } from './paths'
import {
  createDatabaseOn,
  dropDatabaseOn,
  findPgbouncer,
  findPostgresBin,
  startCluster,
  startPgbouncer,
  uniqueName,
  withDatabase,
  type Bouncer,
  type Cluster,
} from './postgres'
import { upgradeDrill } from './upgrade-drill'

// The template's demo passwords hashed at the suites' cost, as vitest.config.ts does for its own.
process.env.PASSWORD_HASH_COST ??= TEST_PASSWORD_HASH_COST

function run(command: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function main(): Promise<number> {
  let cluster: Cluster | undefined
  let server = process.env.TEST_DATABASE_URL?.trim()
  if (!server) {
    const bin = findPostgresBin()
    if (!bin) {
      console.log(
        'PostgreSQL pass skipped: TEST_DATABASE_URL is not set and no PostgreSQL binaries are in /usr/lib/postgresql/*/bin (apt-get install postgresql).',
      )
      return process.env.CI === 'true' ? 1 : 0
    }
    try {
      cluster = await startCluster(bin)
    } catch (error) {
      console.log(`PostgreSQL pass skipped: a throwaway cluster could not start: ${(error as Error).message}`)
      return process.env.CI === 'true' ? 1 : 0
    }
    server = cluster.adminUrl
  }
  let bouncer: Bouncer | undefined
  const stop = () => {
    bouncer?.stop()
    cluster?.stop()
  }
  process.on('SIGINT', () => {
    stop()
    process.exit(130)
  })
  const pgbouncer = findPgbouncer()
  if (!pgbouncer) {
    console.log(
      'PgBouncer tests skipped: no pgbouncer binary in /usr/sbin, /usr/bin or PGBOUNCER_BIN (apt-get install pgbouncer).',
    )
    if (process.env.CI === 'true') {
      stop()
      return 1
    }
  } else {
    try {
      bouncer = await startPgbouncer(pgbouncer, server)
    } catch (error) {
      console.log(`PgBouncer tests skipped: PgBouncer could not start: ${(error as Error).message}`)
      if (process.env.CI === 'true') {
        stop()
        return 1
      }
    }
  }
  // The migrated database with the demo data, made once: every vitest file copies it, and so does
  // the browser journey (the demo data the server would load into an empty database, loaded by the
  // same seedDemo; seeding it again cost the journey half a minute of round trips).
  let template: string | undefined
  try {
    // `npm run test:postgres -- e2e`: the browser journey and the upgrade drill only; `-- upgrade`:
    // the drill alone; `-- <vitest arguments>`: those tests only.
    const [first, ...rest] = process.argv.slice(2)
    if (first === 'upgrade') return await upgradeDrill(server)
    template = await makePostgresTemplate(server)
    if (first !== 'e2e') {
      console.log(`\nvitest on PostgreSQL (${cluster ? 'throwaway cluster' : 'TEST_DATABASE_URL'})`)
      const unit = await run('npx', ['vitest', 'run', ...(first ? [first, ...rest] : [])], {
        TEST_POSTGRES_URL: server,
        TEST_POSTGRES_TEMPLATE: template,
        ...(bouncer ? { TEST_PGBOUNCER_URL: bouncer.url } : {}),
      })
      if (unit !== 0 || first) return unit
    }
    console.log(`\nPlaywright smoke journey on PostgreSQL${bouncer ? ', through PgBouncer (transaction pooling)' : ''}`)
    const name = uniqueName('platform_e2e')
    const url = await createDatabaseOn(server, name, template)
    let smoke: number
    try {
      smoke = await run('npx', ['playwright', 'test', '--config', 'playwright.postgres.config.ts'], {
        E2E_DATABASE_URL: bouncer ? withDatabase(bouncer.url, name) : url,
      })
    } finally {
      await dropDatabaseOn(server, name)
    }
    return smoke || (await upgradeDrill(server))
  } finally {
    if (!cluster && template) await dropDatabaseOn(server, template)
    stop()
  }
}

process.exitCode = await main()
