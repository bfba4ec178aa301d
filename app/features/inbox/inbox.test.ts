// The in-app inbox (docs/domain.md "In-app inbox (issue 40)"): an order's approval lands in the
// seller's and the KAM's inboxes with links to the record; the /inbox route as Remix calls it (its
// list and count are the viewer's own, "Open" marks read and goes to the record, another person's
// notification is not found, "Mark all as read" stops at what the page showed); the root's bell count.
import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '~/db.server'
import { queueEmail } from '~/platform/outbox.server'
import { loader as rootLoader } from '~/root'
import * as inbox from '~/routes/_main+/inbox'
import { makeCompanyUser, makeStaffUser } from '../../../tests/support/companies'
import { cookieFor } from '../../../tests/support/db'
import { lifecycleParties, orderThrough } from '../../../tests/support/lifecycle'
import { UNREAD_CAP, unreadCount } from './queries.server'

const context: AppLoadContext = { clientIp: '127.0.0.1', menus: {} }
const get = async (url: string, who: string) =>
  new Request(`http://localhost${url}`, { headers: { cookie: await cookieFor(who) } })
const post = async (url: string, fields: Record<string, string>, who: string) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: await cookieFor(who) },
  })

/** A thrown or returned Response's status and Location; loader data as status 200. */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    const result = await run()
    if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') }
    const status = (result as { init?: { status?: number } } | null)?.init?.status ?? 200
    return { status, location: null }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') }
    throw thrown
  }
}

