import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { sqlitePathFromUrl } from '#db/database'
import type { DatabaseHandle } from '#db/database'

// Backups of the embedded SQLite database: taken online with SQLite's backup API (the app keeps
// serving), and restored from an uploaded backup in two steps: the upload is checked and staged,
// then, once confirmed, a copy of the current database is kept and the backup's rows replace the
// current ones in one transaction (restore.server.ts). PostgreSQL is backed up by its operator (pg_dump).

export type SqliteHandle = Extract<DatabaseHandle, { kind: 'sqlite' }>

/** Where backups and staged restores are kept: beside the database file. */
export const backupsDir = (databaseUrl: string) => path.join(path.dirname(sqlitePathFromUrl(databaseUrl)), 'backups')
const stagingDir = (databaseUrl: string) => path.join(backupsDir(databaseUrl), 'staged')
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

/** A consistent copy of the live database, taken page by page while the app serves; returns its path. */
export async function takeBackup(handle: SqliteHandle, databaseUrl: string, prefix = 'backup'): Promise<string> {
  const dir = backupsDir(databaseUrl)
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${prefix}-${stamp()}-${crypto.randomBytes(3).toString('hex')}.db`)
  await handle.sqlite.backup(file)
  return file
}

const STAGED_ID = /^[a-f0-9]{32}$/
export const stagedPath = (databaseUrl: string, id: string) => {
  if (!STAGED_ID.test(id)) throw new Error('not a staged backup id')
  return path.join(stagingDir(databaseUrl), `${id}.db`)
}

/** A file to stream an upload into; its id names it in the confirmation form. */
export function newStagedFile(databaseUrl: string): { id: string; file: string } {
  fs.mkdirSync(stagingDir(databaseUrl), { recursive: true })
  const id = crypto.randomBytes(16).toString('hex')
  return { id, file: stagedPath(databaseUrl, id) }
}

export function discardStaged(databaseUrl: string, id: string) {
  if (STAGED_ID.test(id)) fs.rmSync(stagedPath(databaseUrl, id), { force: true })
}

/** Staged uploads older than an hour are dropped. */
export function sweepStaged(databaseUrl: string, olderThanMs = 3_600_000) {
  const dir = stagingDir(databaseUrl)
  if (!fs.existsSync(dir)) return
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name)
    if (Date.now() - fs.statSync(file).mtimeMs > olderThanMs) fs.rmSync(file, { force: true })
  }
}

export interface StagedSummary {
  id: string
  bytes: number
  migrations: number
  lastMigration: string | null
  counts: { label: string; rows: number }[]
}

const HEADER = Buffer.from('SQLite format 3\u0000', 'latin1')

/** How long the check of an uploaded backup may take before it is stopped and the backup refused. */
export const CHECK_LIMIT_MS = 10_000

type Checked = { ok: true; summary: StagedSummary } | { ok: false; problem: string }

/** The schema as sqlite_master reports it: every table and index with its SQL (the engine's own rows apart). */
export interface SchemaRow {
  type: string
  name: string
  tbl_name: string
  sql: string | null
}
const liveSchema = (handle: SqliteHandle): SchemaRow[] =>
  handle.sqlite
    .prepare(
      "select type, name, tbl_name, sql from main.sqlite_master where name not like 'sqlite\\_%' escape '\\' order by type, name",
    )
    .all() as SchemaRow[]

// The check runs in a child process of its own, killed when it runs over its time limit. Not a
// worker thread: a thread inside SQLite's C code (a recursive view, say) is not stopped by
// Worker.terminate(), and it keeps the process from exiting. Nothing of the upload is evaluated
// before its schema is known to be this database's exactly: no view, no trigger, no table,
// column or index that the live schema does not have.
const CHECKER = String.raw`
const SQLite = require(process.argv[1])
const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'))
const answer = (value) => process.stdout.write(JSON.stringify(value), () => process.exit(0))
;(() => {
let db
try {
  db = new SQLite(input.file, { readonly: true, fileMustExist: true })
  db.pragma('trusted_schema = off')
  const objects = db.prepare('select type, name, tbl_name, sql from sqlite_master order by type, name').all()
  const foreign = objects.filter((o) => o.type === 'view' || o.type === 'trigger')
  if (foreign.length) {
    const o = foreign[0]
    answer({ ok: false, problem: 'That backup holds a ' + o.type + ' (' + o.name + '), which this app’s database never has: it cannot be restored.' })
    return
  }
  const engine = objects.filter((o) => o.name.startsWith('sqlite_'))
  const odd = engine.find((o) => !(o.type === 'table' && /^sqlite_(sequence|stat[1-4])$/.test(o.name)) && !(o.type === 'index' && o.name.startsWith('sqlite_autoindex_') && o.sql === null))
  if (odd) {
    answer({ ok: false, problem: 'That backup holds ' + odd.name + ', which this app’s database never has: it cannot be restored.' })
    return
  }
  const theirsSchema = objects.filter((o) => !o.name.startsWith('sqlite_'))
  const migrationTable = theirsSchema.find((o) => o.name === 'kysely_migration')
  if (!migrationTable || migrationTable.type !== 'table') {
    answer({ ok: false, problem: 'That database was not made by this app (it has no migration record).' })
    return
  }
  let theirs
  try {
    theirs = db.prepare('select name from kysely_migration order by name').all().map((r) => String(r.name))
  } catch {
    answer({ ok: false, problem: 'That database was not made by this app (it has no migration record).' })
    return
  }
  const ours = input.migrations
  if (theirs.join('\n') !== ours.join('\n')) {
    const missing = ours.filter((m) => !theirs.includes(m))
    const extra = theirs.filter((m) => !ours.includes(m))
    answer({ ok: false, problem: 'That backup is of another version of the schema (' + (missing.length ? 'it lacks ' + missing.join(', ') : '') + (missing.length && extra.length ? '; ' : '') + (extra.length ? 'it has ' + extra.join(', ') + ', which this version does not' : '') + '): restore it with the version that made it.' })
    return
  }
  const key = (o) => o.type + ' ' + o.name
  const live = new Map(input.schema.map((o) => [key(o), o]))
  const got = new Map(theirsSchema.map((o) => [key(o), o]))
  for (const o of theirsSchema) {
    const here = live.get(key(o))
    if (!here) {
      answer({ ok: false, problem: 'That backup’s schema is not this database’s: it has the ' + o.type + ' ' + o.name + ', which this database does not. It cannot be restored.' })
      return
    }
    if (here.tbl_name !== o.tbl_name || here.sql !== o.sql) {
      answer({ ok: false, problem: 'That backup’s schema is not this database’s: its ' + o.type + ' ' + o.name + ' is not as here (columns or constraints differ). It cannot be restored.' })
      return
    }
  }
  for (const o of input.schema) {
    if (!got.has(key(o))) {
      answer({ ok: false, problem: 'That backup’s schema is not this database’s: it lacks the ' + o.type + ' ' + o.name + '. It cannot be restored.' })
      return
    }
  }
  const integrity = db.pragma('integrity_check(5)').map((r) => r.integrity_check)
  if (integrity.join() !== 'ok') {
    answer({ ok: false, problem: 'That backup is damaged (' + integrity[0] + '): it cannot be restored.' })
    return
  }
  const count = (table) => Number(db.prepare('select count(*) as n from "' + table + '"').get().n)
  answer({
    ok: true,
    migrations: theirs.length,
    lastMigration: theirs.length ? theirs[theirs.length - 1] : null,
    counts: [
      { label: 'Users', rows: count('users') },
      { label: 'Buyers', rows: count('buyers') },
      { label: 'Sellers', rows: count('sellers') },
      { label: 'Master orders', rows: count('master_orders') },
      { label: 'Audit entries', rows: count('audit_events') },
    ],
  })
} catch {
  answer({ ok: false, problem: 'That file could not be read as a SQLite database.' })
}
})()
`

const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3')

/** Runs the checker on a file in a child process; its answer, or a refusal when it runs over `limitMs`. */
function runChecker(
  file: string,
  input: { schema: SchemaRow[]; migrations: string[] },
  limitMs: number,
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=256', '-e', CHECKER, sqliteModule], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: {} as NodeJS.ProcessEnv,
    })
    let out = ''
    let settled = false
    const settle = (value: Record<string, unknown>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(value)
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      settle({
        ok: false,
        problem: `Checking that backup took longer than ${limitMs >= 1000 ? `${Math.round(limitMs / 1000)} seconds` : `${limitMs} ms`}, so it was stopped: it cannot be restored.`,
      })
    }, limitMs)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => (out += chunk))
    child.on('error', () => settle({ ok: false, problem: 'That backup could not be checked: try again.' }))
    child.on('close', () => {
      try {
        settle(JSON.parse(out) as Record<string, unknown>)
      } catch {
        settle({ ok: false, problem: 'That file could not be read as a SQLite database.' })
      }
    })
    child.stdin.on('error', () => undefined)
    child.stdin.end(JSON.stringify({ file, ...input }))
  })
}

/**
 * Checks a staged upload before anything is replaced, in a child process with a time limit: a
 * SQLite file of this app whose schema is the live one exactly (the same migrations, tables,
 * columns and indexes; no view or trigger) and that passes its integrity check. Its problem, or
 * what it holds.
 */
export async function checkStaged(
  handle: SqliteHandle,
  databaseUrl: string,
  id: string,
  limitMs = CHECK_LIMIT_MS,
): Promise<Checked> {
  let file: string
  try {
    file = stagedPath(databaseUrl, id)
  } catch {
    return { ok: false, problem: 'That upload is no longer here: upload the backup again.' }
  }
  if (!fs.existsSync(file)) return { ok: false, problem: 'That upload is no longer here: upload the backup again.' }
  const head = Buffer.alloc(16)
  const fd = fs.openSync(file, 'r')
  try {
    fs.readSync(fd, head, 0, 16, 0)
  } finally {
    fs.closeSync(fd)
  }
  if (!head.equals(HEADER))
    return { ok: false, problem: 'That file is not a SQLite database: upload a backup downloaded from this page.' }
  const migrations = (
    handle.sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]
  ).map((r) => r.name)
  const answer = await runChecker(file, { schema: liveSchema(handle), migrations }, limitMs)
  if (answer.ok !== true)
    return {
      ok: false,
      problem:
        typeof answer.problem === 'string' ? answer.problem : 'That file could not be read as a SQLite database.',
    }
  return {
    ok: true,
    summary: {
      id,
      bytes: fs.statSync(file).size,
      migrations: Number(answer.migrations),
      lastMigration: (answer.lastMigration as string | null) ?? null,
      counts: answer.counts as StagedSummary['counts'],
    },
  }
}
