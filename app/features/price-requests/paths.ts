// Where the price-change pages live (spec names: KAMBuyerSKUPriceChangeRequests, AdminBuyerSKUPriceChangeRequests, AdminBuyerSKUPriceChangeRequest).

export const KAM_LIST_PATH = '/demand_kam/approvals/buyer_skus/pricing_requests'
export const ADMIN_LIST_PATH = '/admin/approvals/buyer_skus/pricing_requests'
/** The KAM's list with every status, scrolled to the request's row. */
export const kamRequestPath = (id: number) => `${KAM_LIST_PATH}?status=all#request-${id}`
export const adminRequestPath = (id: number) => `${ADMIN_LIST_PATH}/${id}`
