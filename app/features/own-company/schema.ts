import * as z from 'zod'
import { emailField, nameField, optionalPhoneField } from '~/utils/fields'
export { CONTACT_FORM_ID, INVITE_FORM_ID } from './shared'

export const companyContactSchema = z.object({
  intent: z.literal('contact'),
  version: z.string({ error: 'This form is out of date; reload the page' }),
  contactEmail: emailField,
  contactPhone: optionalPhoneField,
})

export const inviteColleagueSchema = z.object({
  intent: z.literal('invite'),
  idempotencyKey: z.string().max(100).optional(),
  name: nameField('your colleague’s name'),
  email: emailField,
  phone: optionalPhoneField,
  companyAdmin: z.boolean().optional(),
})
