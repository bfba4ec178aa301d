import * as z from 'zod'
import { controlError, dateField, moneyField, singleLine, wholeNumberField } from '~/utils/fields'

// The seller side's forms (docs/domain.md (issue 38)). Lines are records by id whose typed texts
// (quantity, rate, tax, amount) are read in pages.server.ts, so a bad one is told at its own field.

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Use at most ${max} characters`)
    .refine(singleLine, controlError)
const typed = z
  .string()
  .max(30, 'Use at most 30 characters')
  .optional()
  .transform((v) => (v ?? '').trim())
const id = z.string().regex(/^\d{1,12}$/)
const key = z.string().max(100).optional()
const reason = text('the reason', 1000)

export const billFormSchema = z.object({
  idempotencyKey: key,
  number: text('the seller’s invoice number', 16).refine((v) => /^[A-Za-z0-9/-]+$/.test(v), {
    error: 'Use letters, digits, / and - only, as GST invoice numbers are',
  }),
  billOn: dateField('the bill’s date'),
  line: z.record(id, z.object({ quantity: typed, rate: typed, tax: typed })).optional(),
})

export const billDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), reason }),
  z.object({ intent: z.literal('reject'), reason }),
  z.object({
    intent: z.literal('debit_note'),
    idempotencyKey: key,
    reason,
    line: z.record(id, z.object({ quantity: typed })).optional(),
  }),
])

export const payoutFormSchema = z.object({
  idempotencyKey: key,
  seller: id,
  paidOn: dateField('the day it was paid'),
  utr: text('the UTR', 40),
  bill: z.record(id, z.object({ pay: z.string().max(5).optional(), amount: typed })).optional(),
})

export const termsFormSchema = z.object({
  paymentTermsDays: wholeNumberField('the payment terms in days', { min: 0, max: 365 }),
  openingPurchases: moneyField('the purchases this year before bills were recorded here (0 when none)'),
})
