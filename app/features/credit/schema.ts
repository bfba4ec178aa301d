import * as z from 'zod'
export { GRACE_FORM, holdFormId } from './shared'

/** A held order released or cancelled from the credit holds page, with a reason. */
export const holdDecisionSchema = z.object({
  intent: z.enum(['release', 'cancel'], { error: 'Choose release or cancel' }),
  order: z.coerce.number({ error: 'No such order' }).int().positive(),
  reason: z
    .string({ error: 'Say why: it is kept in the order’s history' })
    .trim()
    .min(1, 'Say why: it is kept in the order’s history')
    .max(1000, 'At most 1,000 characters'),
})

/** An admin's grace period (days an invoice may be overdue before new orders are held). */
export const graceSchema = z.object({
  intent: z.literal('grace'),
  graceDays: z.string({ error: 'Say a whole number of days' }).trim(),
})
