import * as z from 'zod'
import { codeField, moneyField, optionalText, quantityField } from '~/utils/fields'
import { readListParams, type ListParams } from '~/utils/list-params'
import { statusChoices } from './shared'
export { statusChoices } from './shared'

// ---------- The list's URL ----------

export const buyerSkuSorts = ['updated', 'code'] as const
export type BuyerSkuSort = (typeof buyerSkuSorts)[number]

export type StatusChoice = (typeof statusChoices)[number]

export interface BuyerSkuFilters extends ListParams<BuyerSkuSort> {
  status: StatusChoice
  /** The buyer as typed: "#12" or its exact name ('' for any). */
  buyer: string
  /** A product's slug ('' for any). */
  product: string
}

// ---------- Create and edit ----------

const priceField = moneyField('the price').refine((paise) => paise > 0, { error: 'Enter a price above ₹0' })
const moqField = quantityField('the minimum order quantity').refine((milli) => milli > 0, {
  error: 'Enter a minimum order quantity above 0',
})
const noteField = optionalText(500)

export const createBuyerSkuSchema = z.object({
  buyer: z
    .string({ error: 'Choose the buyer' })
    .trim()
    .min(1, 'Choose the buyer')
    .max(200, 'Use at most 200 characters'),
  productSkuCode: z
    .string({ error: 'Choose the product SKU' })
    .trim()
    .min(1, 'Choose the product SKU')
    .max(200, 'Use at most 200 characters'),
  buyerCode: codeField('the buyer’s code'),
  price: priceField,
  moq: moqField,
  note: noteField,
  idempotencyKey: z.string().max(100).optional(),
})
export type CreateBuyerSkuForm = z.output<typeof createBuyerSkuSchema>

/** `expectedCurrent` is the latest version number when the form was opened: a save made since wins. */
export const editBuyerSkuSchema = z.object({
  intent: z.literal('save'),
  buyerCode: codeField('the buyer’s code'),
  price: priceField,
  moq: moqField,
  note: noteField,
  expectedCurrent: z.coerce.number({ error: 'Reload the page and try again' }).int().min(0),
})
export type EditBuyerSkuForm = z.output<typeof editBuyerSkuSchema>

export { buyerSkuMachine, type StatusIntent } from './shared'

/** The list's state from its URL (unknown values are ignored). */
export function readBuyerSkuFilters(url: URL): BuyerSkuFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: buyerSkuSorts, defaultSort: 'updated', defaultDir: 'desc' })
  const status = params.get('status')
  return {
    ...list,
    status: statusChoices.find((s) => s === status) ?? 'active',
    buyer: (params.get('buyer') ?? '').trim().slice(0, 120),
    product: (params.get('product') ?? '').trim().slice(0, 40),
  }
}
