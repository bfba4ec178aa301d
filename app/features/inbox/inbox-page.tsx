import { Form, useSearchParams } from '@remix-run/react'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { unreadWords } from '~/ui/inbox-bell'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDateTime } from '~/utils/format'
import type { InboxReply } from './inbox.server'
import type { InboxData, InboxRow } from './queries.server'

/** The portal the page was opened from rides along in every link and form of the page (its shell's menu). */
function PortalField() {
  const portal = useSearchParams()[0].get('portal')
  return portal ? <input type="hidden" name="portal" value={portal} /> : null
}

function RowActions({ row }: { row: InboxRow }) {
  return (
    <div className="row">
      {row.opens ? (
        <Form method="post">
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" variant="primary" aria-label={`Open ${row.subject}`}>
            Open
          </Button>
        </Form>
      ) : null}
      {row.readAt === null ? (
        <Form method="post">
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" aria-label={`Mark as read: ${row.subject}`}>
            Mark as read
          </Button>
        </Form>
      ) : null}
    </div>
  )
}

const columns: Column<InboxRow>[] = [
  {
    key: 'subject',
    header: 'Subject',
    title: true,
    cell: (row) =>
      row.readAt === null ? (
        <span className="inbox-subject">
          <Badge tone="info">Unread</Badge> <strong>{row.subject}</strong>
        </span>
      ) : (
        <span className="inbox-subject">{row.subject}</span>
      ),
  },
  { key: 'received', header: 'Received', nowrap: true, cell: (row) => formatDateTime(row.createdAt) },
  {
    key: 'message',
    header: 'Message',
    cell: (row) =>
      row.more ? (
        <details className="inbox-message">
          <summary>{row.excerpt}</summary>
          <p className="inbox-text">{row.more}</p>
        </details>
      ) : (
        <span className="inbox-text">{row.excerpt}</span>
      ),
  },
  { key: 'actions', header: 'Actions', actions: true, cell: (row) => <RowActions row={row} /> },
]

/** The signed-in user's inbox: a copy of every e-mail sent to it, newest first (docs/domain.md "In-app inbox"). */
export function InboxPage({ data, actionData }: { data: InboxData; actionData?: InboxReply | null }) {
  const { filters, rows, total, capped, unread, newestId } = data
  const portal = useSearchParams()[0].get('portal')
  return (
    <>
      <PageHeader title="Inbox">
        {unread.count > 0 && newestId !== null ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read_all" />
            <input type="hidden" name="upTo" value={newestId} />
            <SubmitButton intent="read_all" pendingText="Marking…">
              Mark all as read
            </SubmitButton>
          </Form>
        ) : null}
      </PageHeader>
      <p className="muted">
        A copy of every e-mail the platform sends you: {unreadWords(unread)}. Open one to go to its record; it is then
        marked as read.
      </p>
      <FormErrors errors={actionData?.error?.[''] ?? null} />
      <Form method="get" className="filters" role="search" aria-label="Filter the inbox">
        <PortalField />
        <div className="field">
          <label htmlFor="inbox-show">Show</label>
          <select id="inbox-show" name="show" defaultValue={filters.show}>
            <option value="all">All</option>
            <option value="unread">Unread only</option>
          </select>
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary">
            Filter
          </Button>
          {filters.show !== 'all' ? (
            <Link to={portal ? `/inbox?${new URLSearchParams({ portal })}` : '/inbox'}>Show all</Link>
          ) : null}
        </div>
      </Form>
      <ListSummary
        total={total}
        capped={capped}
        noun={filters.show === 'unread' ? ['unread notification', 'unread notifications'] : 'notification'}
      />
      <Table
        caption="Notifications"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={filters.show === 'unread' ? 'Nothing unread: you are up to date.' : 'Nothing here yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </>
  )
}
