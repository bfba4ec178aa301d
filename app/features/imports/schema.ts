import * as z from 'zod'

// The imports' forms: the upload (what the file holds; the file itself is read apart, by its bytes)
// and the buttons of an import's page.

/** "buyer_skus", "seller_skus", "seller_costs", or "product_skus:<product slug>". */
export const KIND_CHOICE = /^(?:buyer_skus|seller_skus|seller_costs|product_skus:[a-z][a-z0-9_]{0,29})$/

export const newImportSchema = z.object({
  kind: z.string({ error: 'Choose what the file holds' }).trim().regex(KIND_CHOICE, 'Choose what the file holds'),
  file: z.any().optional(),
  idempotencyKey: z.string().max(100).optional(),
})

export const importJobSchema = z.object({ intent: z.enum(['apply', 'cancel']) })
