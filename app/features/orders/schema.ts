import * as z from 'zod'
import { readDateFilters } from '~/utils/date-filters'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { ORDER_SOURCES } from './channels'
export { cartPath } from './shared'

// ---------- The master order cart (/master_order_cart) ----------

/** An id chosen in a select, or none ('' or absent: conform does not empty a record's values). A value that is not an id is refused at the field. */
const optionalId = (message: string) =>
  z
    .string()
    .regex(/^(\d{1,12})?$/, message)
    .optional()
    .transform((id) => (id ? Number(id) : null))

const typed = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => value ?? '')

/** One line of the cart form, as typed: it is checked when the cart is shown and when it is placed. */
const cartLineSchema = z.object({
  quantity: typed(40),
  requiredBy: typed(20),
  seller: optionalId('Choose one of the sellers offered for this item'),
})

/**
 * The cart form: the addresses and every line (`line.<id>.quantity|requiredBy|seller`), and what to
 * do with them: save, remove one line (`remove:<id>`), or place the order (with its idempotency key).
 * Every intent saves what was typed first, so nothing typed is lost.
 */
export const cartFormSchema = z.object({
  intent: z.string().regex(/^(save|place|remove:\d{1,12})$/, 'Reload the page and try again'),
  idempotencyKey: z.string().max(100).optional(),
  shipTo: optionalId('Choose one of this buyer’s shipping addresses'),
  billTo: optionalId('Choose one of this buyer’s billing addresses'),
  line: z
    .record(z.string().regex(/^\d{1,12}$/), cartLineSchema)
    .optional()
    .transform((lines) => lines ?? {}),
})
export type CartForm = z.output<typeof cartFormSchema>

/** Adds one of the buyer's SKUs to the cart: typed or chosen in the picker. */
export const addLineSchema = z.object({
  intent: z.literal('add'),
  buyerSku: z
    .string({ error: 'Choose one of the buyer’s SKUs' })
    .trim()
    .min(1, 'Choose one of the buyer’s SKUs')
    .max(200, 'Use at most 200 characters'),
})

// ---------- Order search (every portal's /master_orders) ----------

export const orderSorts = ['placed', 'required'] as const
export type OrderSort = (typeof orderSorts)[number]

export interface OrderFilters extends ListParams<OrderSort> {
  /** The buyer and seller as typed in their pickers ('' for any). */
  buyer: string
  seller: string
  /** A master order status (or, on the seller's list, a seller order status); '' for any. */
  status: string
  category: number | null
  source: string
  placedFrom: string
  placedTo: string
  requiredFrom: string
  requiredTo: string
  /** Dates that are not dates, by filter name, to say so beside the filter. */
  problems: Record<string, string>
}

const DATE_FILTERS = ['placedFrom', 'placedTo', 'requiredFrom', 'requiredTo'] as const

/** The search's state from its URL: unknown values are ignored, a date that is not one is said so. */
export function readOrderFilters(url: URL): OrderFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: orderSorts, defaultSort: 'placed', defaultDir: 'desc' })
  const text = (name: string, max = 120) => (params.get(name) ?? '').trim().slice(0, max)
  const { dates, problems } = readDateFilters(params, DATE_FILTERS)
  const source = text('source', 10)
  return {
    ...list,
    q: list.q.toUpperCase(),
    buyer: text('buyer'),
    seller: text('seller'),
    status: /^[a-z_]{1,30}$/.test(text('status')) ? text('status') : '',
    category: readId(params.get('category')),
    source: (ORDER_SOURCES as readonly string[]).includes(source) ? source : '',
    ...dates,
    problems,
  }
}

// ---------- The approval queues (/admin/approvals/seller_orders, /supplier_team/admin/…) ----------

export const OFFER_FILTERS = ['with', 'without'] as const

export interface ApprovalFilters extends ListParams<'waiting'> {
  buyer: string
  seller: string
  /** Only those with a counter-offer recorded ('with'), only those without, or all (''). */
  offer: '' | (typeof OFFER_FILTERS)[number]
}

/** The queue's state from its URL: oldest first, 20 to a page. */
export function readApprovalFilters(url: URL): ApprovalFilters {
  const params = url.searchParams
  const list = readListParams(url, {
    sorts: ['waiting'] as const,
    defaultSort: 'waiting',
    defaultDir: 'asc',
    pageSize: 20,
  })
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 120)
  const offer = text('offer')
  return {
    ...list,
    q: list.q.toUpperCase(),
    buyer: text('buyer'),
    seller: text('seller'),
    offer: (OFFER_FILTERS as readonly string[]).includes(offer) ? (offer as 'with') : '',
  }
}
