import * as z from 'zod'
import { emailField, nameField, newPasswordField, optionalPhoneField, ownPasswordField } from '~/utils/fields'
import { ROLE_KEYS, roleIssues } from '~/auth/roles'
export { ACCESS_CHOICES } from './shared'

// Each role once, in the roles table's order, whatever order the checkboxes posted.
const roles = z
  .array(z.enum(ROLE_KEYS, { error: 'Choose roles from the list' }))
  .min(1, 'Choose at least one role')
  .transform((chosen) => ROLE_KEYS.filter((key) => chosen.includes(key)))
const company = z.string().trim().max(200, 'Use at most 200 characters').optional()
const companyAdmin = z.boolean().optional()
const version = z.string({ error: 'This form is incomplete; reload the page' })

// Role rules and password rules run even when another field is wrong, so every message shows at once.
const always = { when: () => true }

function addRoleIssues(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const issue of roleIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
}

export const createUserSchema = z
  .object({
    intent: z.literal('create'),
    idempotencyKey: z.string().optional(),
    name: nameField('the name'),
    email: emailField,
    phone: optionalPhoneField,
    roles,
    company,
    companyAdmin,
    access: z.enum(['invite', 'password'], { error: 'Choose how the user gets in' }).default('invite'),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    addRoleIssues(value, ctx)
    if (value.access !== 'password') return
    const password = newPasswordField.safeParse(value.password ?? '')
    if (!password.success)
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: password.error.issues[0]?.message ?? 'Choose a password',
      })
    else if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The two passwords are not the same' })
    }
  }, always)

export type CreateUserInput = z.output<typeof createUserSchema>

export const userDetailsSchema = z.object({
  intent: z.literal('details'),
  version,
  name: nameField('the name'),
  phone: optionalPhoneField,
})

export const userRolesSchema = z
  .object({
    intent: z.literal('roles'),
    version,
    roles,
    company,
    companyAdmin,
    ownPassword: ownPasswordField,
  })
  .superRefine(addRoleIssues, always)

export type UserRolesInput = z.output<typeof userRolesSchema>

export const setPasswordSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: 'Type the password again' }),
    ownPassword: ownPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The two passwords are not the same',
    ...always,
  })
