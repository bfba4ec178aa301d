import * as z from 'zod'

// The inbox's forms (app/routes/_main+/inbox.tsx): buttons with hidden fields, one intent each.

// Ids are PostgreSQL `serial` (int4): a larger number would be an error there, not a missing row.
const id = z
  .string({ error: 'Choose a notification' })
  .regex(/^\d{1,10}$/, 'Choose a notification')
  .refine((value) => Number(value) <= 2_147_483_647, 'Choose a notification')

export const inboxFormSchema = z.discriminatedUnion('intent', [
  // Mark it read and go to its record.
  z.object({ intent: z.literal('open'), id }),
  z.object({ intent: z.literal('read'), id }),
  // Up to the newest the page showed: one that arrives meanwhile stays unread.
  z.object({ intent: z.literal('read_all'), upTo: id }),
])

export type InboxForm = z.output<typeof inboxFormSchema>

export const INBOX_FILTERS = ['all', 'unread'] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]
