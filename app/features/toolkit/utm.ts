import * as z from 'zod'
import { controlError, singleLine } from '~/utils/fields'
import { urlProblem } from './shared'
export { urlProblem } from './shared'
export { buildUtmUrl } from './shared'

// The UTM link builder (/toolkit/utm): a page's address with the five utm_ parameters, shared by
// the form (a live preview with JavaScript) and the server (what is saved).

export const MAX_URL_LENGTH = 2000

const tag = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(100, 'Use at most 100 characters')
    .refine(singleLine, controlError)
const optionalTag = z.string().trim().max(100, 'Use at most 100 characters').refine(singleLine, controlError).optional()

export const utmFields = {
  url: z
    .string({ error: 'Enter the address of the page' })
    .trim()
    .max(MAX_URL_LENGTH, `Use at most ${MAX_URL_LENGTH} characters`)
    .superRefine((value, ctx) => {
      const problem = urlProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  source: tag('source (where the visitor comes from, like newsletter)'),
  medium: tag('medium (like email or cpc)'),
  campaign: tag('campaign name'),
  term: optionalTag,
  content: optionalTag,
}

export const utmSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), idempotencyKey: z.string().max(100).optional(), ...utmFields }),
  z.object({ intent: z.literal('delete'), linkId: z.coerce.number({ error: 'Choose a link' }).int().positive() }),
])

/** Tagging only (anyone but staff: a GET form, nothing saved, no short link). */
export const utmTagSchema = z.object(utmFields)

/** A short link's code: seven letters or digits. */
export const SHORT_CODE = /^[A-Za-z0-9]{7}$/
