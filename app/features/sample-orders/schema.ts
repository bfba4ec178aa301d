import * as z from 'zod'
import { readDateFilters } from '~/utils/date-filters'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { SAMPLE_OPEN, SAMPLE_ORDER_STATUSES } from './states'
export { sampleCartPath } from './shared'

// ---------- The samples cart (/samples_order_cart) ----------

/**
 * The cart form: where it ships, the note, each line's quantity (`line.<id>.quantity`), and what to
 * do: save, remove one line (`remove:<id>`), or request the samples (with the idempotency key).
 * Every intent saves what was typed first, so nothing typed is lost.
 */
export const sampleCartFormSchema = z.object({
  intent: z.string().regex(/^(save|place|remove:\d{1,12})$/, 'Reload the page and try again'),
  idempotencyKey: z.string().max(100).optional(),
  shipTo: z
    .string()
    .regex(/^(\d{1,12})?$/, 'Choose one of this buyer’s shipping addresses')
    .optional()
    .transform((id) => (id ? Number(id) : null)),
  note: z
    .string()
    .max(1000, 'Use at most 1,000 characters')
    .optional()
    .transform((value) => value ?? ''),
  line: z
    .record(
      z.string().regex(/^\d{1,12}$/),
      z.object({
        quantity: z
          .string()
          .max(20, 'Use at most 20 characters')
          .optional()
          .transform((value) => value ?? ''),
      }),
    )
    .optional()
    .transform((lines) => lines ?? {}),
})
export type SampleCartForm = z.output<typeof sampleCartFormSchema>

/** Adds a sample SKU to the cart: typed or chosen in the picker. */
export const addSampleSchema = z.object({
  intent: z.literal('add'),
  sampleSku: z
    .string({ error: 'Choose a sample SKU' })
    .trim()
    .min(1, 'Choose a sample SKU')
    .max(200, 'Use at most 200 characters'),
})

// ---------- A sample order's steps ----------

const reason = z
  .string({ error: 'Say why: the buyer reads it' })
  .trim()
  .min(1, 'Say why: the buyer reads it')
  .max(500, 'Use at most 500 characters')

/** The buyer's feedback on a delivered order: a rating of 1 to 5 and a comment per item (`item.<id>.rating`). */
export const sampleFeedbackSchema = z.object({
  intent: z.literal('feedback'),
  item: z.record(
    z.string().regex(/^\d{1,12}$/),
    z.object({
      rating: z.coerce
        .number({ error: 'Rate this sample from 1 to 5' })
        .int('Rate this sample from 1 to 5')
        .min(1, 'Rate this sample from 1 to 5')
        .max(5, 'Rate this sample from 1 to 5'),
      comment: z
        .string()
        .max(1000, 'Use at most 1,000 characters')
        .optional()
        .transform((value) => value ?? ''),
    }),
    { error: 'Rate each sample from 1 to 5' },
  ),
})

export const sampleStepSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve') }),
  z.object({ intent: z.literal('reject'), reason }),
  z.object({ intent: z.literal('cancel'), reason }),
  z.object({
    intent: z.literal('dispatch'),
    courier: z
      .string({ error: 'Enter the courier' })
      .trim()
      .min(1, 'Enter the courier')
      .max(80, 'Use at most 80 characters'),
    trackingNumber: z
      .string({ error: 'Enter the tracking number' })
      .trim()
      .min(1, 'Enter the tracking number')
      .max(80, 'Use at most 80 characters'),
  }),
  z.object({ intent: z.literal('deliver') }),
  sampleFeedbackSchema,
])
export type SampleStepForm = z.output<typeof sampleStepSchema>

// ---------- Sample order search (each portal's /sample_orders) ----------

export interface SampleFilters extends ListParams<'requested'> {
  /** The buyer and sample SKU as typed in their pickers ('' for any). */
  buyer: string
  sampleSku: string
  /** A status, `open`, or '' for any. */
  status: string
  /** The KAM whose buyers' orders to show. */
  kam: number | null
  requestedFrom: string
  requestedTo: string
  /** Dates that are not dates, by filter name. */
  problems: Record<string, string>
}

const DATE_FILTERS = ['requestedFrom', 'requestedTo'] as const

/** The search's state from its URL: unknown values are ignored, a date that is not one is said so. */
export function readSampleFilters(url: URL): SampleFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: ['requested'] as const, defaultSort: 'requested', defaultDir: 'desc' })
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 120)
  const { dates, problems } = readDateFilters(params, DATE_FILTERS)
  const status = text('status')
  return {
    ...list,
    q: list.q.toUpperCase(),
    buyer: text('buyer'),
    sampleSku: text('sampleSku'),
    status: status === SAMPLE_OPEN || (SAMPLE_ORDER_STATUSES as readonly string[]).includes(status) ? status : '',
    kam: readId(params.get('kam')),
    ...dates,
    problems,
  }
}
