// Where a master order came from (its own module: an order's page names its source without the import file's columns).

/** Where a master order came from: placed from the cart, or imported from a channel. */
export const ORDER_SOURCES = ['cart', 'solv', 'gt'] as const
export const sourceLabels: Record<(typeof ORDER_SOURCES)[number], string> = { cart: 'Cart', solv: 'Solv', gt: 'GT' }
