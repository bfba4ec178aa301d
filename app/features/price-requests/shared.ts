// Price-change requests' plain values: form ids, statuses and their names.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).
import type { PriceChangeStatus } from '#db/types'

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
