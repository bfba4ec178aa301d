import * as z from 'zod'

// The forms of an order's page and of the approval queues, apart from the cart's and the searches'
// (schema.ts), so the order page's JavaScript carries only these.

const typed = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => value ?? '')

const idField = z
  .string({ error: 'Reload the page and try again' })
  .regex(/^\d{1,12}$/, 'Reload the page and try again')
  .transform(Number)
const reasonField = z
  .string()
  .trim()
  .max(1000, 'Use at most 1,000 characters')
  .optional()
  .transform((value) => value ?? '')

/** Which of a page's small forms sent a reply, so only that one shows it. */
const formName = z.string().max(60).optional()

/** A step of one seller order (states.ts): approve, reject (reason), start production, cancel (reason)… */
export const orderStepSchema = z.object({
  intent: z.literal('step'),
  form: formName,
  sellerOrder: idField,
  step: z.string().max(40),
  reason: reasonField,
})
/** One line to its next workflow stage, from the stage the seller saw. */
export const advanceLineSchema = z.object({
  intent: z.literal('advance'),
  form: formName,
  line: idField,
  from: z
    .string()
    .regex(/^\d{1,6}$/, 'Reload the page and try again')
    .transform(Number),
})
/** The whole order cancelled, with a reason. */
export const cancelOrderSchema = z.object({
  intent: z.literal('cancel_order'),
  form: formName,
  reason: z
    .string({ error: 'Say why the order is cancelled' })
    .trim()
    .min(1, 'Say why the order is cancelled')
    .max(1000, 'Use at most 1,000 characters'),
})
/** A rejected seller order's lines moved to another seller. */
export const moveLinesSchema = z.object({
  intent: z.literal('move'),
  form: formName,
  sellerOrder: idField,
  seller: z
    .string({ error: 'Choose the seller' })
    .trim()
    .min(1, 'Choose the seller')
    .max(200, 'Use at most 200 characters'),
})

// ---------- Deciding seller orders (the order page and the approval queues) ----------

/** The seller's counter-offer recorded on one seller order, per line: `line.<subOrderId>.quantity|readyBy|cost`. */
export const counterOfferSchema = z.object({
  intent: z.literal('counter'),
  form: formName,
  sellerOrder: idField,
  line: z
    .record(z.string().regex(/^\d{1,12}$/), z.object({ quantity: typed(40), readyBy: typed(20), cost: typed(40) }))
    .optional()
    .transform((lines) => lines ?? {}),
})

/** The recorded counter-offer accepted, or declined with a reason (the seller reads it). */
export const counterDecisionSchema = z.object({
  intent: z.enum(['accept_counter', 'decline_counter']),
  form: formName,
  sellerOrder: idField,
  reason: reasonField,
})

/** The buyer's agreement to a counter-offer that changes what it receives (its KAM, an admin or the buyer itself). */
export const counterAgreementSchema = z.object({
  intent: z.literal('agree_counter'),
  form: formName,
  sellerOrder: idField,
})

/** The seller orders ticked in a queue, approved together. */
export const bulkApproveSchema = z.object({
  intent: z.literal('bulk_approve'),
  form: formName,
  sellerOrder: z
    .array(idField, { error: 'Tick the seller orders to approve' })
    .min(1, 'Tick the seller orders to approve')
    .max(100, 'Approve at most 100 seller orders at a time'),
})
