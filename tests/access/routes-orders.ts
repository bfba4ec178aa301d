import type { RouteRules } from './rules'

// Master orders (issue 12).
export const routes: RouteRules = {
  // The cart of demo buyer 2: internal users only; a POST from anyone else never reaches the cart.
  'routes/_main+/master_order_cart': { path: '/master_order_cart?buyer=2', portal: 'main' },
}
