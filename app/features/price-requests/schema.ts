import * as z from 'zod'
import type { PriceChangeStatus } from '#db/types'
import { controlError, moneyField, optionalDateField, plainText } from '~/utils/fields'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { requestStatuses } from './shared'
export { CREATE_FORM_ID, requestStatuses, statusLabels } from './shared'

// ---------- The lists' URLs ----------

export type StatusFilter = PriceChangeStatus | 'all'

export interface RequestFilters extends Omit<ListParams<'created'>, 'sort' | 'dir'> {
  status: StatusFilter
}

/**
 * A list's state from its URL. The KAM follows everything it asked for (default all); admin works
 * through what waits (default pending).
 */
export function readRequestFilters(url: URL, defaultStatus: StatusFilter): RequestFilters {
  const { q, page, pageSize } = readListParams(url, { sorts: ['created'] as const, defaultSort: 'created' })
  const status = url.searchParams.get('status')
  return {
    q,
    page,
    pageSize,
    status: status === 'all' ? 'all' : (requestStatuses.find((s) => s === status) ?? defaultStatus),
  }
}

/** The buyer SKU chosen on the KAM's page (`?buyerSku=`), and its search box (`?find=`). */
export function readKamParams(url: URL) {
  return {
    buyerSkuId: readId(url.searchParams.get('buyerSku')),
    find: (url.searchParams.get('find') ?? '').trim().slice(0, 100),
  }
}

// ---------- The KAM's forms ----------

export const createRequestSchema = z.object({
  intent: z.literal('create'),
  buyerSkuId: z.coerce.number({ error: 'Choose a buyer SKU first' }).int().positive(),
  proposedPrice: moneyField('the proposed price').refine((paise) => paise > 0, { error: 'Enter a price above ₹0' }),
  reason: z
    .string({ error: 'Say why the price should change' })
    .trim()
    .min(10, 'Say why the price should change (at least 10 characters)')
    .max(500, 'Use at most 500 characters')
    .refine(plainText, controlError),
  // An Asia/Kolkata calendar date as typed by a date input.
  effectiveFrom: optionalDateField(),
  idempotencyKey: z.string().max(100).optional(),
})
export type CreateRequestForm = z.output<typeof createRequestSchema>

export const withdrawSchema = z.object({
  intent: z.literal('withdraw'),
  requestId: z.coerce.number().int().positive(),
})

/** The KAM confirms its pending request against the price in force after the base moved. */
export const rebaseSchema = z.object({
  intent: z.literal('rebase'),
  requestId: z.coerce.number().int().positive(),
})

// ---------- Admin's decision ----------

export const decisionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('approve'),
    note: z.string().trim().max(500, 'Use at most 500 characters').optional(),
  }),
  z.object({
    intent: z.literal('reject'),
    note: z
      .string({ error: 'Say why the request is rejected (the KAM reads it)' })
      .trim()
      .min(3, 'Say why the request is rejected (at least 3 characters)')
      .max(500, 'Use at most 500 characters'),
  }),
])
export type Decision = z.output<typeof decisionSchema>
