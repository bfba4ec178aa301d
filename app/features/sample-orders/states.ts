import type { SampleOrderStatus } from '#db/types'
import { machine, type Machine } from '~/platform/steps'

// The states of a sample order (docs/domain.md "Sample orders"), in one place: which step takes it
// from which state to which, and who takes it. Steps are taken by the platform's takeStep (a
// conditional update on the state read), so of two people taking steps at once exactly one wins and
// the other is told who moved it first.

/** Staff: the buyer's KAM, business operations and admin. The buyer closes a delivered order with its feedback. */
export type SampleOrderRole = 'staff' | 'buyer'

/** The sample-order machine (the one step helper, ~/platform/steps): taken by sampleStepIn (steps.server.ts). */
export const sampleOrderMachine = machine({
  entity: 'sample_order',
  table: 'sample_orders',
  codeColumn: 'code',
  steps: {
    approve: { from: ['requested'], to: 'approved', by: 'staff', label: 'Approve', done: 'approved' },
    reject: { from: ['requested'], to: 'rejected', by: 'staff', label: 'Reject', done: 'rejected', needsReason: true },
    // With the courier and its tracking number; the samples leave stock in the same transaction.
    dispatch: { from: ['approved'], to: 'dispatched', by: 'staff', label: 'Dispatch', done: 'dispatched' },
    deliver: { from: ['dispatched'], to: 'delivered', by: 'staff', label: 'Mark delivered', done: 'delivered' },
    // The buyer's feedback on every item closes the order.
    feedback: { from: ['delivered'], to: 'closed', by: 'buyer', label: 'Send feedback', done: 'closed' },
    cancel: {
      from: ['requested', 'approved'],
      to: 'cancelled',
      by: 'staff',
      label: 'Cancel',
      done: 'cancelled',
      needsReason: true,
    },
  },
} satisfies Machine<SampleOrderStatus, string, SampleOrderRole>)

export type SampleOrderStepName = keyof typeof sampleOrderMachine.steps

/** A sample order's statuses, in the order they are reached (the two ends apart last). */
export const SAMPLE_ORDER_STATUSES = [
  'requested',
  'approved',
  'dispatched',
  'delivered',
  'closed',
  'rejected',
  'cancelled',
] as const satisfies readonly SampleOrderStatus[]

/** The status filter for sample orders still under way, and the statuses it names. */
export const SAMPLE_OPEN = 'open'
export const SAMPLE_OPEN_STATUSES = [
  'requested',
  'approved',
  'dispatched',
  'delivered',
] as const satisfies readonly SampleOrderStatus[]
