import type { RouteRules } from './rules'

// Admin categories. Category 1 ("Cotton shirting" of fabric) and its condition 1 are demo data.
export const routes: RouteRules = {
  'routes/admin+/categories.manage': { path: '/admin/categories/manage', portal: 'admin' },
  'routes/admin+/categories.$categoryId.edit': { path: '/admin/categories/1/edit', portal: 'admin' },
  'routes/admin+/categories.$categoryId.fulfillment_workflow': {
    path: '/admin/categories/1/fulfillment_workflow',
    portal: 'admin',
  },
  'routes/admin+/categories.$categoryId.defect_types': {
    path: '/admin/categories/1/defect_types',
    portal: 'admin',
  },
  'routes/admin+/categories.$categoryId.conditions.create': {
    path: '/admin/categories/1/conditions/create',
    portal: 'admin',
  },
  'routes/admin+/categories.$categoryId.conditions.$conditionId.edit': {
    path: '/admin/categories/1/conditions/1/edit',
    portal: 'admin',
  },
}
