import { mayEnter, type PortalKey } from '~/auth/portals'
import type { RouteRules, Who } from './rules'

// Sample orders (issue 13). The order pages are tried with one that does not exist: those who enter
// the portal are told it is not found (page, data and POST alike), everyone else is refused the
// portal. Orders in and out of each viewer's scope are tried in app/features/sample-orders.
const missingOrder = (portal: PortalKey) => (who: Who) =>
  who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : mayEnter([who], portal) ? 'not-found' : 'forbidden'

const portals: [PortalKey, string, string][] = [
  ['admin', 'admin+', '/admin'],
  ['demand_kam', 'demand_kam+', '/demand_kam'],
  ['biz_ops', 'biz_ops_team+', '/biz_ops_team'],
  ['buyer', 'buyer+', '/buyer'],
]

export const routes: RouteRules = {
  // The samples cart of demo buyer 2: internal users only.
  'routes/_main+/samples_order_cart': { path: '/samples_order_cart?buyer=2', portal: 'main' },
  ...Object.fromEntries(
    portals.flatMap(([portal, folder, base]) => [
      [`routes/${folder}/sample_orders._index`, { path: `${base}/sample_orders?index`, portal }],
      [`routes/${folder}/sample_orders[.csv]`, { path: `${base}/sample_orders.csv`, portal }],
      [
        `routes/${folder}/sample_orders.$sampleOrderId`,
        { path: `${base}/sample_orders/999999`, expect: missingOrder(portal) },
      ],
    ]),
  ),
  // The requester's read-only page (main portal): no form, so a POST is not allowed.
  'routes/_main+/sample_orders.$sampleOrderId': {
    path: '/sample_orders/999999',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missingOrder('main')(who)),
  },
  'routes/redirect+/sample_orders.$sampleOrderId': {
    path: '/redirect/sample_orders/999999',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : 'not-found',
  },
}
