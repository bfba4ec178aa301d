import type { QcInspectionStatus } from '#db/types'
import { machine } from '~/platform/steps'

// The QC inspection's machine (docs/domain.md "QC inspections"; app/platform/steps.ts): scheduled
// (a field operator's slot) -> submitted (the operator's results) -> approved, partly accepted or
// rejected (an approver's decision); scheduled -> cancelled (staff, with a reason), and any open
// inspection cancelled with its seller order. Every move of its status is a step of this table,
// taken through the one step helper (takeStep): moving or re-drafting a scheduled inspection is not a step.

export type InspectionRole = 'staff' | 'field_operator'

export const inspectionMachine = machine({
  entity: 'qc_inspection',
  table: 'qc_inspections',
  codeColumn: 'code',
  words: { submitted: 'submitted for approval', partly_approved: 'partly accepted' } satisfies Partial<
    Record<QcInspectionStatus, string>
  >,
  steps: {
    submit: { from: ['scheduled'], to: 'submitted', by: 'field_operator', label: 'Send', done: 'submitted' },
    approve: { from: ['submitted'], to: 'approved', by: 'staff', label: 'Approve', done: 'approved' },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      by: 'staff',
      label: 'Reject',
      done: 'rejected',
      needsReason: true,
    },
    accept_part: {
      from: ['submitted'],
      to: 'partly_approved',
      by: 'staff',
      label: 'Accept part',
      done: 'partly_approved',
      needsReason: true,
    },
    cancel: {
      from: ['scheduled'],
      to: 'cancelled',
      by: 'staff',
      label: 'Cancel',
      done: 'cancelled',
      needsReason: true,
    },
    /** Its seller order is cancelled: an open inspection goes with it (the lifecycle takes it). */
    cancel_with_order: {
      from: ['scheduled', 'submitted'],
      to: 'cancelled',
      by: 'staff',
      label: 'Cancel with the order',
      done: 'cancelled',
    },
  },
})

export type InspectionStepName = keyof typeof inspectionMachine.steps
