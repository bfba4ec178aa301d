import * as z from 'zod'
import { API_SCOPES } from '~/auth/api-scopes'

export const TOKEN_DAYS_MAX = 365
export const TOKEN_DAYS_DEFAULT = 90

/** The form that makes a token: a name a person recognises, its scopes, and how many days it lasts. */
export const createTokenSchema = z.object({
  intent: z.literal('create'),
  idempotencyKey: z.string().max(100).optional(),
  name: z
    .string({ error: 'Name the token after the system that will use it' })
    .trim()
    .min(1, 'Name the token after the system that will use it')
    .max(80, 'At most 80 characters'),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'Choose scopes from the list' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope'),
  days: z.coerce
    .number({ error: `A whole number of days, 1 to ${TOKEN_DAYS_MAX}` })
    .int(`A whole number of days, 1 to ${TOKEN_DAYS_MAX}`)
    .min(1, `A whole number of days, 1 to ${TOKEN_DAYS_MAX}`)
    .max(TOKEN_DAYS_MAX, `A token lasts at most ${TOKEN_DAYS_MAX} days; make a new one before it ends`),
})

export const revokeTokenSchema = z.object({
  intent: z.literal('revoke'),
  tokenId: z.coerce.number().int().positive(),
})
