// Several machines (issue 41): two app servers that share nothing but the database — separate
// processes, ports and upload folders, each running the background worker (WORKER=true) — and, on
// PostgreSQL, both reach it through PgBouncer in transaction pooling mode (TEST_PGBOUNCER_URL, started
// by tests/support/with-postgres.ts). On SQLite the two share the database file, as two processes of
// one machine do. Everything is checked as a user, a mail server, a webhook receiver or the database
// sees it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db.server'
import { createSubscription, sendTestEvent } from '~/features/webhooks/mutations.server'
import { queueEmail } from '~/platform/outbox.server'
import { subscribableEvents } from '~/platform/webhook-events'
import { tokenFor } from './support/api'
import { cookieFor, userIdOf } from './support/db'
import { pngBytes } from './support/files'
import { withDatabase } from './support/postgres'
import { startServer, type RunningServer } from './support/server'
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver'
import { startReceiver, type Receiver } from './support/webhook-receiver'

const bouncer = process.env.TEST_PGBOUNCER_URL
const databaseName = () => new URL(process.env.DATABASE_URL!).pathname.slice(1)

/** Polls until `done` answers true (the workers tick every few seconds), or fails after `ms`. */
async function until(what: string, done: () => Promise<boolean>, ms = 30_000) {
  const started = Date.now()
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`still waiting after ${ms} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))

const signIn = (server: RunningServer, email: string, password: string) =>
  fetch(`${server.url}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })

