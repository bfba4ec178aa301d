import type { Database } from '#db/database'
import { sentenceCase } from '~/ui/badge'
import { csvStreamResponse, type CsvColumn } from '~/utils/csv.server'
import { kolkataDay } from '~/utils/format'
import { rupeesInput } from '~/utils/money'
import { buyerBalanceBatches, readBalanceFilters } from './balances.server'
import { buyerInvoiceBatches, buyerPaymentBatches } from './buyer.server'
import { paymentModeLabels } from './shared'

// The money lists as CSV (docs/domain.md, "Lists"): each the rows its list shows for the same query
// string, every page of them, streamed a batch at a time through the one writer. Amounts as the
// other money CSVs write them (rupees with two decimals, "(INR)" in the header); days stay days.
// The buyer's two read only its own company (the buyer id from the session, never the URL) and,
// like its pages, name no seller, seller order or cost.

const invoiceColumns: CsvColumn[] = [
  { key: 'number', header: 'Invoice' },
  { key: 'invoice_on', header: 'Date' },
  { key: 'order', header: 'Order' },
  { key: 'amount', header: 'Amount (INR)' },
  { key: 'debited', header: 'Debit notes (INR)' },
  { key: 'credited', header: 'Credit notes (INR)' },
  { key: 'received', header: 'Received (INR)' },
  { key: 'due', header: 'Due (INR)' },
  { key: 'due_on', header: 'Due by' },
  { key: 'past_due', header: 'Past due' },
  { key: 'status', header: 'Status' },
]

async function* invoiceRecords(batches: ReturnType<typeof buyerInvoiceBatches>) {
  for await (const { rows, today } of batches) {
    yield rows.map((i) => ({
      number: i.number,
      invoice_on: i.invoiceOn,
      order: i.orderCode,
      // One column per figure (./figures.ts), so Amount + Debit notes − Credit notes − Received = Due on every row.
      amount: rupeesInput(i.invoicedMinor),
      debited: rupeesInput(i.debitNotesMinor),
      credited: rupeesInput(i.creditNotesMinor),
      received: rupeesInput(i.receivedMinor),
      due: rupeesInput(i.outstandingMinor),
      due_on: i.dueOn,
      past_due: i.status === 'open' && i.dueOn < today,
      status: sentenceCase(i.status),
    }))
  }
}

/** /buyer/invoices.csv: the buyer's invoices its list's filters pick (status), newest first. */
export const buyerInvoicesCsv = (db: Database, buyerId: number, url: URL) =>
  csvStreamResponse(
    `invoices-${kolkataDay()}.csv`,
    invoiceColumns,
    invoiceRecords(buyerInvoiceBatches(db, buyerId, url)),
  )

const paymentColumns: CsvColumn[] = [
  { key: 'number', header: 'Receipt' },
  { key: 'received_on', header: 'Received' },
  { key: 'amount', header: 'Amount (INR)' },
  { key: 'tds', header: 'TDS deducted (INR)' },
  { key: 'mode', header: 'Mode' },
  { key: 'reference', header: 'Reference' },
  { key: 'paid_against', header: 'Paid against' },
  { key: 'unallocated', header: 'Not yet allocated (INR)' },
]

async function* paymentRecords(batches: ReturnType<typeof buyerPaymentBatches>) {
  for await (const rows of batches) {
    yield rows.map((p) => ({
      number: p.number,
      received_on: p.receivedOn,
      amount: rupeesInput(p.amountMinor),
      tds: rupeesInput(p.tdsMinor),
      mode: paymentModeLabels[p.mode],
      reference: p.reference,
      // One cell: each invoice with what this payment put on it, "INV/26-27/000012: 1500.00; …".
      paid_against: p.paid.map((a) => `${a.number}: ${rupeesInput(a.amountMinor)}`).join('; '),
      unallocated: rupeesInput(p.unallocatedMinor),
    }))
  }
}

/** /buyer/payments.csv: every payment received from the buyer, newest first, with the invoices each paid. */
export const buyerPaymentsCsv = (db: Database, buyerId: number) =>
  csvStreamResponse(`payments-${kolkataDay()}.csv`, paymentColumns, paymentRecords(buyerPaymentBatches(db, buyerId)))

const balanceColumns: CsvColumn[] = [
  { key: 'buyer', header: 'Buyer' },
  { key: 'outstanding', header: 'Outstanding (INR)' },
  { key: 'past_due', header: 'Past due (INR)' },
  { key: 'paid_this_month', header: 'Paid this month (INR)' },
]

async function* balanceRecords(batches: ReturnType<typeof buyerBalanceBatches>) {
  for await (const rows of batches) {
    yield rows.map((r) => ({
      buyer: r.name,
      outstanding: rupeesInput(r.outstandingMinor),
      past_due: rupeesInput(r.pastDueMinor),
      paid_this_month: rupeesInput(r.paidThisMonthMinor),
    }))
  }
}

/** /logistics/settlements.csv: the buyers the list's filter picks (`?show=`), by name, with their figures. */
export const buyerBalancesCsv = (db: Database, url: URL) =>
  csvStreamResponse(
    `buyer-settlements-${kolkataDay()}.csv`,
    balanceColumns,
    balanceRecords(buyerBalanceBatches(db, readBalanceFilters(url).show)),
  )
