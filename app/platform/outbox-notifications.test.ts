// queueEmail's in-app copy (docs/domain.md "In-app inbox (issue 40)"): the recipient's inbox gets
// every mail the outbox gets, in the same transaction, but never a one-time link, and nobody but an
// active user of that address gets it. And the hourly purge of old notifications.
import { getDb } from '~/db.server'
import { purgeExpired, queueEmail, RETENTION, SECRET_NOTICE } from '~/platform/outbox.server'
import { makeStaffUser } from '../../tests/support/companies'

const inboxOf = (userId: number) =>
  getDb()
    .selectFrom('notifications')
    .select(['id', 'kind', 'subject', 'body_text', 'link', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()

describe('queueEmail and the inbox', () => {
  it('copies a mail to the inbox of the active user it is addressed to, whatever the case of the address', async () => {
    const userId = await makeStaffUser('internal', 'copy.me@example.com')
    await queueEmail(getDb(), {
      to: ' Copy.Me@Example.COM ',
      kind: 'master_order.status_changed',
      subject: 'MO-1 is approved',
      text: 'Your order MO-1 is approved.\n\nSee it: http://localhost/redirect/master_orders/1',
      link: '/redirect/master_orders/1',
    })
    expect(await inboxOf(userId)).toEqual([
      {
        id: expect.any(Number),
        kind: 'master_order.status_changed',
        subject: 'MO-1 is approved',
        body_text: 'Your order MO-1 is approved.\n\nSee it: http://localhost/redirect/master_orders/1',
        link: '/redirect/master_orders/1',
        read_at: null,
      },
    ])
  })

  it('writes nothing for an address no user has, nor for a disabled user; the mail is queued all the same', async () => {
    const db = getDb()
    const before = Number(
      (
        await db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const disabled = await makeStaffUser('internal', 'gone@example.com')
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', disabled).execute()
    for (const to of ['nobody.here@example.com', 'gone@example.com'])
      await queueEmail(db, { to, kind: 'test', subject: 'Hello', text: 'x', link: '/profile' })
    const after = Number(
      (
        await db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(after).toBe(before)
    const queued = await db
      .selectFrom('outbox_emails')
      .select('to_address')
      .where('to_address', 'in', ['nobody.here@example.com', 'gone@example.com'])
      .execute()
    expect(queued).toHaveLength(2)
  })

  it('never copies a one-time link: a reset or an invitation says it was e-mailed, and opens nothing', async () => {
    const userId = await makeStaffUser('internal', 'secret.kinds@example.com')
    for (const kind of ['password_reset', 'invitation'])
      await queueEmail(getDb(), {
        to: 'secret.kinds@example.com',
        kind,
        subject: `Subject of ${kind}`,
        text: 'Open http://localhost/reset_password?token=SECRET-TOKEN-123',
        link: '/reset_password?token=SECRET-TOKEN-123',
      })
    const rows = await inboxOf(userId)
    expect(rows.map((r) => [r.kind, r.subject, r.body_text, r.link])).toEqual([
      ['password_reset', 'Subject of password_reset', SECRET_NOTICE, null],
      ['invitation', 'Subject of invitation', SECRET_NOTICE, null],
    ])
    expect(JSON.stringify(rows)).not.toContain('SECRET-TOKEN')
  })

  it('keeps a link only when it is a path on this site', async () => {
    const userId = await makeStaffUser('internal', 'links@example.com')
    for (const link of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ok/1',
    ])
      await queueEmail(getDb(), { to: 'links@example.com', kind: 'test', subject: link, text: 'x', link })
    expect((await inboxOf(userId)).map((r) => [r.subject, r.link])).toEqual([
      ['https://evil.example/x', null],
      ['//evil.example/x', null],
      ['/\\evil.example', null],
      ['javascript:alert(1)', null],
      ['/ok/1', '/ok/1'],
    ])
  })

  it('is written in the caller’s transaction: a change that rolls back leaves no notification', async () => {
    const userId = await makeStaffUser('internal', 'rollback@example.com')
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await queueEmail(trx, { to: 'rollback@example.com', kind: 'test', subject: 'Never', text: 'x' })
          throw new Error('the change failed')
        }),
    ).rejects.toThrow('the change failed')
    expect(await inboxOf(userId)).toEqual([])
  })
})

describe('the purge of notifications', () => {
  it('deletes those read more than RETENTION days ago and those never read for a year, and keeps the rest', async () => {
    const db = getDb()
    const userId = await makeStaffUser('internal', 'purge.inbox@example.com')
    const now = new Date('2027-06-01T00:00:00.000Z')
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
    const rows = [
      { subject: 'read long ago', created_at: daysAgo(200), read_at: daysAgo(RETENTION.readNotificationDays + 1) },
      { subject: 'read lately', created_at: daysAgo(200), read_at: daysAgo(RETENTION.readNotificationDays - 1) },
      { subject: 'unread, a year old', created_at: daysAgo(RETENTION.unreadNotificationDays + 1), read_at: null },
      { subject: 'unread, months old', created_at: daysAgo(RETENTION.unreadNotificationDays - 30), read_at: null },
    ]
    await db
      .insertInto('notifications')
      .values(rows.map((r) => ({ ...r, user_id: userId, kind: 'test', body_text: 'x', link: null })))
      .execute()
    const purged = await purgeExpired(db, now)
    expect(purged.notifications).toBeGreaterThanOrEqual(2)
    const left = await db.selectFrom('notifications').select('subject').where('user_id', '=', userId).execute()
    expect(left.map((r) => r.subject).sort()).toEqual(['read lately', 'unread, months old'])
  })
})
