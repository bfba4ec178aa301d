// What the credit pages' forms are called, without zod (a page's JavaScript never loads it).

export const holdFormId = (orderId: number) => `hold-${orderId}`
/** The cancel form of a held order: its own form, with its own confirming box. */
export const cancelHoldFormId = (orderId: number) => `hold-${orderId}-cancel`
export const GRACE_FORM = 'grace'
