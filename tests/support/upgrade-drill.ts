// The rolling-upgrade drill (npm test's PostgreSQL pass, after the smoke journey; docs/operations.md
// "Upgrades"): the previous release (releases/previous) is built from git, started on an empty
// database (it migrates to its schema and loads the demo data), this release's migrations are
// applied under it while it serves, and the previous release's own smoke journey then runs against
// it; last, it is restarted once on the new schema.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { E2E_SESSION_SECRET, TEST_PASSWORD_HASH_COST } from './paths'
import { createDatabaseOn, dropDatabaseOn, freePort, uniqueName } from './postgres'
import { missingHistory, previousRelease } from './previous-release'

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * Runs a command to its end with the output shown; throws when it fails. Never synchronously: the
 * old server's output is read by this process meanwhile (a full pipe would stall it).
 */
function step(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (${signal ?? `exit ${code}`})`)),
    )
  })
}

/** What decides node_modules: the lock file and the patches patch-package applies after installing. */
function dependencyFingerprint(root: string): string {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(root, 'package-lock.json')))
  const patches = path.join(root, 'patches')
  if (fs.existsSync(patches))
    for (const name of fs.readdirSync(patches).sort())
      hash.update(name).update(fs.readFileSync(path.join(patches, name)))
  return hash.digest('hex')
}

interface OldServer {
  child: ChildProcess
  output: () => string
  /** Resolves when it serves, or with its exit code when it ends first. */
  started: Promise<'serving' | number>
  stop: () => Promise<void>
}

/** The previous release's `node server.js`, set up as playwright.postgres.config.ts sets up its server. */
function startOldServer(dir: string, port: number, databaseUrl: string): OldServer {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: E2E_SESSION_SECRET,
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    WORKER: 'false',
  }
  // This process's own test settings would point the old release elsewhere.
  for (const name of ['NODE_ENV', 'MIGRATIONS_DIR', 'TEST_POSTGRES_URL', 'TEST_POSTGRES_TEMPLATE']) delete env[name]
  const child = spawn(process.execPath, ['server.js'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const started = new Promise<'serving' | number>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk
      if (/is serving on/.test(output)) resolve('serving')
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  return {
    child,
    output: () => output,
    started,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

async function waitFor(server: OldServer, what: string, ms: number): Promise<'serving' | number> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not serving after ${seconds(ms)}:\n${server.output()}`)), ms)
  })
  try {
    return await Promise.race([server.started, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The previous release's smoke journey, by its own Playwright (its spec files import its
 * @playwright/test), with the settings of this tree's PostgreSQL smoke config (browser launch
 * options included) but no server of its own: baseURL is the old server.
 */
async function runOldSmoke(dir: string, port: number, databaseUrl: string): Promise<void> {
  // The smoke config refuses to load without the database its own server would use.
  process.env.E2E_DATABASE_URL ??= databaseUrl
  const smoke = (await import('../../playwright.postgres.config')).default
  const config = {
    ...smoke,
    webServer: undefined,
    testDir: path.join(dir, 'tests/e2e-postgres'),
    outputDir: path.join(dir, 'test-results'),
    use: { ...smoke.use, baseURL: `http://localhost:${port}` },
    projects: smoke.projects?.map((p) => ({ ...p, name: `previous-release-${p.name}` })),
  }
  const file = path.join(dir, 'playwright.upgrade-drill.config.mjs')
  fs.writeFileSync(
    file,
    `import { defineConfig } from '@playwright/test'\nexport default defineConfig(${JSON.stringify(config, null, 2)})\n`,
  )
  await step(path.join(dir, 'node_modules/.bin/playwright'), ['test', '--config', file], dir, {
    E2E_DATABASE_URL: databaseUrl,
  })
}

/** 0 when the drill passed (or was skipped outside CI without git history), 1 when it failed. */
export async function upgradeDrill(adminUrl: string): Promise<number> {
  const previous = previousRelease()
  const short = previous.commit.slice(0, 7)
  const missing = missingHistory(previous.commit)
  if (missing) {
    console.log(`Upgrade drill ${process.env.CI === 'true' ? 'FAILED' : 'skipped'}: ${missing}.`)
    return process.env.CI === 'true' ? 1 : 0
  }
  console.log(`\nUpgrade drill: the previous release ${short} (${previous.why}) on this release's schema`)
  const times: string[] = []
  let mark = Date.now()
  const took = (what: string) => {
    times.push(`${what} ${seconds(Date.now() - mark)}`)
    mark = Date.now()
  }
  const began = Date.now()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `platform-release-${short}-`))
  const name = uniqueName('platform_upgrade')
  let server: OldServer | undefined
  try {
    await step('sh', ['-c', `git archive --format=tar ${previous.commit} | tar -x -C '${dir}'`], process.cwd())
    took('extract')
    if (dependencyFingerprint(dir) === dependencyFingerprint(process.cwd())) {
      fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'))
    } else {
      console.log(`${short} has other dependencies (package-lock.json or patches/): npm ci there`)
      await step('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], dir)
    }
    took('dependencies')
    await step('npm', ['run', 'build', '--silent'], dir, { NODE_ENV: 'production' })
    took('build')

    const url = await createDatabaseOn(adminUrl, name)
    const port = await freePort()
    server = startOldServer(dir, port, url)
    if ((await waitFor(server, `${short} on an empty database`, 240_000)) !== 'serving')
      throw new Error(`${short} did not start on an empty database:\n${server.output()}`)
    took('old release migrates and loads the demo data')

    // This release migrates while the old one serves (docs/operations.md "Upgrades", step 3).
    const handle = createDatabase(url)
    let applied: string[]
    try {
      applied = (await migrateToLatest(handle.db)).applied
    } finally {
      await handle.db.destroy()
    }
    console.log(
      applied.length
        ? `Applied this release's ${applied.length} new migration(s) under ${short}: ${applied.join(', ')}`
        : `This release has no migration ${short} lacks: the schema is the same.`,
    )
    took('new migrations')

    await runOldSmoke(dir, port, url)
    took(`${short}'s smoke journey`)

    // A machine of the old release restarting mid-rollout (or a code rollback) meets the new schema.
    await server.stop()
    server = startOldServer(dir, port, url)
    const restart = await waitFor(server, `${short} restarted on the new schema`, 120_000)
    // Releases that name their own predecessor (issue 41 on) start on a newer schema; older ones
    // stop in Kysely's check, which the drill confirms rather than hides.
    const tolerant = fs.existsSync(path.join(dir, 'releases/previous'))
    if (restart === 'serving') {
      const page = await fetch(`http://localhost:${port}/login`)
      if (page.status !== 200) throw new Error(`${short} restarted but /login answers ${page.status}`)
      if (applied.length && !/The database is ahead of this release/.test(server.output()))
        throw new Error(`${short} restarted on a newer schema without saying so:\n${server.output()}`)
      console.log(`${short} restarted on the new schema and serves.`)
    } else if (!tolerant && applied.length && /previously executed migration \S+ is missing/.test(server.output())) {
      console.log(
        `${short} refuses to restart on the new schema, as expected of a release before start-up learnt to serve on a newer one (it has no releases/previous): its running processes serve on (the journey above), and a machine of it that must restart during this upgrade gets the new release instead. Its words: ${server.output().trim().split('\n').at(-1)}`,
      )
    } else {
      throw new Error(`${short} did not restart on the new schema (exit ${restart}):\n${server.output()}`)
    }
    took('restart')
    console.log(`Upgrade drill passed in ${seconds(Date.now() - began)} (${times.join(', ')}).`)
    return 0
  } catch (error) {
    console.log(`Upgrade drill FAILED: ${(error as Error).message}`)
    return 1
  } finally {
    await server?.stop()
    await dropDatabaseOn(adminUrl, name)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
