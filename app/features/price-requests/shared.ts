// Price-change requests' plain values: form ids, statuses and their names.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).
import type { PriceChangeStatus } from '#db/types'
import { machine } from '~/platform/steps'

export const CREATE_FORM_ID = 'price-request-create'

export const requestStatuses = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
] as const satisfies readonly PriceChangeStatus[]

export const statusLabels: Record<PriceChangeStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

/**
 * A request waits for one decision: admin approves or rejects it, or the KAM (or archiving its buyer
 * SKU) withdraws it. Taken by the one step helper (~/platform/steps.server).
 */
export const priceRequestMachine = machine({
  entity: 'price_request',
  table: 'price_change_requests',
  called: 'This request',
  steps: {
    approve: { from: ['pending'], to: 'approved', by: 'admin', label: 'Approve', done: 'approved' },
    reject: {
      from: ['pending'],
      to: 'rejected',
      by: 'admin',
      label: 'Reject',
      done: 'rejected',
      needsReason: true,
    },
    withdraw: { from: ['pending'], to: 'withdrawn', by: 'demand_kam', label: 'Withdraw', done: 'withdrawn' },
  },
})
