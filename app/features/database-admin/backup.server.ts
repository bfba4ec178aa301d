import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sqlitePathFromUrl } from '#db/database'
import type { DatabaseHandle } from '#db/database'

// Backups of the embedded SQLite database: taken online with SQLite's backup API (the app keeps
// serving), and restored from an uploaded backup in two steps: the upload is checked and staged,
// then, once confirmed, a copy of the current database is kept and the backup's rows replace the
// current ones in one transaction. PostgreSQL is backed up by its operator (pg_dump).

type SqliteHandle = Extract<DatabaseHandle, { kind: 'sqlite' }>

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

/**
 * Checks a staged upload before anything is replaced: a SQLite file that passes its integrity check
 * and holds this version's schema exactly (the same migrations applied). Its problem, or what it holds.
 */
export function checkStaged(handle: SqliteHandle, databaseUrl: string, id: string): { ok: true; summary: StagedSummary } | { ok: false; problem: string } {
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
  if (!head.equals(HEADER)) return { ok: false, problem: 'That file is not a SQLite database: upload a backup downloaded from this page.' }
  let backup: SQLite.Database | undefined
  try {
    backup = new SQLite(file, { readonly: true, fileMustExist: true })
    const integrity = (backup.pragma('integrity_check(5)') as { integrity_check: string }[]).map((r) => r.integrity_check)
    if (integrity.join() !== 'ok') return { ok: false, problem: `That backup is damaged (${integrity[0]}): it cannot be restored.` }
    const hasMigrations = backup.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get()
    if (!hasMigrations) return { ok: false, problem: 'That database was not made by this app (it has no migration record).' }
    const theirs = (backup.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)
    const ours = (handle.sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)
    if (theirs.join('\n') !== ours.join('\n')) {
      const missing = ours.filter((m) => !theirs.includes(m))
      const extra = theirs.filter((m) => !ours.includes(m))
      return { ok: false, problem: `That backup is of another version of the schema (${missing.length ? `it lacks ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `it has ${extra.join(', ')}, which this version does not` : ''}): restore it with the version that made it.` }
    }
    const count = (table: string) => Number((backup!.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n)
    return {
      ok: true,
      summary: {
        id,
        bytes: fs.statSync(file).size,
        migrations: theirs.length,
        lastMigration: theirs.at(-1) ?? null,
        counts: [
          { label: 'Users', rows: count('users') },
          { label: 'Buyers', rows: count('buyers') },
          { label: 'Sellers', rows: count('sellers') },
          { label: 'Master orders', rows: count('master_orders') },
          { label: 'Audit entries', rows: count('audit_events') },
        ],
      },
    }
  } catch {
    return { ok: false, problem: 'That file could not be read as a SQLite database.' }
  } finally {
    backup?.close()
  }
}

/**
 * Replaces the live database's rows with the staged backup's, after keeping a copy of the current
 * database: one transaction (readers see the old rows or the new, never a mix; writers wait). The
 * copy's path is returned.
 */
export async function restoreStaged(handle: SqliteHandle, databaseUrl: string, id: string): Promise<{ keptAs: string }> {
  const checked = checkStaged(handle, databaseUrl, id)
  if (!checked.ok) throw new Error(checked.problem)
  const keptAs = await takeBackup(handle, databaseUrl, 'before-restore')
  const sqlite = handle.sqlite
  const file = stagedPath(databaseUrl, id)
  // Holding Kysely's one connection: no transaction of the app is half-way through meanwhile.
  await handle.db.connection().execute(async () => {
  sqlite.prepare('attach database ? as restored').run(file)
  // Foreign keys are off while rows go in (a delete would otherwise cascade into rows already
  // restored); they are checked as a whole before the transaction commits.
  sqlite.pragma('foreign_keys = off')
  try {
    const tables = (sqlite.prepare("select name from main.sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map((r) => r.name)
    const hasSequence = Boolean(sqlite.prepare("select 1 from main.sqlite_master where name = 'sqlite_sequence'").get())
    sqlite.transaction(() => {
      for (const table of tables) {
        const quoted = `"${table.replace(/"/g, '""')}"`
        const columns = (sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', ')
        sqlite.prepare(`delete from main.${quoted}`).run()
        sqlite.prepare(`insert into main.${quoted} (${columns}) select ${columns} from restored.${quoted}`).run()
      }
      if (hasSequence) {
        sqlite.prepare('delete from main.sqlite_sequence').run()
        sqlite.prepare('insert into main.sqlite_sequence (name, seq) select name, seq from restored.sqlite_sequence').run()
      }
      const broken = sqlite.pragma('main.foreign_key_check') as unknown[]
      if (broken.length) throw new Error(`the backup's rows break ${broken.length} foreign keys: nothing was restored`)
    }).immediate()
  } finally {
    sqlite.pragma('foreign_keys = on')
    sqlite.prepare('detach database restored').run()
  }
  })
  fs.rmSync(file, { force: true })
  return { keptAs }
}
