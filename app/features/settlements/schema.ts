import * as z from 'zod'
import { readDateFilters } from '~/utils/date-filters'
import { controlError, dateField, moneyField, singleLine } from '~/utils/fields'
import { readListParams } from '~/utils/list-params'
import { PAYMENT_MODES } from './shared'
export { PAYMENT_MODES, invoicePdfPath, paymentModeLabels, settlementPath, statementPdfPath } from './shared'

// A buyer's settlement page (/logistics/settlements/buyers/:buyerId): its forms and the ledger's filters.

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Use at most ${max} characters`)
    .refine(singleLine, controlError)

export const settlementFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('payment'),
    idempotencyKey: z.string().max(100).optional(),
    receivedOn: dateField('the day it was received'),
    amount: moneyField('the amount received'),
    mode: z.enum(PAYMENT_MODES, { error: 'Choose how it was paid' }),
    reference: text('the reference (UTR, cheque number)', 60),
    // TDS the buyer deducted (docs/domain.md (issue 38) "TDS on receipts"): blank is none.
    tds: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      moneyField('the TDS deducted').optional(),
    ),
    tdsSection: z
      .string()
      .trim()
      .max(20, 'Use at most 20 characters')
      .regex(/^[0-9A-Za-z() ]*$/, 'Enter the section like 194Q')
      .optional(),
  }),
  z.object({
    intent: z.literal('tds_certificate'),
    form: z.string().max(40).optional(),
    payment: z.coerce.number({ error: 'Choose the receipt' }).int().positive(),
    certificate: text('the certificate number', 40),
    certificateOn: dateField('the certificate’s date'),
  }),
  z.object({
    intent: z.literal('credit_note'),
    idempotencyKey: z.string().max(100).optional(),
    invoice: z
      .string({ error: 'Enter the invoice number' })
      .trim()
      .toUpperCase()
      .min(1, 'Enter the invoice number')
      .max(40, 'Use at most 40 characters')
      // The home registration's series, or another registration's with its two letters (issue 52: INVTN/26-27/0001).
      .regex(
        /^INV(?:[A-Z]{2})?\/(?:\d{4}-\d{2}|\d{2}-\d{2})\/\d{3,6}$/,
        'Enter an invoice number like INV/26-27/000123 or INVTN/26-27/0001',
      ),
    amount: moneyField('the amount to credit'),
    reason: text('the reason', 500),
  }),
])
export type SettlementForm = z.output<typeof settlementFormSchema>

/** The ledger's period (posting days) and page from the URL. */
export function readLedgerFilters(url: URL) {
  const list = readListParams(url, { sorts: ['posted'] as const, defaultSort: 'posted', defaultDir: 'desc' })
  const { dates, problems } = readDateFilters(url.searchParams, ['from', 'to'] as const)
  return { page: list.page, pageSize: list.pageSize, from: dates.from, to: dates.to, problems }
}
export type LedgerFilters = ReturnType<typeof readLedgerFilters>
