import { getDb } from '~/db.server'
import { deliverOutbox, queueEmail } from './outbox.server'

describe('outbox', () => {
  it('keeps e-mails when no transport is set, and sends and marks them when one is', async () => {
    const db = getDb()
    await queueEmail(db, { to: 'ops@example.com', subject: 'Company approved', text: 'Welcome aboard.', kind: 'test' })
    expect(await deliverOutbox(db, null, 'noreply@example.com')).toBe(0)

    expect(await deliverOutbox(db, { jsonTransport: true }, 'noreply@example.com')).toBe(1)
    const row = await db.selectFrom('outbox_emails').select(['sent_at', 'attempts']).where('to_address', '=', 'ops@example.com').executeTakeFirstOrThrow()
    expect(row.sent_at).not.toBeNull()
    expect(row.attempts).toBe(1)
    // Sent mail is not sent again.
    expect(await deliverOutbox(db, { jsonTransport: true }, 'noreply@example.com')).toBe(0)
  })
})