const notificationsOf = (userId: number) =>
  getDb()
    .selectFrom('notifications')
    .select(['id', 'kind', 'subject', 'link', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()

/** Puts a mail in a user's inbox through the one way mail is sent. */
async function mail(to: string, subject: string, link?: string) {
  await queueEmail(getDb(), { to, kind: 'test.inbox', subject, text: `${subject}: the text.`, link })
  const row = await getDb()
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select('notifications.id')
    .where('users.email', '=', to)
    .orderBy('notifications.id', 'desc')
    .executeTakeFirstOrThrow()
  return row.id
}

describe('an order step that e-mails lands in the inboxes', () => {
  it('approving a seller order: its seller’s users read it with a link to the seller order, the KAM with one to the master order', async () => {
    const parties = await lifecycleParties('Inboxed')
    const sellerUser = await makeCompanyUser('seller', parties.sellerIds[0]!, 'mill.user@inboxed.example')
    const kam = await makeStaffUser('demand_kam', 'kam@inboxed.example', 'Inboxed KAM')
    await getDb().updateTable('buyers').set({ kam_user_id: kam }).where('id', '=', parties.buyerId).execute()
    const order = await orderThrough(parties, ['approve'])
    const so = order.sellerOrders[0]!
    const seller = await notificationsOf(sellerUser)
    expect(seller.map((n) => [n.kind, n.subject, n.link])).toEqual([
      [
        'seller_order.created',
        `${so.code}: a new order waits for the platform’s approval`,
        `/redirect/sales_orders/${so.id}`,
      ],
      ['seller_order.approved', `${so.code}: approved: start production`, `/redirect/sales_orders/${so.id}`],
    ])
    const kamInbox = await notificationsOf(kam)
    expect(kamInbox.at(-1)).toMatchObject({
      kind: 'master_order.status_changed',
      link: `/redirect/master_orders/${order.id}`,
      read_at: null,
    })
    // The seller's user follows the link to its own portal's page of the order.
    const { loader: redirectLoader } = await import('~/routes/redirect+/sales_orders.$sellerOrderId')
    const followed = await answerOf(async () =>
      redirectLoader({
        request: await get(seller[1]!.link!, 'mill.user@inboxed.example'),
        params: { sellerOrderId: String(so.id) },
        context,
      }),
    )
    expect(followed.status).toBe(302)
    expect(followed.location).toMatch(/^\/seller\/master_orders\/\d+/)
  })
})

describe('the /inbox route', () => {
  it('lists the viewer’s own notifications, newest first, filters the unread, and counts them', async () => {
    const me = await makeStaffUser('internal', 'reader@inbox.example')
    const other = await makeStaffUser('internal', 'other@inbox.example')
    const first = await mail('reader@inbox.example', 'First', '/profile')
    const second = await mail('reader@inbox.example', 'Second')
    await mail('other@inbox.example', 'Not yours', '/profile')
    await getDb()
      .updateTable('notifications')
      .set({ read_at: new Date().toISOString() })
      .where('id', '=', first)
      .execute()

    const all = await inbox.loader({ request: await get('/inbox', 'reader@inbox.example'), params: {}, context })
    expect(all.rows.map((r) => [r.id, r.subject, r.opens, r.readAt === null])).toEqual([
      [second, 'Second', false, true],
      [first, 'First', true, false],
    ])
    expect(all.total).toBe(2)
    expect(all.unread).toEqual({ count: 1, capped: false })
    expect(JSON.stringify(all)).not.toContain('Not yours')
    const unread = await inbox.loader({
      request: await get('/inbox?show=unread', 'reader@inbox.example'),
      params: {},
      context,
    })
    expect(unread.rows.map((r) => r.subject)).toEqual(['Second'])
    expect(await unreadCount(getDb(), me)).toEqual({ count: 1, capped: false })
    expect(await unreadCount(getDb(), other)).toEqual({ count: 1, capped: false })
  })

  it('shows an excerpt without the e-mail’s link lines (Open does that), and the whole text when it is longer', async () => {
    const long = `${'A long story of an order. '.repeat(12)}The end.`
    await makeStaffUser('internal', 'excerpt@inbox.example')
    for (const [subject, text] of [
      ['Short', 'Your order is approved.\n\nSee it: http://elsewhere.example:3000/redirect/master_orders/7'],
      ['Long', `${long}\n\nSee it: http://elsewhere.example:3000/redirect/master_orders/7`],
    ])
      await queueEmail(getDb(), {
        to: 'excerpt@inbox.example',
        kind: 'test.inbox',
        subject,
        text,
        link: '/redirect/master_orders/7',
      })
    const page = await inbox.loader({ request: await get('/inbox', 'excerpt@inbox.example'), params: {}, context })
    const [longRow, shortRow] = page.rows
    expect(shortRow).toMatchObject({ subject: 'Short', excerpt: 'Your order is approved.', more: null })
    expect(longRow!.excerpt.length).toBeLessThanOrEqual(161)
    expect(longRow!.excerpt).toMatch(/^A long story of an order\. .*…$/)
    expect(longRow!.more).toContain('The end.')
  })

  it('"Open" marks the notification read and goes to its record; again, it changes nothing and still goes there', async () => {
    const me = await makeStaffUser('internal', 'opener@inbox.example')
    const id = await mail('opener@inbox.example', 'Your order', '/redirect/master_orders/1')
    const open = async () =>
      answerOf(async () =>
        inbox.action({
          request: await post('/inbox?portal=main', { intent: 'open', id: String(id) }, 'opener@inbox.example'),
          params: {},
          context,
        }),
      )
    expect(await open()).toEqual({ status: 302, location: '/redirect/master_orders/1' })
    const [read] = await notificationsOf(me)
    expect(read!.read_at).not.toBeNull()
    expect(await open()).toEqual({ status: 302, location: '/redirect/master_orders/1' })
    expect((await notificationsOf(me))[0]!.read_at).toBe(read!.read_at)
  })

  it('"Open" of one without a record, and "Mark as read", go back to the page the form was on', async () => {
    const me = await makeStaffUser('internal', 'marker@inbox.example')
    const plain = await mail('marker@inbox.example', 'Nothing to open')
    const other = await mail('marker@inbox.example', 'Read me', '/profile')
    expect(
      await answerOf(async () =>
        inbox.action({
          request: await post('/inbox?show=unread', { intent: 'open', id: String(plain) }, 'marker@inbox.example'),
          params: {},
          context,
        }),
      ),
    ).toEqual({ status: 302, location: '/inbox?show=unread' })
    expect(
      await answerOf(async () =>
        inbox.action({
          request: await post(
            '/inbox?show=unread&page=1',
            { intent: 'read', id: String(other) },
            'marker@inbox.example',
          ),
          params: {},
          context,
        }),
      ),
    ).toEqual({ status: 302, location: '/inbox?show=unread&page=1' })
    expect((await notificationsOf(me)).every((n) => n.read_at !== null)).toBe(true)
  })

  it('another person’s notification is not found, and stays unread', async () => {
    const owner = await makeStaffUser('internal', 'owner@inbox.example')
    await makeStaffUser('internal', 'snoop@inbox.example')
    const id = await mail('owner@inbox.example', 'Private', '/profile')
    for (const intent of ['open', 'read'])
      expect(
        (
          await answerOf(async () =>
            inbox.action({
              request: await post('/inbox', { intent, id: String(id) }, 'snoop@inbox.example'),
              params: {},
              context,
            }),
          )
        ).status,
      ).toBe(404)
    expect((await notificationsOf(owner))[0]!.read_at).toBeNull()
    // A form that names nothing is refused, and changes nothing.
    expect(
      (
        await answerOf(async () =>
          inbox.action({
            request: await post('/inbox', { intent: 'open' }, 'snoop@inbox.example'),
            params: {},
            context,
          }),
        )
      ).status,
    ).toBe(400)
  })

  it('"Mark all as read" marks the viewer’s own up to the newest the page showed: one that came since stays unread', async () => {
    const me = await makeStaffUser('internal', 'all@inbox.example')
    const other = await makeStaffUser('internal', 'bystander@inbox.example')
    await mail('all@inbox.example', 'One')
    await mail('all@inbox.example', 'Two')
    await mail('bystander@inbox.example', 'Theirs')
    const page = await inbox.loader({ request: await get('/inbox', 'all@inbox.example'), params: {}, context })
    expect(page.unread.count).toBe(2)
    const later = await mail('all@inbox.example', 'Came meanwhile')
    const answer = await answerOf(async () =>
      inbox.action({
        request: await post('/inbox', { intent: 'read_all', upTo: String(page.newestId) }, 'all@inbox.example'),
        params: {},
        context,
      }),
    )
    expect(answer).toEqual({ status: 302, location: '/inbox' })
    expect((await notificationsOf(me)).filter((n) => n.read_at === null).map((n) => n.id)).toEqual([later])
    expect(await unreadCount(getDb(), other)).toEqual({ count: 1, capped: false })
  })

  it('a signed-out visitor is sent to sign in, a user of a company not yet active to the waiting page', async () => {
    const anonymous = await answerOf(() =>
      inbox.loader({ request: new Request('http://localhost/inbox'), params: {}, context }),
    )
    expect(anonymous).toEqual({ status: 302, location: '/login?redirectTo=%2Finbox' })
    const pending = await answerOf(async () =>
      inbox.loader({ request: await get('/inbox', 'pending.buyer@example.com'), params: {}, context }),
    )
    expect(pending).toEqual({ status: 302, location: '/pending_approval' })
  })
})

describe('the bell', () => {
  it('the root gives every page the signed-in user’s own unread count, capped at 99', async () => {
    await makeStaffUser('internal', 'bell@inbox.example')
    for (let i = 0; i < 3; i++) await mail('bell@inbox.example', `Bell ${i}`)
    const noisy = await makeStaffUser('internal', 'noisy@inbox.example')
    await getDb()
      .insertInto('notifications')
      .values(
        Array.from({ length: UNREAD_CAP + 5 }, (_, i) => ({
          user_id: noisy,
          kind: 'test',
          subject: `Many ${i}`,
          body_text: 'x',
        })),
      )
      .execute()
    const data = async (who: string) => {
      const answer = await rootLoader({ request: await get('/dashboard', who), params: {}, context })
      return ('data' in answer ? answer.data : answer).viewer?.unread
    }
    expect(await data('bell@inbox.example')).toEqual({ count: 3, capped: false })
    expect(await data('noisy@inbox.example')).toEqual({ count: UNREAD_CAP, capped: true })
    const anonymous = await rootLoader({ request: new Request('http://localhost/login'), params: {}, context })
    expect(('data' in anonymous ? anonymous.data : anonymous).viewer).toBeNull()
  })
})
