import type { PortalKey } from '~/auth/portals'

// Who sees which master orders, and which of their fields (docs/domain.md "Orders": lenses). One
// query and one view serve the nine portals that search orders; each passes its lens. The lens
// applies to what a loader returns, not only to what is drawn: a field the lens hides is never
// selected.

export const ORDER_PORTALS = [
  'admin',
  'main',
  'buyer',
  'seller',
  'demand_kam',
  'biz_ops',
  'biz_fin',
  'logistics',
  'supplier_admin',
  'supplier_agent',
] as const satisfies readonly PortalKey[]
export type OrderPortal = (typeof ORDER_PORTALS)[number]

export interface OrderSight {
  /** The buyer's name and codes. */
  buyer: boolean
  /** Sellers' names. */
  sellers: boolean
  /** Buyer prices: value, GST. */
  value: boolean
  /** Seller costs. */
  cost: boolean
  /** Value less cost. */
  margin: boolean
  /** Ship-to and bill-to addresses. */
  addresses: boolean
  /** Transport requests and bookings of the order (tracking). */
  shipping: boolean
  /** Invoices, payments received and what is outstanding. */
  settlement: boolean
}

export const orderSight: Record<OrderPortal, OrderSight> = {
  admin: {
    buyer: true,
    sellers: true,
    value: true,
    cost: true,
    margin: true,
    addresses: true,
    shipping: true,
    settlement: true,
  },
  // The main portal's people place orders from the cart, where they choose sellers by cost.
  main: {
    buyer: true,
    sellers: true,
    value: true,
    cost: true,
    margin: true,
    addresses: true,
    shipping: true,
    settlement: true,
  },
  buyer: {
    buyer: true,
    sellers: false,
    value: true,
    cost: false,
    margin: false,
    addresses: true,
    shipping: false,
    settlement: false,
  },
  seller: {
    buyer: false,
    sellers: true,
    value: false,
    cost: true,
    margin: false,
    addresses: false,
    shipping: false,
    settlement: false,
  },
  demand_kam: {
    buyer: true,
    sellers: true,
    value: true,
    cost: false,
    margin: false,
    addresses: true,
    shipping: false,
    settlement: false,
  },
  biz_ops: {
    buyer: true,
    sellers: true,
    value: true,
    cost: false,
    margin: false,
    addresses: true,
    shipping: true,
    settlement: false,
  },
  biz_fin: {
    buyer: true,
    sellers: true,
    value: true,
    cost: true,
    margin: true,
    addresses: true,
    shipping: false,
    settlement: true,
  },
  logistics: {
    buyer: true,
    sellers: true,
    value: false,
    cost: false,
    margin: false,
    addresses: true,
    shipping: true,
    settlement: false,
  },
  supplier_admin: {
    buyer: true,
    sellers: true,
    value: false,
    cost: true,
    margin: false,
    addresses: false,
    shipping: false,
    settlement: false,
  },
  supplier_agent: {
    buyer: true,
    sellers: true,
    value: false,
    cost: true,
    margin: false,
    addresses: false,
    shipping: false,
    settlement: false,
  },
}

/** Which orders a lens reaches: all, one buyer's, one seller's seller orders, a KAM's buyers', an agent's sellers'. */
export type OrderScope =
  | { kind: 'all' }
  | { kind: 'buyer'; buyerId: number }
  | { kind: 'seller'; sellerId: number }
  | { kind: 'kam'; userId: number }
  | { kind: 'agent'; userId: number }

export interface OrderLens {
  portal: OrderPortal
  scope: OrderScope
  see: OrderSight
}

/** The base path of a portal's order pages. */
export const orderBase: Record<OrderPortal, string> = {
  admin: '/admin/master_orders',
  main: '/master_orders',
  buyer: '/buyer/master_orders',
  seller: '/seller/master_orders',
  demand_kam: '/demand_kam/master_orders',
  biz_ops: '/biz_ops_team/master_orders',
  biz_fin: '/biz_fin/master_orders',
  logistics: '/logistics_team/master_orders',
  supplier_admin: '/supplier_team/admin/master_orders',
  supplier_agent: '/supplier_team/agent/master_orders',
}

export const orderPath = (portal: OrderPortal, id: number) => `${orderBase[portal]}/${id}`
