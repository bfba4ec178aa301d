import { data } from '@remix-run/node'
import type { FormReply } from '~/features/addresses/schema'
import { notFound } from '~/auth/guard.server'
import { redirectWithToast } from './toast.server'

export type FormOutcome =
  | { outcome: 'done'; message: string }
  | { outcome: 'invalid'; reply: FormReply }
  | { outcome: 'not-found' }
  | { outcome: 'forbidden' }
  | { outcome: 'bad-request' }

/**
 * The answer of a page with several forms: back to the page with a toast when it worked, the
 * form's errors (400) at the form that sent them, or 404 / 403.
 */
export async function respondToForm(outcome: FormOutcome, pagePath: string) {
  switch (outcome.outcome) {
    case 'done':
      return redirectWithToast(pagePath, { kind: 'success', message: outcome.message })
    case 'invalid':
      return data<FormReply | null>(outcome.reply, { status: 400 })
    case 'not-found':
      return notFound()
    case 'forbidden':
      throw new Response('Only your company’s administrators may do this.', { status: 403, statusText: 'Forbidden' })
    case 'bad-request':
      return data<FormReply | null>(null, { status: 400 })
  }
}
