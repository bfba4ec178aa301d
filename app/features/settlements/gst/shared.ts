// E-invoice and GSTR-1 pages' paths and plain values (views import these; no zod here).

export const einvoicesPath = '/logistics/settlements/einvoices'
export const einvoiceMonthPath = (month: string) => `${einvoicesPath}?month=${month}`
export const einvoicePath = (key: string) => `${einvoicesPath}/${key}`
export const einvoiceJsonPath = (key: string) => `${einvoicesPath}/${key}/download`
export const einvoiceCancelJsonPath = (key: string) => `${einvoicesPath}/${key}/cancel-json`
export const einvoiceBulkJsonPath = (month: string) => `${einvoicesPath}.json?month=${month}`
export const gstr1Path = '/logistics/settlements/gstr1'
export const gstr1JsonPath = (month: string) => `${gstr1Path}.json?month=${month}`
export const gstr1CsvPath = (month: string) => `${gstr1Path}.csv?month=${month}`

export const EINVOICE_STATUSES = [
  { value: 'open', label: 'Not registered' },
  { value: 'registered', label: 'Registered' },
] as const
export type EinvoiceStatusFilter = (typeof EINVOICE_STATUSES)[number]['value']
