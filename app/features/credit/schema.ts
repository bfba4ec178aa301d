import * as z from 'zod'
export { cancelHoldFormId, GRACE_FORM, holdFormId, TURNOVER_BAND_FORM } from './shared'

const reason = z
  .string({ error: 'Say why: it is kept in the order’s history' })
  .trim()
  .min(1, 'Say why: it is kept in the order’s history')
  .max(1000, 'At most 1,000 characters')

/**
 * A held order released or cancelled from the credit holds page, with a reason. A release that
 * chooses (`scope` "chosen", the page's form) names the seller orders that go on; the rest are
 * cancelled. A cancel is confirmed with a ticked box: the page's button alone cancels nothing.
 */
export const holdDecisionSchema = z
  .object({
    intent: z.enum(['release', 'cancel'], { error: 'Choose release or cancel' }),
    order: z.coerce.number({ error: 'No such order' }).int().positive(),
    reason,
    scope: z.enum(['all', 'chosen']).default('all'),
    sellerOrders: z.array(z.coerce.number().int().positive()).default([]),
    confirm: z.literal('yes').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent === 'cancel' && value.confirm !== 'yes')
      ctx.addIssue({
        code: 'custom',
        path: ['confirm'],
        message: 'Tick the box to confirm: a cancelled order cannot be placed again',
      })
    if (value.intent === 'release' && value.scope === 'chosen' && value.sellerOrders.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['sellerOrders'],
        message: 'Choose at least one seller order to release, or cancel the whole order',
      })
  })

/** An admin's grace period (days an invoice may be overdue before new orders are held). */
export const graceSchema = z.object({
  intent: z.literal('grace'),
  graceDays: z.string({ error: 'Say a whole number of days' }).trim(),
})

/** An admin's aggregate turnover band (issue 52): how many digits of HSN every document carries. */
export const turnoverBandSchema = z.object({
  intent: z.literal('turnover-band'),
  band: z.string({ error: 'Choose the aggregate turnover band' }).trim(),
})