// The workers tick every 5 s, and CI runs this beside other files on two cores: room to wait.
describe('two machines sharing only the database', { timeout: 45_000 }, () => {
  let a: RunningServer
  let b: RunningServer
  let smtp: SmtpReceiver
  let hooks: Receiver
  const uploads: string[] = []
  let expiredSession: string

  beforeAll(async () => {
    const db = getDb()
    // The demo data's own mail is not this file's to send; what the workers send is what the tests queue.
    await db
      .updateTable('outbox_emails')
      .set({ sent_at: new Date().toISOString() })
      .where('sent_at', 'is', null)
      .execute()
    // Left for the purge, which both workers run as they start: an expired session, an old
    // idempotency key, an expired throttle counter.
    const cookie = await cookieFor('internal@example.com')
    expiredSession = cookie
    await db
      .updateTable('sessions')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('user_id', '=', await userIdOf('internal@example.com'))
      .execute()
    await db
      .insertInto('idempotency_keys')
      .values({
        key: 'machines:old',
        user_id: null,
        scope: 'machines',
        result: '1',
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute()
    await db.insertInto('login_throttle').values({ key: 'machines:old', points: 3, expire: 1 }).execute()
    ;[smtp, hooks] = await Promise.all([startSmtpReceiver(), startReceiver()])
    const databaseUrl = bouncer ? withDatabase(bouncer, databaseName()) : process.env.DATABASE_URL!
    const machine = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-machine-'))
      uploads.push(dir)
      return startServer({ DATABASE_URL: databaseUrl, UPLOADS_DIR: dir, WORKER: 'true', SMTP_URL: smtp.url })
    }
    ;[a, b] = await Promise.all([machine(), machine()])
  })

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await Promise.all([smtp?.close(), hooks?.close()])
    for (const dir of uploads) fs.rmSync(dir, { recursive: true, force: true })
  })

  it.runIf(bouncer)('reaches PostgreSQL through PgBouncer in transaction pooling mode', async () => {
    const admin = new pg.Client({ connectionString: withDatabase(bouncer!, 'pgbouncer') })
    await admin.connect()
    try {
      // Both servers have started (migrations checked, the purge run): their transactions went through it.
      const config = await admin.query<{ key: string; value: string }>('show config')
      expect(config.rows.find((r) => r.key === 'pool_mode')?.value).toBe('transaction')
      const stats = await admin.query<{ database: string; total_xact_count: string }>('show stats')
      expect(Number(stats.rows.find((r) => r.database === databaseName())?.total_xact_count ?? 0)).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
  })

  // Files live where FILE_STORAGE says: in the database by default on PostgreSQL. On SQLite they stay in
  // each machine's own UPLOADS_DIR (SQLite is for one machine).
  it.runIf(process.env.TEST_POSTGRES_URL)('shows through one an image uploaded through the other', async () => {
    const cookie = await cookieFor('internal@example.com')
    const photo = await pngBytes(40, 30)
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('idempotencyKey', crypto.randomUUID())
    form.set('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'machine-photo.png')
    const upload = await fetch(`${a.url}/assets_uploader`, {
      method: 'POST',
      headers: { cookie },
      body: form,
      redirect: 'manual',
    })
    expect(upload.status).toBe(302)
    const asset = await getDb()
      .selectFrom('assets')
      .select(['storage_key', 'name'])
      .where('name', '=', 'machine-photo.png')
      .executeTakeFirstOrThrow()
    const shown = await fetch(`${b.url}/files/${asset.storage_key}/${asset.name}`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await shown.arrayBuffer()).equals(photo)).toBe(true)
    // Nothing of it was written to either machine's folder.
    const stem = path.parse(asset.storage_key).name
    for (const dir of uploads)
      expect(fs.readdirSync(dir, { recursive: true }).filter((name) => String(name).includes(stem))).toEqual([])
  })

  it('keeps a session made on one good on the other', async () => {
    const res = await signIn(a, 'supplier_admin@example.com', 'demo-pass-2026')
    expect(res.status).toBe(302)
    const cookie = cookieOf(res).join('; ')
    const page = await fetch(`${b.url}${res.headers.get('location')}`, { headers: { cookie }, redirect: 'manual' })
    expect(page.status).toBe(200)
  })

  it('counts wrong passwords alternated between the two as one server counts them', async () => {
    const tries = async (servers: RunningServer[], email: string) => {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++)
        statuses.push((await signIn(servers[i % servers.length]!, email, 'wrong-pass-1')).status)
      // Blocked now: the right password is refused too, on either.
      for (const server of servers) statuses.push((await signIn(server, email, 'demo-pass-2026')).status)
      return statuses
    }
    const oneServer = await tries([a], 'kam.neha@example.com')
    const both = await tries([a, b], 'kam.vikram@example.com')
    expect(oneServer).toEqual([400, 400, 400, 400, 400, 429, 429])
    expect(both).toEqual([400, 400, 400, 400, 400, 429, 429, 429])
  })

  it('makes one user of a create form submitted to both at once, and mails its invitation once', async () => {
    const cookie = await cookieFor('admin@example.com')
    const email = 'machine.person@machines.test'
    const fields = {
      intent: 'create',
      idempotencyKey: crypto.randomUUID(),
      name: 'Machine Person',
      email,
      roles: 'internal',
      access: 'invite',
    }
    const submit = (server: RunningServer) =>
      fetch(`${server.url}/admin/users/manage?index`, {
        method: 'POST',
        headers: { cookie },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      })
    const answers = await Promise.all([submit(a), submit(b)])
    const users = await getDb().selectFrom('users').select('id').where('email', '=', email).execute()
    expect(users).toHaveLength(1)
    expect(answers.map((r) => [r.status, r.headers.get('location')])).toEqual([
      [302, `/admin/users/${users[0]!.id}`],
      [302, `/admin/users/${users[0]!.id}`],
    ])
    await until('the invitation to be sent', async () =>
      (await getDb().selectFrom('outbox_emails').select('sent_at').where('to_address', '=', email).execute()).every(
        (row) => row.sent_at !== null,
      ),
    )
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1)
  })

  it('places one record for an API POST sent to both with one Idempotency-Key', async () => {
    const token = await tokenFor('admin@example.com', ['catalogue:read', 'catalogue:write'])
    const key = crypto.randomUUID()
    const body = { buyer_id: 1, product_sku_id: 1, buyer_code: 'MACHINES-001', price_paise: 52_000, moq_milli: 300_000 }
    const post = (server: RunningServer) =>
      fetch(`${server.url}/api/v1/buyer-skus`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      })
    const answers = await Promise.all([post(a), post(b)])
    const statuses = answers.map((r) => r.status).sort()
    // One is placed; the other gets its answer again, or is told it is still being answered (409),
    // never a second record, nor "this code is taken" (422).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses)
    const rows = await getDb().selectFrom('buyer_skus').select('id').where('buyer_code', '=', 'MACHINES-001').execute()
    expect(rows).toHaveLength(1)
    const retry = await post(answers[0]!.status === 201 ? b : a)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(((await retry.json()) as { id: number }).id).toBe(rows[0]!.id)
  })

  it('delivers each queued e-mail exactly once, both workers running', async () => {
    const db = getDb()
    const to = Array.from({ length: 20 }, (_, i) => `mail-${i}@machines.test`)
    for (const address of to)
      await queueEmail(db, { to: address, subject: `Hello ${address}`, text: 'Hi', kind: 'test' })
    await until('every mail to be sent', async () =>
      (await db.selectFrom('outbox_emails').select('sent_at').where('to_address', 'in', to).execute()).every(
        (row) => row.sent_at !== null,
      ),
    )
    const counts = to.map((address) => smtp.received.filter((m) => m.to.includes(address)).length)
    expect(counts).toEqual(to.map(() => 1))
    expect(smtp.received.filter((m) => m.subject === `Hello ${to[0]}`)).toHaveLength(1)
  })

  it('sends each webhook delivery once', async () => {
    const db = getDb()
    const actor = { userId: await userIdOf('admin@example.com') }
    const made = await createSubscription(
      db,
      actor,
      { kind: 'platform' },
      { url: hooks.url, events: subscribableEvents('platform') },
      undefined,
    )
    if (!made.ok) throw new Error(made.message)
    for (let i = 0; i < 12; i++) {
      const sent = await sendTestEvent(db, actor, { kind: 'platform' }, made.value.id, crypto.randomUUID())
      if (!sent.ok) throw new Error(sent.message)
    }
    const deliveries = () =>
      db.selectFrom('webhook_deliveries').select('status').where('subscription_id', '=', made.value.id).execute()
    await until('every delivery to succeed', async () => (await deliveries()).every((d) => d.status === 'succeeded'))
    const ids = hooks.received.map((r) => r.headers['webhook-id'])
    expect(ids.length).toBeGreaterThanOrEqual(12)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength((await deliveries()).length)
  })

  it('purges on both without harm: what expired is gone, what lives works', async () => {
    const db = getDb()
    // Both workers purge as they start (the same rows, at once).
    const left = async () => [
      ...(await db
        .selectFrom('sessions')
        .select('id_hash')
        .where('expires_at', '<=', new Date().toISOString())
        .execute()),
      ...(await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'machines:old').execute()),
      ...(await db.selectFrom('login_throttle').select('key').where('key', '=', 'machines:old').execute()),
    ]
    await until('the expired rows to be purged', async () => (await left()).length === 0)
    expect(
      (await fetch(`${a.url}/dashboard`, { headers: { cookie: expiredSession }, redirect: 'manual' })).status,
    ).toBe(302)
    const live = await cookieFor('internal@example.com')
    for (const server of [a, b])
      expect((await fetch(`${server.url}/dashboard`, { headers: { cookie: live }, redirect: 'manual' })).status).toBe(
        200,
      )
    for (const server of [a, b]) expect(server.output()).not.toMatch(/Background \w+ failed/)
  })
})
