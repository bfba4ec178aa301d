import type { MasterOrderStatus, SellerOrderStatus } from '#db/types'
import { canTake as canTakeOf, machine, stepsFrom as stepsOf, type Step } from '~/platform/steps'

// The states of orders (docs/domain.md "Orders"), in one place: which step takes a seller order
// from which state to which, who may take it, and how a master order's status follows from its
// seller orders. Mutations apply a step with a conditional update on `from`, so of two people
// taking steps at once exactly one wins.

export type SellerOrderRole = 'staff' | 'seller'

/** One step of a seller order: who takes it is staff (admin, supplier team admin; QC and logistics steps by their teams) or the seller. */
export type SellerOrderStep = Step<SellerOrderStatus, SellerOrderRole>

/** Before dispatch: where cancelling is still possible. */
const BEFORE_DISPATCH = [
  'pending_approval',
  'approved',
  'in_production',
  'ready_for_qc',
  'qc_passed',
  'qc_failed',
] as const satisfies readonly SellerOrderStatus[]

/** The seller order's machine (app/platform/steps.ts); every move of its status is a step of it (takeStep). */
export const sellerOrderMachine = machine({
  entity: 'seller_order',
  table: 'seller_orders',
  codeColumn: 'code',
  words: { ready_for_qc: 'ready for QC', qc_passed: 'QC passed', qc_failed: 'QC failed' },
  steps: {
    approve: { from: ['pending_approval'], to: 'approved', by: 'staff', label: 'Approve', done: 'approved' },
    reject: {
      from: ['pending_approval'],
      to: 'rejected',
      by: 'staff',
      label: 'Reject',
      done: 'rejected',
      needsReason: true,
    },
    accept_counter: {
      from: ['pending_approval'],
      to: 'approved',
      by: 'staff',
      label: 'Accept the counter-offer',
      done: 'counter_offer_accepted',
    },
    start_production: {
      from: ['approved'],
      to: 'in_production',
      by: 'seller',
      label: 'Start production',
      done: 'production_started',
    },
    ready_for_qc: {
      from: ['in_production'],
      to: 'ready_for_qc',
      by: 'seller',
      label: 'Ready for QC',
      done: 'ready_for_qc',
    },
    qc_pass: { from: ['ready_for_qc'], to: 'qc_passed', by: 'staff', label: 'QC passed', done: 'qc_passed' },
    qc_fail: {
      from: ['ready_for_qc'],
      to: 'qc_failed',
      by: 'staff',
      label: 'QC failed',
      done: 'qc_failed',
      needsReason: true,
    },
    rework: {
      from: ['qc_failed'],
      to: 'ready_for_qc',
      by: 'seller',
      label: 'Reworked: ready for QC again',
      done: 'reworked',
    },
    dispatch: { from: ['qc_passed'], to: 'dispatched', by: 'staff', label: 'Dispatched', done: 'dispatched' },
    deliver: { from: ['dispatched'], to: 'delivered', by: 'staff', label: 'Delivered', done: 'delivered' },
    cancel: {
      from: BEFORE_DISPATCH,
      to: 'cancelled',
      by: 'staff',
      label: 'Cancel',
      done: 'cancelled',
      needsReason: true,
    },
  },
})

/** The seller order's steps by name (the machine's table). */
export const sellerOrderSteps = sellerOrderMachine.steps

export type SellerOrderStepName = keyof typeof sellerOrderSteps

/** The steps that can be taken from a state, by whom. */
export const stepsFrom = (status: SellerOrderStatus, by?: SellerOrderRole): SellerOrderStepName[] =>
  stepsOf(sellerOrderMachine, status, by)

/** Whether a step may be taken from a state. */
export const canTake = (name: SellerOrderStepName, status: SellerOrderStatus) =>
  canTakeOf(sellerOrderMachine, name, status)

/**
 * The master order's one step of its own: cancelled, when none of its seller orders counts any more
 * (every one cancelled, or a whole order cancelled before dispatch). Its other statuses follow from
 * its seller orders (masterStatusOf).
 */
export const masterOrderMachine = machine({
  entity: 'master_order',
  table: 'master_orders',
  codeColumn: 'code',
  words: { in_qc: 'in QC' },
  steps: {
    cancel: {
      from: ['placed', 'confirmed', 'in_production', 'in_qc', 'ready_to_dispatch'],
      to: 'cancelled',
      by: 'staff',
      label: 'Cancel the order',
      done: 'cancelled',
    },
  },
})

/** A seller order's statuses, in the order they are reached. */
export const SELLER_ORDER_STATUSES = [
  'pending_approval',
  'approved',
  'rejected',
  'in_production',
  'ready_for_qc',
  'qc_passed',
  'qc_failed',
  'dispatched',
  'delivered',
  'cancelled',
] as const satisfies readonly SellerOrderStatus[]

/** The master order's statuses from least to most advanced (cancelled stands apart). */
export const masterOrderStatuses = [
  'placed',
  'confirmed',
  'in_production',
  'in_qc',
  'ready_to_dispatch',
  'dispatched',
  'delivered',
  'closed',
] as const satisfies readonly MasterOrderStatus[]

/** The status filter for orders still under way: neither delivered, closed nor cancelled. */
export const OPEN = 'open'
/** The statuses of orders under way; a filter names them (one index range each) rather than all but the closed ones (a scan of every order). */
export const OPEN_STATUSES = [
  'placed',
  'confirmed',
  'in_production',
  'in_qc',
  'ready_to_dispatch',
  'dispatched',
] as const satisfies readonly MasterOrderStatus[]

/** Where a seller order puts its master order; null: it does not count (cancelled, or rejected and moved on). */
function masterStatusFor(order: {
  status: SellerOrderStatus
  movedOn: boolean
}): (typeof masterOrderStatuses)[number] | null {
  switch (order.status) {
    case 'pending_approval':
      return 'placed'
    // A rejected seller order whose lines have not found another seller yet holds the order at placed.
    case 'rejected':
      return order.movedOn ? null : 'placed'
    case 'approved':
      return 'confirmed'
    case 'in_production':
      return 'in_production'
    case 'ready_for_qc':
    case 'qc_failed':
      return 'in_qc'
    case 'qc_passed':
      return 'ready_to_dispatch'
    case 'dispatched':
      return 'dispatched'
    case 'delivered':
      return 'delivered'
    case 'cancelled':
      return null
  }
}

/**
 * A master order's status: that of its least advanced seller order; `closed` once every counting
 * seller order is delivered and the order is settled; `cancelled` when none counts any more.
 */
export function masterStatusOf(
  orders: { status: SellerOrderStatus; movedOn: boolean }[],
  settled = false,
): MasterOrderStatus {
  const ranks = orders
    .map(masterStatusFor)
    .filter((s) => s !== null)
    .map((s) => masterOrderStatuses.indexOf(s))
  if (ranks.length === 0) return 'cancelled'
  const least = masterOrderStatuses[Math.min(...ranks)]
  return least === 'delivered' && settled ? 'closed' : least
}
