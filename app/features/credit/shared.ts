// What the credit pages' forms are called, without zod (a page's JavaScript never loads it).

export const holdFormId = (orderId: number) => `hold-${orderId}`
export const GRACE_FORM = 'grace'
