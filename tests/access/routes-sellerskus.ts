import type { RouteRules } from './rules'

// Seller offers in the main portal (internal staff and admin). Seller SKU 1 is in the demo data.
export const routes: RouteRules = {
  'routes/_main+/skus.seller_skus.live': { path: '/skus/seller_skus/live', portal: 'main' },
  'routes/_main+/skus.seller_skus.draft': { path: '/skus/seller_skus/draft', portal: 'main' },
  'routes/_main+/skus.seller_skus.create': { path: '/skus/seller_skus/create', portal: 'main' },
  'routes/_main+/skus.seller_skus.$sellerSKUId.edit': { path: '/skus/seller_skus/1/edit', portal: 'main' },
}
