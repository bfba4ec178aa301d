import { Link } from './link'

/** "3 unread", "99+ unread", "no unread": the bell's words and the inbox page's. */
export const unreadWords = ({ count, capped }: { count: number; capped: boolean }) =>
  count === 0 ? 'no unread' : `${count.toLocaleString('en-IN')}${capped ? '+' : ''} unread`

/**
 * The header's bell: a plain link to the viewer's inbox (opened in the shell of the portal it came
 * from) with the unread count the root loader read; named for screen readers "Inbox, 3 unread".
 */
export function InboxBell({ unread, portal }: { unread: { count: number; capped: boolean }; portal: string | null }) {
  const to = portal && portal !== 'field_operator' ? `/inbox?portal=${portal}` : '/inbox'
  return (
    <Link className="inbox-bell" to={to} aria-label={`Inbox, ${unreadWords(unread)}`}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread.count > 0 ? (
        <span className="inbox-count" aria-hidden="true">
          {unread.count}
          {unread.capped ? '+' : ''}
        </span>
      ) : null}
    </Link>
  )
}
