import * as z from 'zod'
import { parseRupees } from './money'
import { parseQuantity } from './quantity'
import { isValidGstin } from './gstin'
import { strictCalendarDate } from './calendar-date'

// Kept here too for the modules that read it beside the date fields.
export { strictCalendarDate }

// Field rules shared by every form (docs/domain.md section 7).

/**
 * Characters no typed text needs: control characters (tabs and line breaks only where a field
 * has several lines) and the bidirectional overrides that make a name read differently on screen.
 */
// [^\P{Cc}\u0080-\u009f]: a C0 control character or DEL (the control characters but the C1 block).
const CONTROL = /[^\P{Cc}\t\n\r\u0080-\u009f]|[\u202a-\u202e\u2066-\u2069]/u
const CONTROL_OR_BREAK = /[^\P{Cc}\u0080-\u009f]|[\u202a-\u202e\u2066-\u2069]/u
const CONTROL_MESSAGE = 'Remove the invisible control characters from this text'

/** Refuses control characters in a one-line value (names, codes, titles). */
export const singleLine = (value: string) => !CONTROL_OR_BREAK.test(value)
/** Refuses control characters in text that may have several lines (notes, reasons). */
export const plainText = (value: string) => !CONTROL.test(value)
export const controlError = { error: CONTROL_MESSAGE }

export const emailField = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'That e-mail address is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@company.com' }))

export const PASSWORD_MIN = 10
export const newPasswordField = z
  .string({ error: 'Choose a password' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(200, 'Use at most 200 characters')

/** The acting user's own password, typed again to confirm a sensitive change. */
export const ownPasswordField = z
  .string({ error: 'Type your own password to confirm' })
  .min(1, 'Type your own password to confirm')
  .max(200)

const PHONE = /^(?:[6-9]\d{9}|\+[1-9]\d{7,14})$/
export const optionalPhoneField = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => value === '' || PHONE.test(value), {
    error: 'Enter a 10-digit Indian mobile number or an international number like +4420712345678',
  })
  .optional()

export const nameField = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(2, `Enter ${label} (at least 2 characters)`)
    .max(120, 'Use at most 120 characters')
    .refine(singleLine, controlError)

export const optionalEmailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'That e-mail address is too long')
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    error: 'Enter a valid e-mail address, like name@company.com',
  })
  .optional()

export const phoneField = z
  .string({ error: 'Enter a phone number' })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => PHONE.test(value), {
    error: 'Enter a 10-digit Indian mobile number or an international number like +4420712345678',
  })

/** GSTIN: 15 characters whose last is the check character of the first 14 (empty allowed). */
export const optionalGstinField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || isValidGstin(value), {
    error: 'Enter a valid 15-character GSTIN, like 27AAECI1234F1ZY (the last character is a check character)',
  })
  .optional()

export const pinField = z
  .string({ error: 'Enter the 6-digit PIN code' })
  .trim()
  .regex(/^[1-9]\d{5}$/, 'Enter the 6-digit PIN code (it does not start with 0)')

/** An amount in rupees as typed ("5,00,000.50", "₹ 1200"), kept as paise. */
export const moneyField = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .transform((value, ctx) => {
      const paise = parseRupees(value)
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: `Enter ${label} in rupees, like 500000 or 5,00,000.50` })
        return z.NEVER
      }
      return paise
    })

export const optionalText = (max: number) =>
  z.string().trim().max(max, `Use at most ${max} characters`).refine(plainText, controlError).optional()

/** A quantity as typed ("1,200.5"), kept in thousandths of the unit. */
export const quantityField = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .transform((value, ctx) => {
      const milli = parseQuantity(value)
      if (milli === null) {
        ctx.addIssue({
          code: 'custom',
          message: `Enter ${label} as a number with at most 3 decimals, like 500 or 12.5`,
        })
        return z.NEVER
      }
      return milli
    })

/** A code: capital letters, digits and dashes ("FAB-SH-0001"); typed lower case is accepted and raised. */
export const codeField = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .toUpperCase()
    .min(2, `Enter ${label} (at least 2 characters)`)
    .max(40, 'Use at most 40 characters')
    .regex(/^[A-Z0-9-]+$/, `Use only capital letters, digits and dashes in ${label}, like FAB-SH-0001`)

/** A whole number of days, units or similar within bounds. */
export const wholeNumberField = (label: string, { min = 0, max = 1_000_000 } = {}) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .regex(/^\d+$/, `Enter ${label} as a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `Enter ${label} between ${min} and ${max}` })

/** An optional date field (empty allowed); every date field of every form uses it. */
export const optionalDateField = (example = '2027-01-31') =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || strictCalendarDate(value) !== null, {
      error: `Enter a real date, like ${example}`,
    })
    .optional()

/** A required date (YYYY-MM-DD), checked strictly. */
export const dateField = (label: string, example = '2027-01-31') =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .refine((value) => strictCalendarDate(value) !== null, { error: `Enter ${label} as a real date, like ${example}` })

/**
 * A date and time as a datetime-local input sends it ("2027-01-31T14:30"), in the platform's time
 * zone (Asia/Kolkata), kept as the UTC instant (ISO). Seconds are accepted and dropped.
 */
export const dateTimeField = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .transform((value, ctx) => {
      const iso = kolkataDateTime(value)
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: `Enter ${label} as a date and time, like 2027-01-31 14:30` })
        return z.NEVER
      }
      return iso
    })

/** "2027-01-31T14:30" (or with a space) in Asia/Kolkata → the UTC ISO instant; null when it is not one. */
export function kolkataDateTime(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value)
  if (!match || !strictCalendarDate(match[1]!)) return null
  const [hours, minutes] = [Number(match[2]), Number(match[3])]
  if (hours > 23 || minutes > 59) return null
  return new Date(`${match[1]}T${match[2]}:${match[3]}:00+05:30`).toISOString()
}

/** A UTC instant as a datetime-local input shows it, in Asia/Kolkata ("2027-01-31T14:30"). */
export function dateTimeInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16)
}
