import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { PostgresAdapter, sql } from 'kysely'
import { config, type Config } from '~/config.server'
import type { Executor } from './executor'
import { checkedFileKey, isFileKey } from './file-key'
import type { FileStore } from './file-store'
import { nothingAfterCommit } from './file-store'
import { s3Files } from './s3-files.server'

// Uploaded files (catalogue images, QC photos, assets, the image playground's) are kept through this
// one interface, in one of three places chosen by FILE_STORAGE (app/config.server.ts):
// - `fs`: the folder UPLOADS_DIR, one file a key (the default on SQLite: one machine);
// - `database`: the stored_files table, written in the transaction of the row that names the file
//   (the default on PostgreSQL: several machines share nothing but the database, and a dump holds
//   the files with their rows);
// - `s3`: an S3-compatible object store (app/platform/s3-files.server.ts).
// A key is what the row names (`<uuid>.jpg`, `qc-<uuid>.jpg`, `assets/<key>.pdf`, ...): the same
// string in every backend, so files move between them unchanged (cli/files.ts).

export { nothingAfterCommit, type AfterCommit, type FileStore, type StoredFile } from './file-store'

/** A view of a Buffer's bytes (no copy) that a Response takes as its body. */
export const bodyOf = (bytes: Uint8Array): Uint8Array<ArrayBuffer> =>
  new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)

/** The folder UPLOADS_DIR, a file a key (`area/name` in a subfolder). */
export function folderFiles(root: string): FileStore {
  const where = (key: string) => path.join(root, checkedFileKey(key))
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'
  const unlink = (keys: string[]) => Promise.all(keys.map((key) => fsp.rm(where(key), { force: true }))).then(() => {})
  return {
    backend: 'fs',
    async put(_trx, key, bytes) {
      const file = where(key)
      await fsp.mkdir(path.dirname(file), { recursive: true })
      // Keys are new random names: `wx` refuses to overwrite one, should two ever meet.
      await fsp.writeFile(file, bytes, { mode: 0o640, flag: 'wx' })
    },
    async open(_db, key) {
      // A key no upload makes names no file (never a path outside the folder).
      if (!isFileKey(key)) return null
      let handle: fsp.FileHandle
      try {
        handle = await fsp.open(where(key), 'r')
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
      try {
        const { size } = await handle.stat()
        // The handle is read from and closed by the stream: a file deleted meanwhile is still read whole.
        const stream = handle.createReadStream({ highWaterMark: 256 * 1024 })
        return { size, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> }
      } catch (error) {
        await handle.close()
        throw error
      }
    },
    async read(_db, key) {
      if (!isFileKey(key)) return null
      try {
        return await fsp.readFile(where(key))
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async exists(_db, key) {
      return isFileKey(key) && fs.existsSync(where(key))
    },
    async remove(_trx, keys) {
      keys.forEach(checkedFileKey)
      return () => unlink(keys)
    },
    discard: (_db, keys) => unlink(keys),
    abandon: (_db, keys) => unlink(keys),
    async list(_db, options = {}) {
      const before = options.before?.getTime() ?? Infinity
      const keys: string[] = []
      const walk = async (dir: string, prefix: string) => {
        const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((error) => {
          if (missing(error)) return []
          throw error
        })
        for (const entry of entries) {
          const key = prefix + entry.name
          if (entry.isDirectory() && !prefix) await walk(path.join(dir, entry.name), `${entry.name}/`)
          else if (entry.isFile() && isFileKey(key)) {
            const stat = await fsp.stat(path.join(dir, entry.name)).catch(() => null)
            if (stat && stat.mtimeMs < before) keys.push(key)
          }
        }
      }
      await walk(root, '')
      return keys.sort()
    },
  }
}

/** The stored_files table: a file is written and deleted in the transaction of the row naming it. */
export function databaseFiles(): FileStore {
  return {
    backend: 'database',
    async put(trx, key, bytes, contentType) {
      await trx
        .insertInto('stored_files')
        .values({
          key: checkedFileKey(key),
          content_type: contentType,
          size: bytes.byteLength,
          bytes,
          created_at: new Date().toISOString(),
        })
        .execute()
    },
    async open(db, key) {
      const bytes = await this.read(db, key)
      return bytes ? { size: bytes.byteLength, body: bodyOf(bytes) } : null
    },
    async read(db, key) {
      // PostgreSQL sends bytea as hex text (pg has no binary results): twice the size, and a 5 MB
      // image took 70 ms to read that way against 41 ms as base64, which Node decodes natively.
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        const row = await db
          .selectFrom('stored_files')
          .select(sql<string>`encode(bytes, 'base64')`.as('base64'))
          .where('key', '=', key)
          .executeTakeFirst()
        return row ? Buffer.from(row.base64, 'base64') : null
      }
      const row = await db.selectFrom('stored_files').select('bytes').where('key', '=', key).executeTakeFirst()
      return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null
    },
    async exists(db, key) {
      return Boolean(await db.selectFrom('stored_files').select('key').where('key', '=', key).executeTakeFirst())
    },
    async remove(trx, keys) {
      await this.discard(trx, keys)
      return nothingAfterCommit
    },
    async abandon() {},
    async discard(db, keys) {
      // In slices: SQLite takes at most 32,766 parameters a statement.
      for (let i = 0; i < keys.length; i += 500)
        await db
          .deleteFrom('stored_files')
          .where('key', 'in', keys.slice(i, i + 500))
          .execute()
    },
    async list(db, options = {}) {
      let query = db.selectFrom('stored_files').select('key').orderBy('key')
      if (options.before) query = query.where('created_at', '<', options.before.toISOString())
      return (await query.execute()).map((row) => row.key)
    },
  }
}

/** The store a configuration names. */
export function fileStoreOf(cfg: Pick<Config, 'fileStorage' | 'uploadsDir' | 's3'>): FileStore {
  if (cfg.fileStorage === 'database') return databaseFiles()
  if (cfg.fileStorage === 's3') {
    if (!cfg.s3) throw new Error('FILE_STORAGE=s3 without its S3 settings')
    return s3Files(cfg.s3)
  }
  return folderFiles(cfg.uploadsDir)
}

declare global {
  var __files: { config: Config; store: FileStore } | undefined
}

/** The process's file store, as its configuration says (made again when the configuration is read anew, as tests do). */
export function fileStore(): FileStore {
  const cfg = config()
  if (globalThis.__files?.config !== cfg) globalThis.__files = { config: cfg, store: fileStoreOf(cfg) }
  return globalThis.__files.store
}

// The types the app's keys end in (each derived from the checked bytes when the file was taken),
// for a store that keeps a type beside the bytes when files move from the folder, which keeps none.
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  mp4: 'video/mp4',
}
export const contentTypeOfKey = (key: string) =>
  TYPE_OF_EXTENSION[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream'

/**
 * Copies every file of one store that the other lacks (cli/files.ts): idempotent, so a copy that
 * stopped half way is run again. The source is left as it was.
 */
export async function copyFiles(
  db: Executor,
  from: FileStore,
  to: FileStore,
  log: (line: string) => void = () => {},
): Promise<{ copied: number; present: number }> {
  let copied = 0
  let present = 0
  for (const key of await from.list(db)) {
    if (await to.exists(db, key)) {
      present++
      continue
    }
    const bytes = await from.read(db, key)
    // Deleted meanwhile (the sweep, a removal): nothing to copy.
    if (!bytes) continue
    await to.put(db, key, bytes, contentTypeOfKey(key))
    copied++
    if (copied % 500 === 0) log(`${copied} copied…`)
  }
  return { copied, present }
}
