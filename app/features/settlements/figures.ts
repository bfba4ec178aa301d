// The money figures of an invoice and of a buyer's account, defined once (docs/domain.md "Figures
// that add up (issue 51)") and read by every channel that states them: the buyer's pages, its order
// page, the invoice CSV, the PDFs and the API. Each row and each summary adds up by construction:
//
//   outstanding = invoiced + debit notes − credit notes − received
//
// Received is what the buyer's receipts settle: the money plus the TDS it deducted on them (as its
// own books count it; the ledger credits both). A receipt's TDS is not split by invoice (its
// allocations carry money and TDS together), so TDS is stated per receipt and per account, as the
// part of received that is TDS: received = money received + TDS deducted.

import { formatMoney } from '~/utils/format'

type Amount = number | string | bigint

/** What the stored columns of an invoice hold (`buyer_invoices`): total, debited, credited, paid. */
export interface InvoiceAmounts {
  totalMinor: Amount
  debitedMinor: Amount
  creditedMinor: Amount
  paidMinor: Amount
}

export interface InvoiceFigures {
  /** The invoice's total with GST. */
  invoicedMinor: number
  /** What debit notes against it added. */
  debitNotesMinor: number
  /** What credit notes against it took off. */
  creditNotesMinor: number
  /** What receipts settled on it (money and the TDS deducted with it), net of what credit notes gave back. */
  receivedMinor: number
  /** What it still owes: invoiced + debit notes − credit notes − received. */
  outstandingMinor: number
}

/** An invoice's figures from its stored columns. */
export function invoiceFigures(r: InvoiceAmounts): InvoiceFigures {
  const invoiced = Number(r.totalMinor)
  const debit = Number(r.debitedMinor)
  const credit = Number(r.creditedMinor)
  const received = Number(r.paidMinor)
  return {
    invoicedMinor: invoiced,
    debitNotesMinor: debit,
    creditNotesMinor: credit,
    receivedMinor: received,
    outstandingMinor: invoiced + debit - credit - received,
  }
}

/** What the stored columns of a buyer's account hold (`buyer_accounts`), and the TDS of its receipts. */
export interface AccountAmounts {
  invoicedMinor: Amount
  debitedMinor: Amount
  creditedMinor: Amount
  /** Money and TDS, as the account row keeps it. */
  receivedMinor: Amount
  /** The TDS deducted on the buyer's receipts (the sum over `buyer_payments.tds_minor`). */
  tdsMinor: Amount
  /** Received not yet applied to an invoice. */
  unallocatedMinor: Amount
}

export interface AccountFigures extends InvoiceFigures {
  /** Of received, the money that arrived. */
  moneyReceivedMinor: number
  /** Of received, the TDS the buyer deducted (a receivable of the platform until certified). */
  tdsMinor: number
  /** Received and not yet applied to an invoice (paid in advance). */
  advanceMinor: number
}

/** A buyer account's figures: outstanding = invoiced + debit notes − credit notes − received (negative: in advance). */
export function accountFigures(a: AccountAmounts): AccountFigures {
  const figures = invoiceFigures({
    totalMinor: a.invoicedMinor,
    debitedMinor: a.debitedMinor,
    creditedMinor: a.creditedMinor,
    paidMinor: a.receivedMinor,
  })
  const tds = Number(a.tdsMinor)
  return {
    ...figures,
    moneyReceivedMinor: figures.receivedMinor - tds,
    tdsMinor: tds,
    advanceMinor: Number(a.unallocatedMinor),
  }
}

/** The figures' names as every channel states them (pages, CSV headers, PDFs). */
export const figureLabels = {
  invoicedMinor: 'Invoiced',
  debitNotesMinor: 'Debit notes',
  creditNotesMinor: 'Credit notes',
  receivedMinor: 'Received',
  outstandingMinor: 'Outstanding',
  moneyReceivedMinor: 'Payments received',
  tdsMinor: 'TDS you deducted',
  advanceMinor: 'Paid in advance',
} as const

/** An invoice's figures in one line that adds up: "₹1,000.00 + debit notes ₹50.00 − credit notes ₹20.00 − received ₹500.00 = due ₹530.00" (notes only when there are any). */
export function figuresSentence(f: InvoiceFigures): string {
  return [
    formatMoney(f.invoicedMinor),
    f.debitNotesMinor ? ` + debit notes ${formatMoney(f.debitNotesMinor)}` : '',
    f.creditNotesMinor ? ` − credit notes ${formatMoney(f.creditNotesMinor)}` : '',
    ` − received ${formatMoney(f.receivedMinor)}`,
    ` = due ${formatMoney(f.outstandingMinor)}`,
  ].join('')
}
