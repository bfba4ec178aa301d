import { mayEnter, type PortalKey } from '~/auth/portals'
import type { RouteRules, Who } from './rules'

// Master orders (issue 12). The order pages are tried with an order that does not exist: those who
// enter the portal are told it is not found (page, data and POST alike), everyone else is refused the
// portal. Orders in and out of each viewer's scope are tried in app/features/orders/access.server.test.ts.
const missingOrder = (portal: PortalKey) => (who: Who) =>
  who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : mayEnter([who], portal) ? 'not-found' : 'forbidden'

const portals: [PortalKey, string, string][] = [
  ['admin', 'admin+', '/admin'],
  ['main', '_main+', ''],
  ['buyer', 'buyer+', '/buyer'],
  ['seller', 'seller+', '/seller'],
  ['demand_kam', 'demand_kam+', '/demand_kam'],
  ['biz_ops', 'biz_ops_team+', '/biz_ops_team'],
  ['biz_fin', 'biz_fin+', '/biz_fin'],
  ['logistics', 'logistics_team+', '/logistics_team'],
  ['supplier_admin', 'supplier_team.admin+', '/supplier_team/admin'],
  ['supplier_agent', 'supplier_team.agent+', '/supplier_team/agent'],
]

export const routes: RouteRules = {
  // The cart of demo buyer 2: internal users only; a POST from anyone else never reaches the cart.
  'routes/_main+/master_order_cart': { path: '/master_order_cart?buyer=2', portal: 'main' },
  ...Object.fromEntries(
    portals.flatMap(([portal, folder, base]) => [
      [`routes/${folder}/master_orders._index`, { path: `${base}/master_orders?index`, portal }],
      [`routes/${folder}/master_orders[.csv]`, { path: `${base}/master_orders.csv`, portal }],
      [
        `routes/${folder}/master_orders.$masterOrderId`,
        { path: `${base}/master_orders/999999`, expect: missingOrder(portal) },
      ],
    ]),
  ),
  // Solv and GT orders: the list and import (a POST without a file is refused at the form), and the sample file.
  'routes/_main+/solv_and_gt_orders': { path: '/solv_and_gt_orders', portal: 'main' },
  'routes/_main+/solv_and_gt_orders.sample[.csv]': { path: '/solv_and_gt_orders/sample.csv', portal: 'main' },
  // The approval queues: a POST that names no seller order is a bad request for those who enter.
  'routes/admin+/approvals.seller_orders': { path: '/admin/approvals/seller_orders', portal: 'admin' },
  'routes/supplier_team.admin+/approvals.seller_orders': {
    path: '/supplier_team/admin/approvals/seller_orders',
    portal: 'supplier_admin',
  },
  'routes/redirect+/master_orders.$masterOrderId': {
    path: '/redirect/master_orders/999999',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : 'not-found',
  },
  'routes/redirect+/sales_orders.$sellerOrderId': {
    path: '/redirect/sales_orders/999999',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : 'not-found',
  },
}
