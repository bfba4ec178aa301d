import type { RouteRules } from './rules'

// Bulk imports (issue 40), main portal (internal staff and admin): import 1 is the demo's previewed
// price file (seed/imports.ts). Buyers, sellers and the other staff portals are turned away.
export const routes: RouteRules = {
  'routes/_main+/skus.imports._index': { path: '/skus/imports', portal: 'main' },
  'routes/_main+/skus.imports.new': { path: '/skus/imports/new', portal: 'main' },
  'routes/_main+/skus.imports.$importId': { path: '/skus/imports/1', portal: 'main' },
  'routes/_main+/skus.imports.templates.$template': {
    path: '/skus/imports/templates/product_skus-fabric.csv',
    portal: 'main',
  },
}
