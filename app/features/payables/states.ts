import { machine } from '~/platform/steps'

// A seller bill's machine (docs/domain.md (issue 38)): a bill that matches what was ordered,
// dispatched and accepted is approved as it is recorded; one that does not waits in review for a
// person, who approves it with a reason or rejects it with a reason.

export const sellerBillMachine = machine({
  entity: 'seller_bill',
  table: 'seller_bills',
  codeColumn: 'number',
  words: { review: 'waiting for review' },
  steps: {
    approve: {
      from: ['review'],
      to: 'approved',
      by: 'finance',
      label: 'Approve',
      done: 'approved',
      needsReason: true,
    },
    reject: { from: ['review'], to: 'rejected', by: 'finance', label: 'Reject', done: 'rejected', needsReason: true },
  },
})
