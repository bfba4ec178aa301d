import fs from 'node:fs'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { demoEmail, DEMO_PASSWORD } from '../../../seed/demo-users'
import { getViewer } from '~/auth/session.server'
import { getDatabase, getDb } from '~/db.server'
import { hashApiToken } from '~/auth/api-tokens.server'
import { api, tokenFor } from '../../../tests/support/api'
import { cookieFor, userIdOf, viewerFor } from '../../../tests/support/db'
import { backupsDir, CHECK_LIMIT_MS, checkStaged, newStagedFile, takeBackup } from './backup.server'
import { RESTORE_CREDENTIALS } from './restore.server'
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
      expect(users.rows).toBe(
        Number(
          (
            await getDb()
              .selectFrom('users')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      )
      expect(users.bytes).toBeGreaterThan(0)
    } else expect(users.estimated).toBe(true)
    expect(health.tables.some((t) => t.name.startsWith('kysely_'))).toBe(false)
    expect(health.version).toMatch(/^\d+\.\d+/)
  })

  it('names the migrations a newer release has run, which this release does not know (a rolling upgrade)', async () => {
    const newer = '29991231000000_a_newer_release'
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${'2026-12-02T10:00:00.000Z'})`.execute(
      getDb(),
    )
    try {
      const health = await databaseHealth(getDatabase(), url(), { sizes: false })
      expect(health.ahead).toEqual([{ name: newer, appliedAt: '2026-12-02T10:00:00.000Z' }])
      expect(health.migrations.map((m) => m.name)).not.toContain(newer)
      expect(health.pending).toEqual([])
    } finally {
      await sql`delete from kysely_migration where name = ${newer}`.execute(getDb())
    }
    expect((await databaseHealth(getDatabase(), url(), { sizes: false })).ahead).toEqual([])
  })

  it('runs the integrity check and finds the database sound', async () => {
    const result = await integrityCheck(getDatabase())
    expect(result.ok).toBe(true)
    expect(result.lines.at(-1)).toBe('Schema: every migration of this version is applied.')
  })
})

describe('backup and restore (SQLite)', () => {
  sqliteOnly(
    'a backup downloads as a SQLite file while the app serves, to an admin who gives their own password again',
    async () => {
      const admin = await viewerFor('admin')
      const downloads = () =>
        getDb().selectFrom('audit_events').select('id').where('action', '=', 'database.backup_downloaded').execute()
      const before = (await downloads()).length
      // A backup holds every password hash: a session alone is not enough.
      expect(await backupDownload(getDatabase(), url(), admin, '')).toBeNull()
      expect(await backupDownload(getDatabase(), url(), admin, 'not-the-password')).toBeNull()
      expect(await downloads()).toHaveLength(before)
      const response = (await backupDownload(getDatabase(), url(), admin, DEMO_PASSWORD))!
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000')
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="backup-.*\.db"$/)
    },
  )

  sqliteOnly(
    'the drill: back up, change data, restore; the change is gone, the previous file is kept, the app still serves',
    async () => {
      const handle = getDatabase()
      if (handle.kind !== 'sqlite') return
      const admin = await viewerFor('admin')
      const backup = await takeBackup(handle, url())
      const before = await getDb()
        .selectFrom('categories')
        .select(['id', 'name'])
        .orderBy('id')
        .executeTakeFirstOrThrow()
      await getDb()
        .updateTable('categories')
        .set({ name: 'Changed after the backup' })
        .where('id', '=', before.id)
        .execute()
      const staged = newStagedFile(url())
      fs.copyFileSync(backup, staged.file)
      const answer = await stageAnswer(handle, url(), { id: staged.id })
      expect(answer).toMatchObject({
        intent: 'stage',
        summary: { id: staged.id, counts: expect.arrayContaining([expect.objectContaining({ label: 'Users' })]) },
      })
      const form = (fields: Record<string, string>) => new URLSearchParams(fields) as unknown as FormData
      expect(
        await restore(handle, url(), admin, form({ stagedId: staged.id, confirm: 'yes', ownPassword: DEMO_PASSWORD })),
      ).toMatchObject({
        intent: 'restore',
        field: 'confirm',
        problem: 'Type RESTORE to confirm: everything changed since the backup is lost.',
        summary: { id: staged.id },
      })
      // The admin's own password, again: without it nothing is replaced.
      for (const ownPassword of ['', 'not-the-password']) {
        expect(
          await restore(handle, url(), admin, form({ stagedId: staged.id, confirm: 'RESTORE', ownPassword })),
        ).toMatchObject({ intent: 'restore', field: 'ownPassword', problem: 'That is not your password' })
      }
      expect(
        (await getDb().selectFrom('categories').select('name').where('id', '=', before.id).executeTakeFirstOrThrow())
          .name,
      ).toBe('Changed after the backup')
      const done = await restore(
        handle,
        url(),
        admin,
        form({ stagedId: staged.id, confirm: 'RESTORE', ownPassword: DEMO_PASSWORD }),
      )
      expect(done).toMatchObject({ done: expect.stringMatching(/^before-restore-.*\.db$/) })
      expect(
        (await getDb().selectFrom('categories').select('name').where('id', '=', before.id).executeTakeFirstOrThrow())
          .name,
      ).toBe(before.name)
      const kept = new SQLite(`${backupsDir(url())}/${(done as { done: string }).done}`, { readonly: true })
      expect((kept.prepare('select name from categories where id = ?').get(before.id) as { name: string }).name).toBe(
        'Changed after the backup',
      )
      kept.close()
      expect((await integrityCheck(handle)).ok).toBe(true)
      const entry = await getDb()
        .selectFrom('audit_events')
        .select(['action', 'actor_user_id', 'note'])
        .where('action', '=', 'database.restored')
        .executeTakeFirstOrThrow()
      expect(entry.action).toBe('database.restored')
      expect(fs.existsSync(staged.file)).toBe(false)
      const page = await databasePage(handle, url(), new URL('http://localhost/admin/databases/manage'))
      expect(page.kept.map((k) => k.name)).toContain((done as { done: string }).done)
    },
  )

  sqliteOnly('refuses an upload that is not a backup of this app and version, before replacing anything', async () => {
    const handle = getDatabase()
    if (handle.kind !== 'sqlite') return
    const stage = async (write: (file: string) => void | Promise<void>) => {
      const staged = newStagedFile(url())
      await write(staged.file)
      return stageAnswer(handle, url(), { id: staged.id })
    }
    expect(await stage((file) => fs.writeFileSync(file, '<html><script>alert(1)</script></html>'))).toEqual({
      intent: 'stage',
      problem: 'That file is not a SQLite database: upload a backup downloaded from this page.',
    })
    expect(await stage((file) => void new SQLite(file).exec('create table notes (x text)').close())).toEqual({
      intent: 'stage',
      problem: 'That database was not made by this app (it has no migration record).',
    })
    const other = await stage((file) => {
      fs.copyFileSync(handle.sqlite.name, file)
      const db = new SQLite(file)
      db.exec(
        "delete from kysely_migration where name = (select max(name) from kysely_migration); insert into kysely_migration (name, timestamp) values ('29990101000000_future', '2999-01-01')",
      )
      db.close()
    })
    expect(other).toMatchObject({
      intent: 'stage',
      problem: expect.stringMatching(
        /^That backup is of another version of the schema \(it lacks .*; it has 29990101000000_future/,
      ),
    })
    const damaged = await stage((file) => {
      const good = fs.readFileSync(handle.sqlite.name)
      fs.writeFileSync(file, good.subarray(0, Math.floor(good.length / 3)))
    })
    expect(damaged).toMatchObject({ intent: 'stage', problem: expect.stringMatching(/damaged|could not be read/) })
    expect(await checkStaged(handle, url(), '../../etc/passwd')).toEqual({
      ok: false,
      problem: 'That upload is no longer here: upload the backup again.',
    })
    expect(await stageAnswer(handle, url(), { problem: 'Choose the backup file to upload.' })).toEqual({
      intent: 'stage',
      problem: 'Choose the backup file to upload.',
    })
  })
  sqliteOnly('refuses a backup whose schema is not the live one exactly, saying what differs', async () => {
    const handle = getDatabase()
    if (handle.kind !== 'sqlite') return
    const copy = async (change: string) => {
      const staged = newStagedFile(url())
      await handle.sqlite.backup(staged.file)
      const db = new SQLite(staged.file)
      db.pragma('foreign_keys = off')
      db.exec(change)
      db.close()
      return stageAnswer(handle, url(), { id: staged.id })
    }
    expect(
      await copy('create trigger steal after insert on sessions begin update users set status = status; end'),
    ).toEqual({
      intent: 'stage',
      problem: 'That backup holds a trigger (steal), which this app’s database never has: it cannot be restored.',
    })
    expect(await copy('create view people as select * from users')).toEqual({
      intent: 'stage',
      problem: 'That backup holds a view (people), which this app’s database never has: it cannot be restored.',
    })
    expect(await copy('alter table users add column nickname text')).toEqual({
      intent: 'stage',
      problem:
        'That backup’s schema is not this database’s: its table users is not as here (columns or constraints differ). It cannot be restored.',
    })
    expect(await copy('alter table users drop column phone')).toEqual({
      intent: 'stage',
      problem:
        'That backup’s schema is not this database’s: its table users is not as here (columns or constraints differ). It cannot be restored.',
    })
    expect(await copy('create table notes (x text)')).toEqual({
      intent: 'stage',
      problem:
        'That backup’s schema is not this database’s: it has the table notes, which this database does not. It cannot be restored.',
    })
    const index = (
      handle.sqlite
        .prepare(
          "select name from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null limit 1",
        )
        .get() as { name: string }
    ).name
    expect(await copy(`drop index "${index}"`)).toEqual({
      intent: 'stage',
      problem: `That backup’s schema is not this database’s: it lacks the index ${index}. It cannot be restored.`,
    })
  })

  sqliteOnly(
    'refuses a crafted backup whose table is a recursive view within the time limit, while the app keeps answering',
    async () => {
      const handle = getDatabase()
      if (handle.kind !== 'sqlite') return
      const staged = newStagedFile(url())
      await handle.sqlite.backup(staged.file)
      const crafted = new SQLite(staged.file)
      crafted.pragma('foreign_keys = off')
      // Counting this "table" never ends: the check must not evaluate it, and not in the app's thread.
      crafted.exec(
        'drop table audit_events; create view audit_events as with recursive n(id) as (select 1 union all select id + 1 from n) select id from n',
      )
      crafted.close()
      const started = Date.now()
      const checking = stageAnswer(handle, url(), { id: staged.id })
      const answered = await getDb().selectFrom('users').select('id').limit(1).execute()
      expect(answered).toHaveLength(1)
      expect(await checking).toEqual({
        intent: 'stage',
        problem: 'That backup holds a view (audit_events), which this app’s database never has: it cannot be restored.',
      })
      expect(Date.now() - started).toBeLessThan(CHECK_LIMIT_MS)
      expect(fs.existsSync(staged.file)).toBe(false)
    },
  )

  sqliteOnly(
    'a check that runs over its time limit is stopped and the backup refused, and the app still answers',
    async () => {
      const handle = getDatabase()
      if (handle.kind !== 'sqlite') return
      const staged = newStagedFile(url())
      await handle.sqlite.backup(staged.file)
      const started = Date.now()
      expect(await checkStaged(handle, url(), staged.id, 1)).toEqual({
        ok: false,
        problem: 'Checking that backup took longer than 1 ms, so it was stopped: it cannot be restored.',
      })
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(await getDb().selectFrom('users').select('id').limit(1).execute()).toHaveLength(1)
      // The same backup, given its time, is sound.
      expect(await checkStaged(handle, url(), staged.id)).toMatchObject({ ok: true })
    },
  )

  sqliteOnly(
    'a restore ends every session and clears reset and invitation tokens and idempotency keys; the sign-in brake stays',
    async () => {
      const handle = getDatabase()
      if (handle.kind !== 'sqlite') return
      const db = getDb()
      const buyer = await userIdOf(demoEmail('buyer'))
      const ahead = new Date(Date.now() + 86_400_000).toISOString()
      const now = new Date().toISOString()
      // What the backup holds: a session, a reset token, an invitation and an idempotency key.
      const before = await cookieFor('buyer')
      await db
        .insertInto('password_reset_tokens')
        .values([
          { user_id: buyer, token_hash: 'restore-reset', created_at: now, expires_at: ahead, purpose: 'reset' },
          { user_id: buyer, token_hash: 'restore-invite', created_at: now, expires_at: ahead, purpose: 'invite' },
        ])
        .execute()
      await db
        .insertInto('idempotency_keys')
        .values({ key: 'restore-key', user_id: buyer, scope: 't', result: '1', created_at: now })
        .execute()
      const backup = await takeBackup(handle, url())
      await db
        .insertInto('login_throttle')
        .values({ key: 'restore-brake', points: 5, expire: Date.now() + 600_000 })
        .execute()
      const admin = await viewerFor('admin')
      const staged = newStagedFile(url())
      fs.copyFileSync(backup, staged.file)
      const cookie = (value: string) => new Request('http://localhost/', { headers: { cookie: value } })
      expect(await getViewer(cookie(before))).not.toBeNull()
      const done = await restore(
        handle,
        url(),
        admin,
        new URLSearchParams({
          stagedId: staged.id,
          confirm: 'RESTORE',
          ownPassword: DEMO_PASSWORD,
        }) as unknown as FormData,
      )
      expect(done).toMatchObject({ done: expect.stringMatching(/^before-restore-/) })
      expect(await getViewer(cookie(before))).toBeNull()
      expect(await db.selectFrom('sessions').select('id_hash').execute()).toEqual([])
      expect(await db.selectFrom('password_reset_tokens').select('id').execute()).toEqual([])
      expect(await db.selectFrom('idempotency_keys').select('key').execute()).toEqual([])
      expect(await db.selectFrom('login_throttle').select('key').where('key', '=', 'restore-brake').execute()).toEqual([
        { key: 'restore-brake' },
      ])
    },
  )
  sqliteOnly(
    'a restore copies no credential back: tokens and webhook subscriptions stay as they are now, and the page says so before the confirm',
    async () => {
      const handle = getDatabase()
      if (handle.kind !== 'sqlite') return
      const db = getDb()
      const admin = await viewerFor('admin')
      const buyer = await viewerFor('buyer')
      const at = new Date().toISOString()
      const subscription = (url: string, secret: string) =>
        db
          .insertInto('webhook_subscriptions')
          .values({
            owner_kind: 'buyer',
            buyer_id: buyer.company!.id,
            url,
            event_types: '["master_order.placed"]',
            secret,
            created_by: buyer.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      // What the backup holds: a token, a subscription later deleted (with a delivery), one later rotated.
      const revokedSince = await tokenFor('buyer@example.com', ['orders:read'])
      const deletedSince = await subscription('https://erp.example/deleted', 'whsec_deleted-since')
      const event = await db
        .insertInto('webhook_events')
        .values({ msg_id: 'msg_restore', type: 'master_order.placed', buyer_id: buyer.company!.id, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('webhook_deliveries')
        .values({ event_id: event.id, subscription_id: deletedSince.id, payload: '{}', created_at: at })
        .execute()
      const rotatedSince = await subscription('https://erp.example/rotated', 'whsec_before-rotation')
      const backup = await takeBackup(handle, url())

      // Since the backup: the token revoked, a subscription deleted, another's secret rotated, a new
      // token made, and a user (with a token) who is not in the backup.
      await db
        .updateTable('api_tokens')
        .set({ revoked_at: at, revoked_by: buyer.userId })
        .where('token_hash', '=', hashApiToken(revokedSince))
        .execute()
      await db.deleteFrom('webhook_subscriptions').where('id', '=', deletedSince.id).execute()
      await db
        .updateTable('webhook_subscriptions')
        .set({ secret: 'whsec_after-rotation', previous_secret: 'whsec_before-rotation', rotated_at: at })
        .where('id', '=', rotatedSince.id)
        .execute()
      const madeSince = await tokenFor('buyer@example.com', ['orders:read'])
      const newcomer = await db
        .insertInto('users')
        .values({ email: 'newcomer@restore.example', name: 'Newcomer', password_hash: 'x', status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.insertInto('user_roles').values({ user_id: newcomer.id, role: 'logistics' }).execute()
      const newcomerToken = await tokenFor('newcomer@restore.example', ['orders:read'])
      expect((await api('GET', '/master-orders', { token: revokedSince })).status).toBe(401)

      // The page says what happens to credentials before the administrator confirms.
      const page = await databasePage(handle, url(), new URL('http://localhost/admin/databases/manage'))
      expect(page.onRestore).toEqual(RESTORE_CREDENTIALS)
      expect(page.onRestore.join(' ')).toMatch(/API tokens and webhook subscriptions .* are not taken from the backup/)

      const staged = newStagedFile(url())
      fs.copyFileSync(backup, staged.file)
      const done = await restore(
        handle,
        url(),
        admin,
        new URLSearchParams({
          stagedId: staged.id,
          confirm: 'RESTORE',
          ownPassword: DEMO_PASSWORD,
        }) as unknown as FormData,
      )
      expect(done).toMatchObject({ done: expect.stringMatching(/^before-restore-/) })

      expect((await api('GET', '/master-orders', { token: revokedSince })).status).toBe(401)
      expect((await api('GET', '/master-orders', { token: madeSince })).status).toBe(200)
      expect((await api('GET', '/master-orders', { token: newcomerToken })).status).toBe(401)
      expect(
        await db.selectFrom('api_tokens').select('id').where('token_hash', '=', hashApiToken(newcomerToken)).execute(),
      ).toEqual([])
      const subscriptions = await db
        .selectFrom('webhook_subscriptions')
        .select(['id', 'secret', 'previous_secret'])
        .where('id', 'in', [deletedSince.id, rotatedSince.id])
        .execute()
      expect(subscriptions).toEqual([
        { id: rotatedSince.id, secret: 'whsec_after-rotation', previous_secret: 'whsec_before-rotation' },
      ])
      expect(
        await db.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', deletedSince.id).execute(),
      ).toEqual([])
      expect((await integrityCheck(handle)).ok).toBe(true)
      const entry = await db
        .selectFrom('audit_events')
        .select('after_json')
        .where('action', '=', 'database.restored')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(JSON.parse(entry.after_json!)).toMatchObject({ apiTokensDeleted: 1, webhookSubscriptionsDeleted: 0 })
    },
  )
})
