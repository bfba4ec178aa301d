import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '#db/database'
import type { FileStore } from '~/platform/files.server'

// Files that outlive their rows are swept (issue 35): an uploaded file whose row is gone (a QC photo
// taken off an inspection, a replaced catalogue image, a deleted asset, a playground image dropped
// past the per-user limit), and copies of the database past their retention. It only deletes what
// no row names, and only once it is older than GRACE_MS (an upload writes its file just before the
// transaction that records it commits; on the database file store in that transaction, where the
// sweep only catches rows deleted without their files, such as by a cascade), so it is idempotent
// and safe to run in several processes at once. It works on whichever file store is configured
// (the folder, the database, the bucket). The housekeeping worker runs it at start-up and daily (app/features/outbox).

/** A file this young is never swept: its row may be in a transaction that has not committed yet. */
export const GRACE_MS = 60 * 60_000
/** `before-restore-*` copies kept: the newest three (docs/operations.md). */
export const KEEP_BEFORE_RESTORE = 3
/** A `backup-*` download left on disk (the process stopped while sending it) goes after an hour. */
export const DOWNLOAD_LEFTOVER_MS = 60 * 60_000

// The keys each area gives its files (never a user's file name): anything else is left alone.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const CATALOGUE_IMAGE = new RegExp(`^${UUID}\\.[a-z0-9]{2,5}$`)
const QC_PHOTO = new RegExp(`^qc-${UUID}(-thumb)?\\.jpg$`)
const STORED_KEY = '[A-Za-z0-9_-]{22}\\.[a-z0-9]{2,5}'
const ASSET = new RegExp(`^assets/${STORED_KEY}$`)
const PLAYGROUND = new RegExp(`^playground/${STORED_KEY}$`)
const STAGED = /^[a-f0-9]{32}\.db$/

export interface SweepOptions {
  /** Where the uploaded files are (app/platform/files.server.ts): the folder, the database or the bucket. */
  files: FileStore
  /** The SQLite database's backups folder; null on PostgreSQL. */
  backupsDir: string | null
  now?: Date
}

export interface SweepResult {
  uploads: number
  assets: number
  playground: number
  backups: number
}

async function filesOf(dir: string, pattern: RegExp, olderThan: number): Promise<string[]> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch {
    return []
  }
  const old: string[] = []
  for (const name of names) {
    if (!pattern.test(name)) continue
    const stat = await fs.stat(path.join(dir, name)).catch(() => null)
    if (stat?.isFile() && stat.mtimeMs < olderThan) old.push(name)
  }
  return old
}

/** The stored files' keys no row names (the rows are read after the files are listed). */
async function unnamed(candidates: string[], named: () => Promise<Iterable<string>>): Promise<string[]> {
  if (!candidates.length) return []
  const keep = new Set(await named())
  return candidates.filter((key) => !keep.has(key))
}

export async function sweepFiles(db: Database, options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? new Date()
  const stored = await options.files.list(db, { before: new Date(now.getTime() - GRACE_MS) })
  const of = (pattern: RegExp) => stored.filter((key) => pattern.test(key))
  const uploads = await unnamed(
    stored.filter((key) => CATALOGUE_IMAGE.test(key) || QC_PHOTO.test(key)),
    async () => {
      const images = await db.selectFrom('images').select('storage_key').execute()
      const photos = await db.selectFrom('qc_photos').select(['storage_key', 'thumb_key']).execute()
      return [...images.map((r) => r.storage_key), ...photos.flatMap((r) => [r.storage_key, r.thumb_key])]
    },
  )
  const assets = await unnamed(of(ASSET), async () =>
    (await db.selectFrom('assets').select('storage_key').execute()).map((r) => `assets/${r.storage_key}`),
  )
  const playground = await unnamed(of(PLAYGROUND), async () =>
    (await db.selectFrom('playground_images').select('storage_key').execute()).map(
      (r) => `playground/${r.storage_key}`,
    ),
  )
  await options.files.discard(db, [...uploads, ...assets, ...playground])
  let backups = 0
  if (options.backupsDir) {
    const dir = options.backupsDir
    // The stamp in the name sorts by time: the newest copies are the last names.
    const copies = (await filesOf(dir, /^before-restore-.*\.db$/, Infinity)).sort()
    const leftovers = await filesOf(dir, /^backup-.*\.db$/, now.getTime() - DOWNLOAD_LEFTOVER_MS)
    const staged = await filesOf(path.join(dir, 'staged'), STAGED, now.getTime() - 60 * 60_000)
    for (const name of [...copies.slice(0, Math.max(0, copies.length - KEEP_BEFORE_RESTORE)), ...leftovers]) {
      await fs.rm(path.join(dir, name), { force: true })
      backups++
    }
    for (const name of staged) {
      await fs.rm(path.join(dir, 'staged', name), { force: true })
      backups++
    }
  }
  return { uploads: uploads.length, assets: assets.length, playground: playground.length, backups }
}
