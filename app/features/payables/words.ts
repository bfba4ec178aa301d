import type { SellerBillStatus, SellerLedgerKind } from '#db/types'

// How the seller side of money names its states and ledger entries, on the pages (browser and
// server alike) and in the statement PDF.

export const BILL_STATUS_WORDS: Record<SellerBillStatus, string> = {
  review: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
}
export const LEDGER_KIND_WORDS: Record<SellerLedgerKind, string> = {
  bill: 'Bill',
  payout: 'Payout',
  debit_note: 'Debit note',
  tds: 'TDS (194Q)',
}
