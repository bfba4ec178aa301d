import type { Executor } from '~/platform/executor'

// Reading one's inbox (docs/domain.md "In-app inbox (issue 40)"). Each is one conditional UPDATE
// scoped by the viewer's own user id, so it is atomic without a transaction, idempotent (a second
// click, or two tabs, change nothing more) and never touches another person's rows. Not audited:
// reading one's own notifications is no business state change, and the audit trail would fill with
// it (as the cart's edits are not audited).

/**
 * Marks one of the viewer's notifications read (if it is not already). Null when the viewer has no
 * such notification (another person's id answers as a missing one); else where it leads.
 */
export async function markNotificationRead(
  db: Executor,
  userId: number,
  id: number,
  now = new Date(),
): Promise<{ link: string | null; changed: boolean } | null> {
  const row = await db
    .selectFrom('notifications')
    .select(['link', 'read_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  if (row.read_at !== null) return { link: row.link, changed: false }
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  return { link: row.link, changed: Number(result.numUpdatedRows) === 1 }
}

/**
 * Marks every unread notification of the viewer read, up to `upToId` (the newest the page showed:
 * one that arrived since stays unread). Returns how many it marked.
 */
export async function markAllNotificationsRead(
  db: Executor,
  userId: number,
  upToId: number,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('id', '<=', upToId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
