import type { SellerSkuStatus } from '#db/types'

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

/** The state changes on an offer's page: each one UPDATE conditional on the status it starts from. */
export const transitions = {
  publish: { from: 'draft', to: 'live', action: 'published', button: 'Publish', done: 'live' },
  unpublish: { from: 'live', to: 'draft', action: 'unpublished', button: 'Unpublish', done: 'back in draft' },
  archive: { from: ['draft', 'live'], to: 'archived', action: 'archived', button: 'Archive', done: 'archived' },
  restore: { from: 'archived', to: 'draft', action: 'restored', button: 'Restore to draft', done: 'back in draft' },
} as const satisfies Record<
  string,
  {
    from: SellerSkuStatus | readonly SellerSkuStatus[]
    to: SellerSkuStatus
    action: string
    button: string
    done: string
  }
>

export type Transition = keyof typeof transitions
export const transitionNames = Object.keys(transitions) as Transition[]

/** The transitions open from a status, in the order the page offers them. */
export function transitionsFrom(status: SellerSkuStatus): Transition[] {
  return transitionNames.filter((t) => {
    const from: SellerSkuStatus | readonly SellerSkuStatus[] = transitions[t].from
    return typeof from === 'string' ? from === status : from.includes(status)
  })
}

export const listPath = (status: SellerSkuStatus) =>
  status === 'live'
    ? '/skus/seller_skus/live'
    : status === 'draft'
      ? '/skus/seller_skus/draft'
      : '/skus/seller_skus/draft?status=archived'
export const editPath = (id: number) => `/skus/seller_skus/${id}/edit`
