import type { RouteRules } from './rules'

// Sample SKUs in the four portals that show them (sample SKU 1 is in the demo data). The demand
// KAM's list has no action, so its POSTs answer 405 ('not-allowed', the default without an action).
export const routes: RouteRules = {
  'routes/admin+/skus.sample_skus._index': { path: '/admin/skus/sample_skus', portal: 'admin' },
  'routes/admin+/skus.sample_skus.create': { path: '/admin/skus/sample_skus/create', portal: 'admin' },
  'routes/admin+/skus.sample_skus.$sampleSKUId.edit': { path: '/admin/skus/sample_skus/1/edit', portal: 'admin' },
  'routes/catalog_manager+/sample_skus._index': { path: '/catalog_manager/sample_skus', portal: 'catalog_manager' },
  'routes/catalog_manager+/sample_skus.create': {
    path: '/catalog_manager/sample_skus/create',
    portal: 'catalog_manager',
  },
  'routes/catalog_manager+/sample_skus.$sampleSKUId.edit': {
    path: '/catalog_manager/sample_skus/1/edit',
    portal: 'catalog_manager',
  },
  'routes/biz_ops_team+/skus.sample_skus._index': { path: '/biz_ops_team/skus/sample_skus', portal: 'biz_ops' },
  'routes/biz_ops_team+/skus.sample_skus.create': { path: '/biz_ops_team/skus/sample_skus/create', portal: 'biz_ops' },
  'routes/biz_ops_team+/skus.sample_skus.$sampleSKUId.edit': {
    path: '/biz_ops_team/skus/sample_skus/1/edit',
    portal: 'biz_ops',
  },
  'routes/demand_kam+/skus.sample_skus._index': { path: '/demand_kam/skus/sample_skus', portal: 'demand_kam' },
}
