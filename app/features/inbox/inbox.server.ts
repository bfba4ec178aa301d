import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { countOf } from '~/utils/format'
import { markAllNotificationsRead, markNotificationRead } from './mutations.server'
import { inboxFormSchema } from './schema'

export type InboxReply = SubmissionResult<string[]>

/**
 * The inbox's forms: open (mark read, then its record), mark one read, mark all read. `open`
 * answers where to go (the notification's link, else the inbox); the others go back to the page.
 * Another person's notification is not found.
 */
export async function handleInboxForm(
  db: Database,
  viewer: Viewer,
  form: FormData,
): Promise<FormOutcome<InboxReply> | { status: 'open'; to: string | null }> {
  const submission = parseWithZod(form, { schema: inboxFormSchema })
  if (submission.status !== 'success')
    return { status: 'invalid', reply: submission.reply({ formErrors: ['Choose a notification from the list.'] }) }
  const input = submission.value
  switch (input.intent) {
    case 'open': {
      const read = await markNotificationRead(db, viewer.userId, Number(input.id))
      if (!read) return { status: 'not-found' }
      return { status: 'open', to: read.link }
    }
    case 'read': {
      const read = await markNotificationRead(db, viewer.userId, Number(input.id))
      if (!read) return { status: 'not-found' }
      return { status: 'done', toast: { kind: 'success', message: 'Marked as read.' } }
    }
    case 'read_all': {
      const marked = await markAllNotificationsRead(db, viewer.userId, Number(input.upTo))
      return {
        status: 'done',
        toast: {
          kind: 'success',
          message: marked ? `${countOf(marked, 'notification')} marked as read.` : 'Nothing was unread.',
        },
      }
    }
  }
}
