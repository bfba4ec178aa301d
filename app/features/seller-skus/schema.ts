import * as z from 'zod'
import type { SellerSkuStatus } from '#db/types'
import { moneyField, quantityField } from '~/utils/fields'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { publishGaps } from './rules'

// ---------- The lists' URL ----------

export const sellerSkuSorts = ['updated', 'cost'] as const
export type SellerSkuSort = (typeof sellerSkuSorts)[number]

export interface SellerSkuFilters extends ListParams<SellerSkuSort> {
  status: SellerSkuStatus
  /** As typed: "#12" or a seller's exact name. */
  seller: string
  product: number | null
  category: number | null
}

/** A list's state from its URL. The live page shows live offers; the draft page drafts or, on request, archived ones. */
export function readSellerSkuFilters(url: URL, page: 'live' | 'draft'): SellerSkuFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: sellerSkuSorts, defaultSort: 'updated', defaultDir: 'desc' })
  return {
    ...list,
    status: page === 'live' ? 'live' : params.get('status') === 'archived' ? 'archived' : 'draft',
    seller: (params.get('seller') ?? '').trim().slice(0, 120),
    product: readId(params.get('product')),
    category: readId(params.get('category')),
  }
}

// ---------- The offer form (create and edit) ----------

/** Every offer field may be empty in a draft; what is typed must still be right. */
const offerFields = {
  sellerCode: z.string().trim().max(60, 'Use at most 60 characters').optional(),
  cost: moneyField('the cost price')
    .refine((paise) => paise > 0, { error: 'Enter a cost price above ₹0' })
    .optional(),
  moq: quantityField('the MOQ')
    .refine((milli) => milli > 0, { error: 'Enter an MOQ above 0' })
    .optional(),
  monthlyCapacity: quantityField('the monthly capacity')
    .refine((milli) => milli > 0, { error: 'Enter a monthly capacity above 0' })
    .optional(),
  leadTimeDays: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter the lead time as whole days, from 1 to 365')
    .transform(Number)
    .refine((days) => days >= 1 && days <= 365, { error: 'Enter the lead time as whole days, from 1 to 365' })
    .optional(),
}

/**
 * The create form. "Save and publish" (intent publish) applies the publish rules here, so an
 * incomplete offer is not created at all: the form comes back with a message at each missing field.
 */
export const createSellerSkuSchema = z
  .object({
    seller: z
      .string({ error: 'Choose the seller' })
      .trim()
      .min(1, 'Choose the seller')
      .max(200, 'Use at most 200 characters'),
    productSku: z
      .string({ error: 'Choose the product SKU' })
      .trim()
      .min(1, 'Choose the product SKU')
      .max(200, 'Use at most 200 characters'),
    ...offerFields,
    intent: z.enum(['draft', 'publish'], { error: 'Choose "Save draft" or "Save and publish"' }),
    idempotencyKey: z.string().max(100).optional(),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields are wrong, so one submit names everything; a wrong field keeps its own message.
      const wrong = new Set(ctx.issues.map((issue) => String(issue.path?.[0])))
      // A wrong field's value is whatever was sent (a repeated field, an array): it is left out.
      const read = <T>(field: string, read: T) => (wrong.has(field) ? undefined : read)
      const gaps = publishGaps({
        sellerCode: read('sellerCode', value.sellerCode),
        costMinor: read('cost', value.cost),
        moqMilli: read('moq', value.moq),
        monthlyCapacityMilli: read('monthlyCapacity', value.monthlyCapacity),
        leadTimeDays: read('leadTimeDays', value.leadTimeDays),
      })
      for (const [field, message] of Object.entries(gaps))
        if (!wrong.has(field)) ctx.addIssue({ code: 'custom', path: [field], message })
    },
    { when: (payload) => (payload.value as { intent?: unknown } | undefined)?.intent === 'publish' },
  )

export type CreateSellerSkuForm = z.output<typeof createSellerSkuSchema>

/** The edit form: the offer's terms (its seller and product SKU stay), at the version it was opened. */
export const editSellerSkuSchema = z.object({
  ...offerFields,
  version: z.string({ error: 'Reload the page and try again' }),
})

export type EditSellerSkuForm = z.output<typeof editSellerSkuSchema>
export type OfferTerms = Omit<EditSellerSkuForm, 'version'>
