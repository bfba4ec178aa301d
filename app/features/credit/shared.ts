// What the credit pages' forms are called, without zod (a page's JavaScript never loads it).

export const holdFormId = (orderId: number) => `hold-${orderId}`
/** The cancel form of a held order: its own form, with its own confirming box. */
export const cancelHoldFormId = (orderId: number) => `hold-${orderId}-cancel`
export const GRACE_FORM = 'grace'
/** The aggregate turnover band's form (issue 52): an admin's platform setting beside the grace period. */
export const TURNOVER_BAND_FORM = 'turnover-band'
