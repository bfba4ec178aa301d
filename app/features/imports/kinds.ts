// The kinds of bulk import, their statuses and outcomes, and the pages' addresses: plain values the
// views and the server share (no zod, no database).
import type { ImportJobStatus, ImportKindKey, ImportOutcome, ImportResult } from '#db/types'

export const IMPORT_KINDS = [
  'buyer_skus',
  'product_skus',
  'seller_skus',
  'seller_costs',
] as const satisfies readonly ImportKindKey[]
export type { ImportJobStatus, ImportKindKey, ImportOutcome, ImportResult }

export const kindLabels: Record<ImportKindKey, string> = {
  buyer_skus: 'Buyer SKUs and prices',
  product_skus: 'Product SKUs',
  seller_skus: 'Seller SKUs (offers)',
  seller_costs: 'Sellers’ cost updates',
}

/** What each kind does, in a sentence for the new-import page. */
export const kindAbout: Record<ImportKindKey, string> = {
  buyer_skus:
    'Creates buyer SKUs, and changes the price or MOQ of those a buyer already has as a new version in force when applied.',
  product_skus:
    'Creates product SKUs of one product and changes existing ones by their code. Attribute columns left out keep their values.',
  seller_skus:
    'Creates sellers’ offers (draft or live) and changes the terms of a seller’s open offer of a product SKU. Columns left out keep their values.',
  seller_costs: 'Changes the cost price of sellers’ open (draft or live) offers; nothing is created.',
}

export const IMPORT_OUTCOMES = ['create', 'change', 'unchanged', 'refused'] as const satisfies readonly ImportOutcome[]
export const outcomeLabels: Record<ImportOutcome, string> = {
  create: 'Create',
  change: 'Change',
  unchanged: 'Unchanged',
  refused: 'Refused',
}
export const resultLabels: Record<ImportResult, string> = {
  created: 'Created',
  changed: 'Changed',
  unchanged: 'Already so',
  refused: 'Refused when applied',
  requested: 'Price-change request',
}
export const statusLabels: Record<ImportJobStatus, string> = {
  previewed: 'Previewed',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  cancelled: 'Discarded',
}

export const IMPORTS_PATH = '/skus/imports'
export const NEW_IMPORT_PATH = `${IMPORTS_PATH}/new`
export const importPath = (id: number) => `${IMPORTS_PATH}/${id}`
/** The template of a kind (product SKUs: of one product, by its slug). */
export const templatePath = (kind: ImportKindKey, product?: string) =>
  `${IMPORTS_PATH}/templates/${kind}${product ? `-${product}` : ''}.csv`

/** The value of the kind field: product SKUs name their product ("product_skus:fabric"). */
export const kindChoice = (kind: ImportKindKey, product?: string) => (product ? `${kind}:${product}` : kind)
