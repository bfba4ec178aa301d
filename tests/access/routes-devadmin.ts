import type { RouteRules } from './rules'

// Dev admin pages: the dev_admin portal (admin enters it too). Product 1 is in the demo data.
export const routes: RouteRules = {
  'routes/dev_admin+/products._index': { path: '/dev_admin/products', portal: 'dev_admin' },
  'routes/dev_admin+/products.$productId.edit': { path: '/dev_admin/products/1/edit', portal: 'dev_admin' },
  'routes/dev_admin+/flags': { path: '/dev_admin/flags', portal: 'dev_admin' },
}
