import { z } from 'zod'

// Field rules shared by every form (docs/domain.md section 7).

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
