import * as z from 'zod'
import { codeField, moneyField, nameField, wholeNumberField } from '~/utils/fields'
import { readId, readListParams, type ListParams } from '~/utils/list-params'

// ---------- The list's URL ----------

export const sampleSkuSorts = ['code', 'name', 'updated'] as const
export type SampleSkuSort = (typeof sampleSkuSorts)[number]

export const sampleSkuStates = ['active', 'inactive', 'all'] as const
export type SampleSkuState = (typeof sampleSkuStates)[number]

export interface SampleSkuFilters extends ListParams<SampleSkuSort> {
  categoryId: number | null
  productId: number | null
  /** Active by default: inactive samples are not offered, so they are looked up on purpose. */
  state: SampleSkuState
  inStock: boolean
}

/** The list's state from its URL (unknown values are ignored). */
export function readSampleSkuFilters(url: URL): SampleSkuFilters {
  const params = url.searchParams
  const state = params.get('state')
  return {
    ...readListParams(url, { sorts: sampleSkuSorts, defaultSort: 'code' }),
    categoryId: readId(params.get('category')),
    productId: readId(params.get('product')),
    state: sampleSkuStates.find((s) => s === state) ?? 'active',
    inStock: params.get('in_stock') === '1',
  }
}

// ---------- The sample SKU form (create and edit) ----------

export const MAX_STOCK = 1_000_000

// A minus sign gets its own message: "-50" is a typed amount, just not an allowed one.
const chargeField = z
  .string({ error: 'Enter the sample charge in rupees (0 for a free sample)' })
  .trim()
  .refine((value) => !value.startsWith('-'), {
    error: 'The sample charge cannot be negative: enter 0 for a free sample',
    abort: true,
  })
  .pipe(moneyField('the sample charge'))

export const sampleSkuFormSchema = z.object({
  code: codeField('the code'),
  name: nameField('the name'),
  categoryId: z.number({ error: 'Choose a category' }).int().positive(),
  /** A product SKU's code, matched exactly whatever its case; empty for none. */
  productSkuCode: z.string().trim().max(200, 'Use at most 200 characters').optional(),
  charge: chargeField,
  stock: wholeNumberField('the stock', { min: 0, max: MAX_STOCK }),
  active: z.boolean().optional(),
  /** Edit: the "remove the current image" box. */
  imageRemove: z.boolean().optional(),
  /** Edit: the record's updated_at when the form was opened; a save made since then wins. */
  version: z.string().optional(),
  /** Create: made when the page rendered, so a repeated submit creates nothing new. */
  idempotencyKey: z.string().max(100).optional(),
})

export type SampleSkuForm = z.output<typeof sampleSkuFormSchema>
