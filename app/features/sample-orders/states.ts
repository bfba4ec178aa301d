import type { SampleOrderStatus } from '#db/types'

// The states of a sample order (docs/domain.md "Sample orders"), in one place: which step takes it
// from which state to which, and who takes it. Mutations apply a step with a conditional update on
// `from`, so of two people taking steps at once exactly one wins and the other is told.

/** Staff: the buyer's KAM, business operations and admin. The buyer closes a delivered order with its feedback. */
export type SampleOrderRole = 'staff' | 'buyer'

export interface SampleOrderStep {
  from: readonly SampleOrderStatus[]
  to: SampleOrderStatus
  by: SampleOrderRole
  /** The button. */
  label: string
  /** The audit action's last part and the toast's past tense. */
  done: string
  /** A reason must be given (the buyer reads it). */
  needsReason?: boolean
}

export const sampleOrderSteps = {
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
} as const satisfies Record<string, SampleOrderStep>

export type SampleOrderStepName = keyof typeof sampleOrderSteps

export const SAMPLE_ORDER_STEP_NAMES = Object.keys(sampleOrderSteps) as SampleOrderStepName[]

/** The steps that can be taken from a state, by whom. */
export function sampleStepsFrom(status: SampleOrderStatus, by?: SampleOrderRole): SampleOrderStepName[] {
  return SAMPLE_ORDER_STEP_NAMES.filter((name) => {
    const step: SampleOrderStep = sampleOrderSteps[name]
    return step.from.includes(status) && (by === undefined || step.by === by)
  })
}

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
