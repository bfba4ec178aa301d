import * as z from 'zod'
import { WEBHOOK_EVENT_NAMES } from '~/platform/webhook-events'
import { controlError, singleLine } from '~/utils/fields'
export { CREATE_FORM_ID } from './shared'

/** A new subscription: where to send, what it is for, which events (the URL's rules are the server's: webhookUrlProblem). */
export const createSubscriptionSchema = z.object({
  intent: z.literal('create'),
  idempotencyKey: z.string().max(100).optional(),
  url: z
    .string({ error: 'Enter the address that receives the events, such as https://erp.example.com/webhooks' })
    .trim()
    .max(2000, 'Use an address of at most 2,000 characters')
    .refine(singleLine, controlError),
  description: z.string().trim().max(200, 'Use at most 200 characters').refine(singleLine, controlError).optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENT_NAMES as [string, ...string[]], { error: 'Choose events from the list' }), {
      error: 'Choose at least one event',
    })
    .min(1, 'Choose at least one event'),
})

/** A button of a subscription's page: what it does, the page's key (a double submit does it once), the delivery for a replay. */
export const subscriptionActionSchema = z.object({
  intent: z.enum(['test', 'rotate', 'disable', 'enable', 'delete', 'replay']),
  idempotencyKey: z.string().max(100).optional(),
  delivery: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})
