import { machine } from '~/platform/steps'

// The credit hold of a master order (docs/domain.md "Credit"): an order placed over its buyer's
// credit limit, or for a buyer with invoices overdue beyond the grace period, is held; business
// finance or an admin releases it (its sellers are then told) or cancels it, with a reason.

export type CreditRole = 'finance'

export const creditHoldMachine = machine({
  entity: 'master_order',
  table: 'master_orders',
  column: 'credit_hold',
  codeColumn: 'code',
  words: {
    held: 'on credit hold',
    released: 'released from credit hold',
    cancelled: 'cancelled on credit hold',
  },
  steps: {
    release: {
      from: ['held'],
      to: 'released',
      by: 'finance',
      label: 'Release the order',
      done: 'credit_released',
      needsReason: true,
    },
    cancel: {
      from: ['held'],
      to: 'cancelled',
      by: 'finance',
      label: 'Cancel the order',
      done: 'credit_cancelled',
      needsReason: true,
    },
  },
})

/** Who may release or cancel a hold: business finance and admins. */
export const CREDIT_ROLES = ['biz_fin', 'admin'] as const
