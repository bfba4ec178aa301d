import fs from 'node:fs'
import SQLite from 'better-sqlite3'
import { getDatabase, getDb } from '~/db.server'
import { viewerFor } from '../../../tests/support/db'
import { backupsDir, checkStaged, newStagedFile, takeBackup } from './backup.server'
import { databaseHealth, integrityCheck } from './health.server'
import { backupDownload, databasePage, restore, stageAnswer } from './pages.server'

const url = () => process.env.DATABASE_URL!
const sqliteOnly = process.env.TEST_POSTGRES_URL ? it.skip : it

describe('the database’s health', () => {
  it('names the engine, the schema’s migrations (none pending) and every table with its rows', async () => {
    const health = await databaseHealth(getDatabase(), url(), { sizes: true })
    const files = fs.readdirSync('migrations').filter((f) => f.endsWith('.js'))
    expect(health.migrations.map((m) => m.name)).toEqual(files.map((f) => f.replace(/\.js$/, '')).sort())
    expect(health.pending).toEqual([])
    const users = health.tables.find((t) => t.name === 'users')!
    if (health.engine === 'SQLite') {
      expect(users.rows).toBe(Number((await getDb().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n))
      expect(users.bytes).toBeGreaterThan(0)
    } else expect(users.estimated).toBe(true)
    expect(health.tables.some((t) => t.name.startsWith('kysely_'))).toBe(false)
    expect(health.version).toMatch(/^\d+\.\d+/)
  })

  it('runs the integrity check and finds the database sound', async () => {
    const result = await integrityCheck(getDatabase())
    expect(result.ok).toBe(true)
    expect(result.lines.at(-1)).toBe('Schema: every migration of this version is applied.')
  })
})

describe('backup and restore (SQLite)', () => {
  sqliteOnly('a backup downloads as a SQLite file while the app serves', async () => {
    const response = await backupDownload(getDatabase(), url(), await viewerFor('admin'))
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="backup-.*\.db"$/)
  })

  sqliteOnly('the drill: back up, change data, restore; the change is gone, the previous file is kept, the app still serves', async () => {
    const handle = getDatabase()
    if (handle.kind !== 'sqlite') return
    const admin = await viewerFor('admin')
    const backup = await takeBackup(handle, url())
    const before = await getDb().selectFrom('categories').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow()
    await getDb().updateTable('categories').set({ name: 'Changed after the backup' }).where('id', '=', before.id).execute()
    const staged = newStagedFile(url())
    fs.copyFileSync(backup, staged.file)
    const answer = stageAnswer(handle, url(), { id: staged.id })
    expect(answer).toMatchObject({ intent: 'stage', summary: { id: staged.id, counts: expect.arrayContaining([expect.objectContaining({ label: 'Users' })]) } })
    const form = (fields: Record<string, string>) => new URLSearchParams(fields) as unknown as FormData
    expect(await restore(handle, url(), admin, form({ stagedId: staged.id, confirm: 'yes' }))).toEqual({ intent: 'restore', problem: 'Type RESTORE to confirm: everything changed since the backup is lost.' })
    const done = await restore(handle, url(), admin, form({ stagedId: staged.id, confirm: 'RESTORE' }))
    expect(done).toMatchObject({ done: expect.stringMatching(/^before-restore-.*\.db$/) })
    expect((await getDb().selectFrom('categories').select('name').where('id', '=', before.id).executeTakeFirstOrThrow()).name).toBe(before.name)
    const kept = new SQLite(`${backupsDir(url())}/${(done as { done: string }).done}`, { readonly: true })
    expect((kept.prepare('select name from categories where id = ?').get(before.id) as { name: string }).name).toBe('Changed after the backup')
    kept.close()
    expect((await integrityCheck(handle)).ok).toBe(true)
    const entry = await getDb().selectFrom('audit_events').select(['action', 'actor_user_id', 'note']).where('action', '=', 'database.restored').executeTakeFirstOrThrow()
    expect(entry.action).toBe('database.restored')
    expect(fs.existsSync(staged.file)).toBe(false)
    const page = await databasePage(handle, url(), new URL('http://localhost/admin/databases/manage'))
    expect(page.kept.map((k) => k.name)).toContain((done as { done: string }).done)
  })

  sqliteOnly('refuses an upload that is not a backup of this app and version, before replacing anything', async () => {
    const handle = getDatabase()
    if (handle.kind !== 'sqlite') return
    const stage = (write: (file: string) => void) => {
      const staged = newStagedFile(url())
      write(staged.file)
      return stageAnswer(handle, url(), { id: staged.id })
    }
    expect(stage((file) => fs.writeFileSync(file, '<html><script>alert(1)</script></html>'))).toEqual({ intent: 'stage', problem: 'That file is not a SQLite database: upload a backup downloaded from this page.' })
    expect(stage((file) => new SQLite(file).exec('create table notes (x text)').close())).toEqual({ intent: 'stage', problem: 'That database was not made by this app (it has no migration record).' })
    const other = stage((file) => {
      fs.copyFileSync(handle.sqlite.name, file)
      const db = new SQLite(file)
      db.exec("delete from kysely_migration where name = (select max(name) from kysely_migration); insert into kysely_migration (name, timestamp) values ('29990101000000_future', '2999-01-01')")
      db.close()
    })
    expect(other).toMatchObject({ intent: 'stage', problem: expect.stringMatching(/^That backup is of another version of the schema \(it lacks .*; it has 29990101000000_future/) })
    const damaged = stage((file) => {
      const good = fs.readFileSync(handle.sqlite.name)
      fs.writeFileSync(file, good.subarray(0, Math.floor(good.length / 3)))
    })
    expect(damaged).toMatchObject({ intent: 'stage', problem: expect.stringMatching(/damaged|could not be read/) })
    expect(checkStaged(handle, url(), '../../etc/passwd')).toEqual({ ok: false, problem: 'That upload is no longer here: upload the backup again.' })
    expect(stageAnswer(handle, url(), { problem: 'Choose the backup file to upload.' })).toEqual({ intent: 'stage', problem: 'Choose the backup file to upload.' })
  })
})
