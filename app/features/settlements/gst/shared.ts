// E-invoice and GSTR-1 pages' paths and plain values (views import these; no zod here).

export const einvoicesPath = '/logistics/settlements/einvoices'
/** `&gstin=…` for a supplier GSTIN other than the home one (issue 52: a file per registration). */
const gstinParam = (gstin?: string) => (gstin ? `&gstin=${encodeURIComponent(gstin)}` : '')
export const einvoiceMonthPath = (month: string, gstin?: string) =>
  `${einvoicesPath}?month=${month}${gstinParam(gstin)}`
export const einvoicePath = (key: string) => `${einvoicesPath}/${key}`
export const einvoiceJsonPath = (key: string) => `${einvoicesPath}/${key}/download`
export const einvoiceCancelJsonPath = (key: string) => `${einvoicesPath}/${key}/cancel-json`
export const einvoiceBulkJsonPath = (month: string, gstin?: string) =>
  `${einvoicesPath}.json?month=${month}${gstinParam(gstin)}`
export const gstr1Path = '/logistics/settlements/gstr1'
export const gstr1MonthPath = (month: string, gstin?: string) => `${gstr1Path}?month=${month}${gstinParam(gstin)}`
export const gstr1JsonPath = (month: string, gstin?: string) => `${gstr1Path}.json?month=${month}${gstinParam(gstin)}`
export const gstr1CsvPath = (month: string, gstin?: string) => `${gstr1Path}.csv?month=${month}${gstinParam(gstin)}`

export const EINVOICE_STATUSES = [
  { value: 'open', label: 'Not registered' },
  { value: 'registered', label: 'Registered' },
] as const
export type EinvoiceStatusFilter = (typeof EINVOICE_STATUSES)[number]['value']
