import * as z from 'zod'
import { controlError, singleLine } from '~/utils/fields'
import { parseRupees } from '~/utils/money'
import { parseQuantity } from '~/utils/quantity'
import { byQuantity, DEBIT_REASONS, NOTE_REASONS } from './notes'

// The credit and debit note forms of an invoice's page (finance): a reason (code and words) and, per
// invoice line, a quantity (short delivery, QC rejection, return) or a taxable amount in rupees
// (rate difference, other). Blank lines are left out; a line filled the wrong way is refused at it.

export const noteFormSchema = z
  .object({
    intent: z.enum(['credit', 'debit']),
    form: z.string().max(40).optional(),
    idempotencyKey: z.string().max(100).optional(),
    reasonCode: z.enum(NOTE_REASONS, { error: 'Choose the reason' }),
    reason: z
      .string({ error: 'Enter the reason in words' })
      .trim()
      .min(1, 'Enter the reason in words')
      .max(500, 'Use at most 500 characters')
      .refine(singleLine, controlError),
    lines: z
      .array(
        z.object({
          line: z.coerce.number({ error: 'Choose a line' }).int().positive(),
          quantity: z.string().trim().max(30).optional(),
          amount: z.string().trim().max(30).optional(),
        }),
      )
      .max(500)
      .default([]),
  })
  .superRefine((form, ctx) => {
    if (form.intent === 'debit' && !(DEBIT_REASONS as readonly string[]).includes(form.reasonCode))
      ctx.addIssue({
        code: 'custom',
        path: ['reasonCode'],
        message: 'A debit note is for a rate difference or another agreed charge',
      })
    const quantity = form.intent === 'credit' && byQuantity(form.reasonCode)
    let filled = 0
    form.lines.forEach((l, i) => {
      const [used, other] = quantity ? (['quantity', 'amount'] as const) : (['amount', 'quantity'] as const)
      if (l[other])
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, other],
          message: quantity
            ? 'This reason is a quantity of goods: leave the amount empty'
            : 'This reason is a taxable amount: leave the quantity empty',
        })
      const value = l[used]
      if (!value) return
      filled++
      const parsed = quantity ? parseQuantity(value) : parseRupees(value)
      if (parsed === null || parsed <= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, used],
          message: quantity
            ? 'Enter a quantity more than zero, like 12 or 2.5'
            : 'Enter the taxable amount in rupees, like 1500 or 1,500.50',
        })
    })
    if (!filled)
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: quantity ? 'Enter the quantity of at least one line' : 'Enter the taxable amount of at least one line',
      })
  })
export type NoteForm = z.output<typeof noteFormSchema>

/** The note's lines as the ledger takes them, each with the form row it came from (its refusals go back there). */
export function noteLinesOf(
  form: NoteForm,
): { invoiceLineId: number; quantityMilli?: number; taxableMinor?: number; row: number }[] {
  const quantity = form.intent === 'credit' && byQuantity(form.reasonCode)
  return form.lines.flatMap(
    (l, row): { invoiceLineId: number; quantityMilli?: number; taxableMinor?: number; row: number }[] => {
      const value = quantity ? l.quantity : l.amount
      if (!value) return []
      return quantity
        ? [{ invoiceLineId: l.line, quantityMilli: parseQuantity(value)!, row }]
        : [{ invoiceLineId: l.line, taxableMinor: parseRupees(value)!, row }]
    },
  )
}
