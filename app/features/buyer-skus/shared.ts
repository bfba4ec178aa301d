// The buyer SKU list's plain values.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

import { machine } from '~/platform/steps'

export const statusChoices = ['active', 'archived', 'all'] as const

/** Archive and restore, taken by the one step helper (~/platform/steps.server). */
export const buyerSkuMachine = machine({
  entity: 'buyer_sku',
  table: 'buyer_skus',
  codeColumn: 'buyer_code',
  steps: {
    archive: { from: ['active'], to: 'archived', by: 'staff', label: 'Archive', done: 'archived' },
    restore: { from: ['archived'], to: 'active', by: 'staff', label: 'Restore', done: 'restored' },
  },
})
export type StatusIntent = keyof typeof buyerSkuMachine.steps
