// The cart's address.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

/** The cart page's address for a buyer: `?buyer=<id>`. */
export const cartPath = (buyerId?: number | null, hash?: string) =>
  `/master_order_cart${buyerId ? `?buyer=${buyerId}` : ''}${hash ? `#${hash}` : ''}`
