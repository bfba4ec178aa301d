import type { OrderPortal } from './lens'
import type { SellerOrderStepName } from './states'

// What each portal may do on an order's page (docs/domain.md "Orders"). The seller moves its own
// seller orders and lines on; the supplier team admin and admin decide seller orders (approve,
// reject, counter-offers) and move a rejected one's lines; business operations and admin cancel.
// QC steps come with QC inspections and dispatch with transport bookings (later issues).

export interface OrderActions {
  steps: SellerOrderStepName[]
  advance: boolean
  cancelOrder: boolean
  moveLines: boolean
  counterOffers: boolean
}

const none: OrderActions = { steps: [], advance: false, cancelOrder: false, moveLines: false, counterOffers: false }

export function orderActions(portal: OrderPortal): OrderActions {
  switch (portal) {
    case 'seller':
      return { ...none, steps: ['start_production', 'ready_for_qc', 'rework'], advance: true }
    case 'admin':
      return { steps: ['approve', 'reject', 'cancel'], advance: false, cancelOrder: true, moveLines: true, counterOffers: true }
    case 'supplier_admin':
      return { ...none, steps: ['approve', 'reject', 'cancel'], moveLines: true, counterOffers: true }
    case 'biz_ops':
      return { ...none, steps: ['cancel'], cancelOrder: true }
    default:
      return none
  }
}
