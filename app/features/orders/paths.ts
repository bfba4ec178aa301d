// Links to orders that work for whoever follows them: /redirect/... sends each user to the page in
// their own portal, or answers 404 where they may not see the order.

export const masterOrderRedirect = (id: number) => `/redirect/master_orders/${id}`
export const sellerOrderRedirect = (id: number) => `/redirect/sales_orders/${id}`
