import type { RouteRules } from './rules'

// Main-portal buyer SKUs (internal staff and admin). Buyer SKU 1 exists in the demo data.
export const routes: RouteRules = {
  'routes/_main+/skus.buyer_skus._index': { path: '/skus/buyer_skus', portal: 'main' },
  'routes/_main+/skus.buyer_skus.create': { path: '/skus/buyer_skus/create', portal: 'main' },
  'routes/_main+/skus.buyer_skus.$buyerSKUId.edit': { path: '/skus/buyer_skus/1/edit', portal: 'main' },
  'routes/_main+/skus.buyer_skus.$buyerSKUId.versions': { path: '/skus/buyer_skus/1/versions', portal: 'main' },
}
