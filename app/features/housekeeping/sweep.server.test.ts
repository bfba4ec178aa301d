import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getDb } from '~/db.server'
import { folderFiles } from '~/platform/files.server'
import { userIdOf } from '../../../tests/support/db'
import { demoEmail } from '../../../seed/demo-users'
import { GRACE_MS, KEEP_BEFORE_RESTORE, sweepFiles } from './sweep.server'

// Files that outlive their rows are swept; files a row names, young files and files of no known
// kind are kept. On SQLite and PostgreSQL alike (the rows are read with Kysely).

const UUID = (n: number) => `0000000${n}-1111-4222-8333-444444444444`
const KEY = (n: number) => `${String(n).padStart(22, 'k')}.png`

describe('the sweep of files whose rows are gone', () => {
  it('removes orphan uploads and old copies of the database, keeps every file a row names, and does it again for nothing', async () => {
    const db = getDb()
    const now = new Date()
    const old = new Date(now.getTime() - GRACE_MS - 60_000)
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'))
    const backups = path.join(root, 'backups')
    fs.mkdirSync(path.join(root, 'uploads', 'assets'), { recursive: true })
    fs.mkdirSync(path.join(root, 'uploads', 'playground'), { recursive: true })
    fs.mkdirSync(path.join(backups, 'staged'), { recursive: true })
    const uploads = path.join(root, 'uploads')
    const write = (file: string, at = old) => {
      fs.writeFileSync(file, 'x')
      fs.utimesSync(file, at, at)
    }

    // Files with rows: a QC photo and its thumbnail, a catalogue image, an asset, a playground image.
    const photo = await db
      .selectFrom('qc_photos')
      .select(['storage_key', 'thumb_key'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const user = await userIdOf(demoEmail('admin'))
    const at = now.toISOString()
    await db
      .insertInto('images')
      .values({
        storage_key: `${UUID(1)}.webp`,
        content_type: 'image/webp',
        byte_size: 1,
        width: 1,
        height: 1,
        original_name: null,
        uploaded_by: null,
        created_at: at,
      })
      .execute()
    await db
      .insertInto('assets')
      .values({
        storage_key: KEY(1),
        name: 'a.png',
        name_key: 'a.png',
        content_type: 'image/png',
        kind: 'image',
        byte_size: 1,
        width: 1,
        height: 1,
        uploaded_by: user,
        created_at: at,
      })
      .execute()
    await db
      .insertInto('playground_images')
      .values({
        user_id: user,
        storage_key: KEY(2),
        original_name: 'p.png',
        format: 'png',
        width: 1,
        height: 1,
        byte_size: 1,
        created_at: at,
      })
      .execute()
    const kept = [
      path.join(uploads, photo.storage_key),
      path.join(uploads, photo.thumb_key),
      path.join(uploads, `${UUID(1)}.webp`),
      path.join(uploads, 'assets', KEY(1)),
      path.join(uploads, 'playground', KEY(2)),
    ]
    // Orphans: a removed QC photo with its thumbnail, an image, an asset and a playground image no row names.
    const orphans = [
      path.join(uploads, `qc-${UUID(2)}.jpg`),
      path.join(uploads, `qc-${UUID(2)}-thumb.jpg`),
      path.join(uploads, `${UUID(3)}.png`),
      path.join(uploads, 'assets', KEY(3)),
      path.join(uploads, 'playground', KEY(4)),
    ]
    // Kept although no row names them: one written a moment ago (its row may not be committed yet) and files of no known kind.
    const young = path.join(uploads, `qc-${UUID(4)}.jpg`)
    const foreign = [path.join(uploads, 'README.txt'), path.join(uploads, 'assets', 'notes.txt')]
    for (const file of [...kept, ...orphans, ...foreign]) write(file)
    write(young, now)
    // Copies of the database: five taken before restores (the newest three stay), a download left behind, a staged upload.
    const copies = [1, 2, 3, 4, 5].map((d) =>
      path.join(backups, `before-restore-2026-11-0${d}T10-00-00-000Z-abcdef.db`),
    )
    for (const file of copies) write(file)
    const leftover = path.join(backups, 'backup-2026-11-01T10-00-00-000Z-abcdef.db')
    const downloading = path.join(backups, 'backup-2026-11-27T10-00-00-000Z-fedcba.db')
    const staged = path.join(backups, 'staged', `${'a'.repeat(32)}.db`)
    write(leftover)
    write(downloading, now)
    write(staged)

    const swept = await sweepFiles(db, { files: folderFiles(uploads), backupsDir: backups, now })
    expect(swept).toEqual({ uploads: 3, assets: 1, playground: 1, backups: 5 - KEEP_BEFORE_RESTORE + 2 })
    for (const file of orphans) expect(fs.existsSync(file), file).toBe(false)
    for (const file of [...kept, young, ...foreign, downloading]) expect(fs.existsSync(file), file).toBe(true)
    expect(copies.map((file) => fs.existsSync(file))).toEqual([false, false, true, true, true])
    expect(fs.existsSync(leftover)).toBe(false)
    expect(fs.existsSync(staged)).toBe(false)

    // Idempotent: a second run (or another process's) finds nothing more to remove.
    expect(await sweepFiles(db, { files: folderFiles(uploads), backupsDir: backups, now })).toEqual({
      uploads: 0,
      assets: 0,
      playground: 0,
      backups: 0,
    })
    // When a QC photo's row goes, its files go at the next sweep.
    await db.deleteFrom('qc_photos').where('storage_key', '=', photo.storage_key).execute()
    expect((await sweepFiles(db, { files: folderFiles(uploads), backupsDir: null, now })).uploads).toBe(2)
    expect(fs.existsSync(kept[0]!)).toBe(false)
    expect(fs.existsSync(kept[1]!)).toBe(false)
    fs.rmSync(root, { recursive: true, force: true })
  })
})
