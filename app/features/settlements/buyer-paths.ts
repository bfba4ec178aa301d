// The buyer portal's money pages: their paths and the invoice list's status choices (plain values for the views).

export const BUYER_INVOICE_STATUSES = ['open', 'overdue', 'settled'] as const
export type BuyerInvoiceFilter = (typeof BUYER_INVOICE_STATUSES)[number]
export const buyerInvoiceStatusLabels: Record<BuyerInvoiceFilter, string> = {
  open: 'Open (not fully paid)',
  overdue: 'Past due',
  settled: 'Settled',
}

export const buyerMoneyPaths = {
  invoices: '/buyer/invoices',
  invoicesCsv: '/buyer/invoices.csv',
  payments: '/buyer/payments',
  paymentsCsv: '/buyer/payments.csv',
  outstanding: '/buyer/outstanding',
  invoice: (invoiceId: number) => `/buyer/invoices/${invoiceId}`,
  invoicePdf: (invoiceId: number) => `/buyer/invoices/${invoiceId}.pdf`,
  statementPdf: (from: string, to: string) => `/buyer/statement.pdf?from=${from}&to=${to}`,
}
