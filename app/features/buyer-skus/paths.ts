export const LIST_PATH = '/skus/buyer_skus'
export const buyerSkuPath = (id: number) => `${LIST_PATH}/${id}/edit`
export const versionsPath = (id: number, query?: Record<string, string | number>) =>
  `${LIST_PATH}/${id}/versions${query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : ''}`
/** Sends admin and the requesting KAM to their own page of a price-change request. */
export const priceRequestPath = (id: number) => `/redirect/approvals/buyer_skus/pricing_requests/${id}`
