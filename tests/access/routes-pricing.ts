import type { RouteRules } from './rules'

export const routes: RouteRules = {
  'routes/demand_kam+/approvals.buyer_skus.pricing_requests': {
    path: '/demand_kam/approvals/buyer_skus/pricing_requests',
    portal: 'demand_kam',
  },
  'routes/admin+/approvals.buyer_skus.pricing_requests._index': {
    path: '/admin/approvals/buyer_skus/pricing_requests?index',
    portal: 'admin',
  },
  // Request 1 is in the demo data.
  'routes/admin+/approvals.buyer_skus.pricing_requests.$pricingRequestId': {
    path: '/admin/approvals/buyer_skus/pricing_requests/1',
    portal: 'admin',
  },
  // Request 1 is on a SKU of buyer 1, assigned to the demo demand KAM: admin and that KAM are sent
  // on to decide it, the main portal's staff to the buyer SKU's waiting requests (issue 51), everyone else gets 404.
  'routes/redirect+/approvals.buyer_skus.pricing_requests.$pricingRequestId': {
    path: '/redirect/approvals/buyer_skus/pricing_requests/1',
    expect: (who, kind) =>
      kind === 'post'
        ? 'not-allowed'
        : who === 'anonymous'
          ? 'login'
          : who === 'pending'
            ? 'pending'
            : who === 'admin' || who === 'demand_kam' || who === 'internal'
              ? 'redirect'
              : 'not-found',
  },
}
