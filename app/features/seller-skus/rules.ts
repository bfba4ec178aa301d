import type { SellerSkuStatus } from '#db/types'
import { machine, stepsFrom } from '~/platform/steps'

// The publish rules of a seller's offer (shared/spec/domain.md section 2: "publishing requires
// every field"), in one place for the create form, the edit page, the publish action and the list.

export const sellerSkuStatuses = ['draft', 'live', 'archived'] as const satisfies readonly SellerSkuStatus[]
export const statusLabels: Record<SellerSkuStatus, string> = { draft: 'Draft', live: 'Live', archived: 'Archived' }

/** The form fields of an offer, in the order the form shows them. */
export const offerFields = [
  'seller',
  'productSku',
  'sellerCode',
  'cost',
  'moq',
  'monthlyCapacity',
  'leadTimeDays',
] as const
export type OfferField = (typeof offerFields)[number]

export const fieldLabels: Record<OfferField, string> = {
  seller: 'seller',
  productSku: 'product SKU',
  sellerCode: 'seller’s code',
  cost: 'cost price',
  moq: 'MOQ',
  monthlyCapacity: 'monthly capacity',
  leadTimeDays: 'lead time',
}

export interface OfferValues {
  sellerCode: string | null | undefined
  costMinor: number | null | undefined
  moqMilli: number | null | undefined
  monthlyCapacityMilli: number | null | undefined
  leadTimeDays: number | null | undefined
  /** Unknown (undefined) while the form has not resolved them yet: not checked then. */
  sellerActive?: boolean
  productSkuActive?: boolean
}

/** What stops an offer from going live, as a message per field; empty when it may be published. */
export function publishGaps(offer: OfferValues): Partial<Record<OfferField, string>> {
  const gaps: Partial<Record<OfferField, string>> = {}
  if (offer.sellerActive === false) gaps.seller = 'This seller is not active: only an active seller’s offers go live'
  if (offer.productSkuActive === false)
    gaps.productSku = 'This product SKU is archived: only active product SKUs can be offered live'
  if (!offer.sellerCode?.trim()) gaps.sellerCode = 'Enter the seller’s code to publish'
  if (!offer.costMinor || offer.costMinor <= 0) gaps.cost = 'Enter a cost price above ₹0 to publish'
  if (!offer.moqMilli || offer.moqMilli <= 0) gaps.moq = 'Enter an MOQ above 0 to publish'
  if (!offer.monthlyCapacityMilli || offer.monthlyCapacityMilli <= 0)
    gaps.monthlyCapacity = 'Enter the monthly capacity to publish'
  if (!offer.leadTimeDays) gaps.leadTimeDays = 'Enter the lead time in days to publish'
  return gaps
}

/** The missing fields' names for a list cell: "seller’s code, lead time". */
export const gapSummary = (gaps: Partial<Record<OfferField, string>>) =>
  offerFields
    .filter((f) => gaps[f])
    .map((f) => (f === 'seller' ? 'an active seller' : f === 'productSku' ? 'an active product SKU' : fieldLabels[f]))
    .join(', ')

/**
 * The state changes on an offer's page, taken by the one step helper (~/platform/steps.server):
 * each an UPDATE conditional on the status it starts from. `done` names the audit action.
 */
export const sellerSkuMachine = machine({
  entity: 'seller_sku',
  table: 'seller_skus',
  called: 'This offer',
  words: { draft: 'in draft' },
  steps: {
    publish: { from: ['draft'], to: 'live', by: 'staff', label: 'Publish', done: 'published' },
    unpublish: { from: ['live'], to: 'draft', by: 'staff', label: 'Unpublish', done: 'unpublished' },
    archive: { from: ['draft', 'live'], to: 'archived', by: 'staff', label: 'Archive', done: 'archived' },
    restore: { from: ['archived'], to: 'draft', by: 'staff', label: 'Restore to draft', done: 'restored' },
  },
})

export type Transition = keyof typeof sellerSkuMachine.steps
export const transitionNames = Object.keys(sellerSkuMachine.steps) as Transition[]

/** What the offer is after a step, as its toast says it: "The offer is live." */
export const becomes: Record<Transition, string> = {
  publish: 'live',
  unpublish: 'back in draft',
  archive: 'archived',
  restore: 'back in draft',
}

/** The transitions open from a status, in the order the page offers them. */
export const transitionsFrom = (status: SellerSkuStatus): Transition[] => stepsFrom(sellerSkuMachine, status)

export const listPath = (status: SellerSkuStatus) =>
  status === 'live'
    ? '/skus/seller_skus/live'
    : status === 'draft'
      ? '/skus/seller_skus/draft'
      : '/skus/seller_skus/draft?status=archived'
export const editPath = (id: number) => `/skus/seller_skus/${id}/edit`
