import { config } from '~/config.server'
import type { Executor } from '~/platform/executor'
import { countUpTo } from '~/utils/count.server'
import { readListParams } from '~/utils/list-params'
import { INBOX_FILTERS, type InboxFilter } from './schema'

// The signed-in user's in-app inbox (docs/domain.md "In-app inbox (issue 40)"): copies of the
// e-mails sent to it (app/platform/outbox.server.ts queueEmail). Every query is scoped by the
// viewer's own user id: nobody reads or counts another person's notifications.

/** The bell counts up to this many, then says "99+": the count costs the same however many wait. */
export const UNREAD_CAP = 99

export interface UnreadCount {
  count: number
  capped: boolean
}

/** The bell's figure on every page: one query on the unread index (notifications_unread_idx). */
export async function unreadCount(db: Executor, userId: number): Promise<UnreadCount> {
  const { total, capped } = await countUpTo(
    db,
    db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('read_at', 'is', null),
    UNREAD_CAP,
  )
  return { count: total, capped }
}

/** How much of a notification's text the list shows; the rest opens below it. */
export const EXCERPT_CHARS = 160

export interface InboxRow {
  id: number
  subject: string
  excerpt: string
  /** The whole text, when the excerpt does not hold it all. */
  more: string | null
  /** Whether it has a record to open. */
  opens: boolean
  createdAt: string
  readAt: string | null
}

export interface InboxFilters {
  show: InboxFilter
  page: number
  pageSize: number
}

export function readInboxFilters(url: URL): InboxFilters {
  const { page, pageSize } = readListParams(url, { sorts: ['newest'], defaultSort: 'newest' })
  const asked = url.searchParams.get('show')
  const show = INBOX_FILTERS.find((f) => f === asked) ?? 'all'
  return { show, page, pageSize }
}

export interface InboxData {
  filters: InboxFilters
  rows: InboxRow[]
  total: number
  capped: boolean
  unread: UnreadCount
  /** The newest notification the user has, when the page was made: "Mark all as read" marks up to it. */
  newestId: number | null
}

/**
 * An e-mail's line that only carries a link to the platform ("See it: https://…/redirect/…", a bare
 * sign-in link): the app's "Open" does that, so the excerpt leaves it out. A link to the
 * notification's own record is one whatever the address the mail was written with.
 */
function isLinkLine(line: string, appUrl: string, link: string | null): boolean {
  const url = /^(?:[^\n]{0,40}:)?\s*(https?:\/\/\S+)$/.exec(line.trim())?.[1]
  if (!url) return false
  return url === appUrl || url.startsWith(`${appUrl}/`) || (link !== null && url.endsWith(link))
}

/**
 * A text on one line without its link lines, cut at a word near `max` characters; `cut` when some
 * was left out (the whole text then opens below it).
 */
function excerptOf(text: string, link: string | null, max = EXCERPT_CHARS): { excerpt: string; cut: boolean } {
  const { appUrl } = config()
  const flat = text
    .split('\n')
    .filter((line) => !isLinkLine(line, appUrl, link))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (flat.length <= max) return { excerpt: flat, cut: false }
  const head = flat.slice(0, max)
  const space = head.lastIndexOf(' ')
  return { excerpt: `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`, cut: true }
}

/** One page of the viewer's notifications, newest first: all, or the unread only. */
export async function inboxPage(db: Executor, userId: number, filters: InboxFilters): Promise<InboxData> {
  let query = db.selectFrom('notifications').where('user_id', '=', userId)
  if (filters.show === 'unread') query = query.where('read_at', 'is', null)
  const [counted, rows, unread, newest] = await Promise.all([
    countUpTo(db, query.select('id')),
    query
      .select(['id', 'subject', 'body_text', 'link', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize)
      .execute(),
    unreadCount(db, userId),
    db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  return {
    filters,
    total: counted.total,
    capped: counted.capped,
    unread,
    newestId: newest?.id ?? null,
    rows: rows.map((row) => {
      const { excerpt, cut } = excerptOf(row.body_text, row.link)
      return {
        id: row.id,
        subject: row.subject,
        excerpt,
        more: cut ? row.body_text : null,
        opens: row.link !== null,
        createdAt: row.created_at,
        readAt: row.read_at,
      }
    }),
  }
}
