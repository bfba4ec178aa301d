// Settlements' plain values: payment modes, addresses.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).
import type { PaymentMode } from '#db/types'

export const PAYMENT_MODES = ['neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash'] as const satisfies readonly PaymentMode[]

export const invoicePdfPath = (buyerId: number, invoiceId: number) =>
  `${settlementPath(buyerId)}/invoices/${invoiceId}.pdf`

export const paymentModeLabels: Record<PaymentMode, string> = {
  neft: 'NEFT',
  rtgs: 'RTGS',
  imps: 'IMPS',
  upi: 'UPI',
  cheque: 'Cheque',
  cash: 'Cash',
}

export const settlementPath = (buyerId: number) => `/logistics/settlements/buyers/${buyerId}`

export const statementPdfPath = (buyerId: number, from: string, to: string) =>
  `${settlementPath(buyerId)}/statement.pdf?from=${from}&to=${to}`

export const settlementsPath = '/logistics/settlements'
