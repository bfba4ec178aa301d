import type { RouteRules } from './rules'

// Product SKU 1 is a fabric SKU of category 1 (the demo catalogue seeds fabric first).
export const routes: RouteRules = {
  'routes/_main+/skus.$productSkus._index': { path: '/skus/fabric_skus', portal: 'main' },
  'routes/_main+/skus.$productSkus.create': { path: '/skus/fabric_skus/create', portal: 'main' },
  'routes/_main+/skus.$productSkus.$productSKUId._index': { path: '/skus/fabric_skus/1', portal: 'main' },
  'routes/_main+/skus.$productSkus.$productSKUId.edit': { path: '/skus/fabric_skus/1/edit', portal: 'main' },
  'routes/_main+/skus.$productSkus.export[.csv]': { path: '/skus/fabric_skus/export.csv', portal: 'main' },
  'routes/_main+/categories.$categoryId.skus.compare': { path: '/categories/1/skus/compare', portal: 'main' },
}
