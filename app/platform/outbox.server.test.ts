import { getDb } from '~/db.server'
import {
  backoffMinutes,
  deliverDue,
  MAX_ATTEMPTS,
  purgeExpired,
  queueEmail,
  REDACTED_BODY,
  type Mailer,
} from '~/platform/outbox.server'

/** A transport that records what it sends (slowly, so two workers overlap), or fails. */
function recorder(fail = false): Mailer & { sent: string[] } {
  const sent: string[] = []
  return {
    sent,
    send: async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (fail) throw new Error('SMTP said no')
      sent.push(mail.subject)
    },
  }
}

const rowsTo = (to: string) =>
  getDb()
    .selectFrom('outbox_emails')
    .select([
      'id',
      'subject',
      'body_text',
      'sent_at',
      'attempts',
      'last_error',
      'next_attempt_at',
      'failed_at',
      'claimed_by',
    ])
    .where('to_address', '=', to)
    .orderBy('id')
    .execute()

describe('outbox delivery', () => {
  // The demo data's own mail (its orders tell sellers and KAMs) is not these tests' to send.
  beforeAll(async () => {
    await getDb()
      .updateTable('outbox_emails')
      .set({ sent_at: new Date().toISOString() })
      .where('sent_at', 'is', null)
      .execute()
  })

  it('sends each mail exactly once when two workers tick at the same time', async () => {
    const db = getDb()
    for (let i = 0; i < 12; i++)
      await queueEmail(db, { to: 'twice@example.com', subject: `Mail ${i}`, text: 'Hello', kind: 'test' })
    const a = recorder()
    const b = recorder()
    await Promise.all([
      deliverDue(db, a, 'noreply@example.com', 'worker-a'),
      deliverDue(db, b, 'noreply@example.com', 'worker-b'),
    ])
    const all = [...a.sent, ...b.sent].filter((s) => s.startsWith('Mail '))
    expect(all.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Mail ${i}`).sort())
    expect(
      (await rowsTo('twice@example.com')).every((r) => r.sent_at && r.attempts === 1 && r.claimed_by === null),
    ).toBe(true)
    // Sent mail is not sent again.
    expect(await deliverDue(db, recorder(), 'noreply@example.com', 'worker-c')).toBe(0)
  })

  it('takes over a claim left by a worker that died, after its lease', async () => {
    const db = getDb()
    await queueEmail(db, { to: 'stale@example.com', subject: 'Stale', text: 'x', kind: 'test' })
    const [row] = await rowsTo('stale@example.com')
    await db
      .updateTable('outbox_emails')
      .set({ claimed_by: 'dead', claimed_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', row!.id)
      .execute()
    const early = recorder()
    await deliverDue(db, early, 'noreply@example.com', 'alive')
    expect(early.sent).not.toContain('Stale')
    const later = recorder()
    await deliverDue(db, later, 'noreply@example.com', 'alive', new Date(Date.now() + 5 * 60_000))
    expect(later.sent).toContain('Stale')
  })

  it('retries a failure with growing waits, then gives up and keeps the mail for a person', async () => {
    const db = getDb()
    await queueEmail(db, { to: 'bounce@example.com', subject: 'Bounce', text: 'x', kind: 'test' })
    let now = Date.now()
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDue(db, recorder(true), 'noreply@example.com', 'w', new Date(now))
      const [row] = await rowsTo('bounce@example.com')
      expect(row).toMatchObject({ attempts: attempt, last_error: 'SMTP said no', sent_at: null })
      // Not retried before its time...
      expect(await deliverDue(db, recorder(), 'noreply@example.com', 'w', new Date(now + 1000))).toBe(0)
      now += backoffMinutes(attempt) * 60_000 + 1000
    }
    const [row] = await rowsTo('bounce@example.com')
    expect(row!.failed_at).not.toBeNull()
    // ...and never after giving up.
    expect(await deliverDue(db, recorder(), 'noreply@example.com', 'w', new Date(now + 86_400_000))).toBe(0)
  })

  it('removes the secret link from a sent reset or invitation mail, and keeps other bodies', async () => {
    const db = getDb()
    await queueEmail(db, {
      to: 'secret@example.com',
      subject: 'Reset',
      text: 'https://x/reset_password?token=abc',
      kind: 'password_reset',
    })
    await queueEmail(db, {
      to: 'secret@example.com',
      subject: 'Invite',
      text: 'https://x/reset_password?token=def',
      kind: 'invitation',
    })
    await queueEmail(db, {
      to: 'secret@example.com',
      subject: 'News',
      text: 'Your company is active',
      kind: 'company_status',
    })
    await deliverDue(db, recorder(), 'noreply@example.com', 'w')
    expect((await rowsTo('secret@example.com')).map((r) => r.body_text)).toEqual([
      REDACTED_BODY,
      REDACTED_BODY,
      'Your company is active',
    ])
  })
})

describe('purge', () => {
  it('removes exactly what has expired and keeps what is live', async () => {
    const db = getDb()
    const now = new Date()
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
    const ahead = new Date(now.getTime() + 86_400_000).toISOString()
    const user = (await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    await db
      .insertInto('sessions')
      .values([
        { id_hash: 'purge-old', user_id: user, created_at: ago(40), expires_at: ago(10) },
        { id_hash: 'purge-live', user_id: user, created_at: ago(1), expires_at: ahead },
      ])
      .execute()
    await db
      .insertInto('password_reset_tokens')
      .values([
        { user_id: user, token_hash: 'purge-expired', created_at: ago(3), expires_at: ago(2) },
        { user_id: user, token_hash: 'purge-used', created_at: ago(3), expires_at: ahead, used_at: ago(2) },
        { user_id: user, token_hash: 'purge-live', created_at: ago(0), expires_at: ahead },
      ])
      .execute()
    await db
      .insertInto('idempotency_keys')
      .values([
        { key: 'purge-old', user_id: user, scope: 't', result: '1', created_at: ago(8) },
        { key: 'purge-new', user_id: user, scope: 't', result: '1', created_at: ago(1) },
      ])
      .execute()
    await db
      .insertInto('outbox_emails')
      .values([
        {
          to_address: 'p@example.com',
          subject: 'old sent',
          body_text: 'x',
          kind: 't',
          created_at: ago(40),
          sent_at: ago(31),
        },
        {
          to_address: 'p@example.com',
          subject: 'recent sent',
          body_text: 'x',
          kind: 't',
          created_at: ago(2),
          sent_at: ago(1),
        },
        {
          to_address: 'p@example.com',
          subject: 'old failed',
          body_text: 'x',
          kind: 't',
          created_at: ago(40),
          failed_at: ago(39),
        },
      ])
      .execute()
    await db
      .insertInto('login_throttle')
      .values([
        { key: 'purge-old', points: 3, expire: now.getTime() - 1000 },
        { key: 'purge-live', points: 3, expire: now.getTime() + 60_000 },
      ])
      .execute()

    await purgeExpired(db, now)

    expect(
      (await db.selectFrom('sessions').select('id_hash').where('id_hash', 'like', 'purge-%').execute()).map(
        (r) => r.id_hash,
      ),
    ).toEqual(['purge-live'])
    expect(
      (
        await db
          .selectFrom('password_reset_tokens')
          .select('token_hash')
          .where('token_hash', 'like', 'purge-%')
          .execute()
      ).map((r) => r.token_hash),
    ).toEqual(['purge-live'])
    expect(
      (await db.selectFrom('idempotency_keys').select('key').where('key', 'like', 'purge-%').execute()).map(
        (r) => r.key,
      ),
    ).toEqual(['purge-new'])
    expect(
      (
        await db
          .selectFrom('outbox_emails')
          .select('subject')
          .where('to_address', '=', 'p@example.com')
          .orderBy('id')
          .execute()
      ).map((r) => r.subject),
    ).toEqual(['recent sent', 'old failed'])
    expect(
      (await db.selectFrom('login_throttle').select('key').where('key', 'like', 'purge-%').execute()).map((r) => r.key),
    ).toEqual(['purge-live'])
  })
})
