import * as z from 'zod'
import { emailField, nameField, newPasswordField, optionalPhoneField } from '~/utils/fields'

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Enter your password' }),
  redirectTo: z.string().optional(),
})

export const signupSchema = z
  .object({
    companyKind: z.enum(['buyer', 'seller'], { error: 'Choose whether your company buys or sells' }),
    companyName: nameField('your company name'),
    name: nameField('your name'),
    email: emailField,
    phone: optionalPhoneField,
    password: newPasswordField,
    confirmPassword: z.string({ error: 'Type the password again' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The two passwords are not the same',
  })

export const forgotPasswordSchema = z.object({ email: emailField })

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'This reset link is incomplete' }),
    password: newPasswordField,
    confirmPassword: z.string({ error: 'Type the password again' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The two passwords are not the same',
  })

export const profileSchema = z.object({
  intent: z.literal('profile'),
  name: nameField('your name'),
  phone: optionalPhoneField,
})

export const changePasswordSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword: z.string({ error: 'Enter your current password' }),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Type the new password again' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The two passwords are not the same',
  })
