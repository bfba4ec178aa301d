// What an invoice is for, as every money page names and links it: the buyer's master order (an
// order's delivery), or the sample order whose charges it bills (docs/domain.md "Sample charges").

export type InvoiceOrder = { kind: 'order' | 'sample'; id: number; code: string }

/** The columns a query selects for invoiceOrder, over `master_orders as mo` and `sample_orders as smp` left joined to the invoice. */
export const INVOICE_ORDER_COLUMNS = [
  'mo.id as masterOrderId',
  'mo.code as masterCode',
  'smp.id as sampleOrderId',
  'smp.code as sampleCode',
] as const

type OrderColumns = {
  masterOrderId: number | null
  masterCode: string | null
  sampleOrderId: number | null
  sampleCode: string | null
}

/** The invoice's order from INVOICE_ORDER_COLUMNS: one of the two is always there. */
export function invoiceOrder(row: OrderColumns): InvoiceOrder {
  if (row.masterOrderId !== null) return { kind: 'order', id: row.masterOrderId, code: row.masterCode ?? '' }
  return { kind: 'sample', id: row.sampleOrderId ?? 0, code: row.sampleCode ?? '' }
}

/** A row with its order folded into `order` (and `orderCode`, the code alone, for CSV and PDF). */
export function withOrder<R extends OrderColumns>(row: R) {
  const { masterOrderId, masterCode, sampleOrderId, sampleCode, ...rest } = row
  const order = invoiceOrder({ masterOrderId, masterCode, sampleOrderId, sampleCode })
  return { ...rest, order, orderCode: order.code }
}
