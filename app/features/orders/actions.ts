import type { OrderPortal } from './lens'
import type { SellerOrderStepName } from './states'

// What each portal may do on an order's page (docs/domain.md "Orders", "Each role's job"). The seller
// moves its own seller orders and lines on; so do admin, the main portal and the supplier team for a
// seller that does not sign in (on its behalf: recorded "for <seller>"), the agent for its own sellers
// only. The supplier team admin and admin decide seller orders (approve, reject, counter-offers) and
// move a rejected one's lines; business operations and admin cancel. QC steps and dispatch belong to
// the QC and logistics pages.

export interface OrderActions {
  steps: SellerOrderStepName[]
  advance: boolean
  cancelOrder: boolean
  moveLines: boolean
  counterOffers: boolean
  /** Records the buyer's agreement to a counter-offer that gives it less or later: the buyer, its KAM, admin. */
  agreeCounter: boolean
  /** The seller's own steps and stage moves are taken by staff for the seller (the audit names the seller). */
  onBehalf: boolean
  /** Where set, the seller's steps and stage moves are offered on these seller orders only (an agent: its sellers'). */
  sellerOrdersActedFor?: number[]
}

/** The seller's own steps: production, ready for QC, rework (and the stage moves of its lines). */
export const SELLER_STEPS = [
  'start_production',
  'ready_for_qc',
  'rework',
] as const satisfies readonly SellerOrderStepName[]

const none: OrderActions = {
  steps: [],
  advance: false,
  cancelOrder: false,
  moveLines: false,
  counterOffers: false,
  agreeCounter: false,
  onBehalf: false,
}

export function orderActions(portal: OrderPortal): OrderActions {
  switch (portal) {
    case 'seller':
      return { ...none, steps: [...SELLER_STEPS], advance: true }
    case 'admin':
    case 'main':
      return {
        steps: portal === 'admin' ? ['approve', 'reject', 'cancel', ...SELLER_STEPS] : [...SELLER_STEPS],
        advance: true,
        cancelOrder: portal === 'admin',
        moveLines: portal === 'admin',
        counterOffers: portal === 'admin',
        agreeCounter: portal === 'admin',
        onBehalf: true,
      }
    case 'supplier_admin':
      return {
        ...none,
        steps: ['approve', 'reject', 'cancel', ...SELLER_STEPS],
        advance: true,
        moveLines: true,
        counterOffers: true,
        onBehalf: true,
      }
    case 'supplier_agent':
      return { ...none, steps: [...SELLER_STEPS], advance: true, onBehalf: true }
    case 'buyer':
    case 'demand_kam':
      return { ...none, agreeCounter: true }
    case 'biz_ops':
      return { ...none, steps: ['cancel'], cancelOrder: true }
    default:
      return none
  }
}

/** What the portal may do on one seller order of the page: the seller's steps only where it acts for that seller. */
export function actionsOn(may: OrderActions, sellerOrderId: number): OrderActions {
  if (!may.sellerOrdersActedFor || may.sellerOrdersActedFor.includes(sellerOrderId)) return may
  const seller: readonly SellerOrderStepName[] = SELLER_STEPS
  return { ...may, steps: may.steps.filter((step) => !seller.includes(step)), advance: false }
}
