import * as z from 'zod'

// ---------- The master order cart (/master_order_cart) ----------

/** The cart page's address for a buyer: `?buyer=<id>`. */
export const cartPath = (buyerId?: number | null, hash?: string) => `/master_order_cart${buyerId ? `?buyer=${buyerId}` : ''}${hash ? `#${hash}` : ''}`

/** An id chosen in a select, or none ('' or absent: conform does not empty a record's values). A value that is not an id is refused at the field. */
const optionalId = (message: string) =>
  z
    .string()
    .regex(/^(\d{1,12})?$/, message)
    .optional()
    .transform((id) => (id ? Number(id) : null))

const typed = (max: number) => z.string().max(max, `Use at most ${max} characters`).optional().transform((value) => value ?? '')

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
  buyerSku: z.string({ error: 'Choose one of the buyer’s SKUs' }).trim().min(1, 'Choose one of the buyer’s SKUs').max(200, 'Use at most 200 characters'),
})
