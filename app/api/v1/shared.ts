import { z } from 'zod'
import { decodeCursor } from '~/platform/api/cursor'
import type { InvoiceFigures } from '~/features/settlements/figures'

// Schemas and readers the buyer-side resources share (money, dates, addresses, ids, cursors).

export const id = z.number().int().positive()
/** A path parameter that is a record's id (anything else answers 404). */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
export const paise = (what: string) => z.number().int().describe(`${what}, in paise (INR minor units).`)
/**
 * An invoice's figures (docs/domain.md "Figures that add up (issue 51)"), the names the API has always
 * used: open = total + debited − credited − paid, on every invoice of every endpoint.
 */
export const invoiceFiguresSchema = {
  total_paise: paise('Invoiced: the invoice total with taxes'),
  debited_paise: paise('Debit notes: added by debit notes'),
  credited_paise: paise('Credit notes: taken off by credit notes'),
  paid_paise: paise('Received: settled by payments, with the TDS deducted on them (credit notes not counted)'),
  open_paise: paise('Outstanding: total + debited − credited − paid'),
}

export const invoiceFiguresBody = (f: InvoiceFigures) => ({
  total_paise: f.invoicedMinor,
  debited_paise: f.debitNotesMinor,
  credited_paise: f.creditNotesMinor,
  paid_paise: f.receivedMinor,
  open_paise: f.outstandingMinor,
})

export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A calendar day, YYYY-MM-DD (India’s day for the platform’s dates).')
export const instant = z.string().describe('An instant, ISO-8601 UTC.')
export const currency = z.literal('INR').describe('Every amount is in Indian rupees, as integer paise.')

/** A day filter in the query: YYYY-MM-DD. */
export const dayQuery = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day as YYYY-MM-DD')
    .optional()
    .describe(what)

/** An id filter in the query. */
export const idQuery = (what: string) =>
  z.coerce
    .number({ error: 'Use a whole number' })
    .int('Use a whole number')
    .positive('Use a positive id')
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe(what)

export const address = z.object({
  label: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pin: z.string(),
  country: z.string().nullable().optional(),
})

/** An address kept as JSON on an order, read into the documented shape (only its declared keys). */
export function addressOf(value: unknown): z.input<typeof address> | null {
  if (!value || typeof value !== 'object') return null
  const a = value as Record<string, unknown>
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v))
  return {
    label: text(a.label),
    line1: String(a.line1 ?? ''),
    line2: text(a.line2),
    city: String(a.city ?? ''),
    state: String(a.state ?? ''),
    pin: String(a.pin ?? ''),
    ...(a.country !== undefined ? { country: text(a.country) } : {}),
  }
}

/** The sort key of the row after which a page starts (its `v` and id), from a cursor parameter. */
export function afterOf(cursor: string | undefined): { v: string; id: number } | null {
  if (!cursor) return null
  const key = decodeCursor(cursor)
  return key ? { v: String(key.v ?? ''), id: key.id } : null
}
