import type { PortalKey } from '~/auth/portals'

// Who sees which sample orders, and which of their fields (docs/domain.md "Sample orders"). One
// query and one view serve the four portals that follow sample orders and the main portal, whose
// users open the sample orders they requested (read-only); each passes its lens. A field the lens
// hides is never selected: the buyer's `.data` holds no internal note and no stock.

export const SAMPLE_PORTALS = [
  'admin',
  'main',
  'demand_kam',
  'biz_ops',
  'buyer',
] as const satisfies readonly PortalKey[]
export type SamplePortal = (typeof SAMPLE_PORTALS)[number]

/** Which sample orders a lens reaches: all, one buyer's, those of a KAM's buyers, or those a user requested. */
export type SampleScope =
  | { kind: 'all' }
  | { kind: 'buyer'; buyerId: number }
  | { kind: 'kam'; userId: number }
  | { kind: 'requester'; userId: number }

export interface SampleSight {
  /** The requester's note, who requested it, and stock figures: internal. */
  internal: boolean
  /** The buyer's name (the buyer's own users know it). */
  buyer: boolean
  /** May take the staff steps (approve, reject, dispatch, deliver, cancel). */
  manage: boolean
  /** May leave the feedback that closes a delivered order. */
  feedback: boolean
}

export const sampleSight: Record<SamplePortal, SampleSight> = {
  admin: { internal: true, buyer: true, manage: true, feedback: false },
  // The requester follows what it asked for; the KAM and business operations take the steps.
  main: { internal: true, buyer: true, manage: false, feedback: false },
  demand_kam: { internal: true, buyer: true, manage: true, feedback: false },
  biz_ops: { internal: true, buyer: true, manage: true, feedback: false },
  buyer: { internal: false, buyer: false, manage: false, feedback: true },
}

export interface SampleLens {
  portal: SamplePortal
  scope: SampleScope
  see: SampleSight
}

/** The base path of a portal's sample order pages (the main portal lists its requests on the samples cart). */
export const sampleBase: Record<SamplePortal, string> = {
  admin: '/admin/sample_orders',
  main: '/samples_order_cart',
  demand_kam: '/demand_kam/sample_orders',
  biz_ops: '/biz_ops_team/sample_orders',
  buyer: '/buyer/sample_orders',
}

export const samplePath = (portal: SamplePortal, id: number) =>
  portal === 'main' ? `/sample_orders/${id}` : `${sampleBase[portal]}/${id}`
