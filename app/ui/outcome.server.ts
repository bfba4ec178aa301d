import { data } from '@remix-run/node'
import type { FormReply } from '~/features/addresses/schema'
import { notFound } from '~/auth/guard.server'
import { redirectWithToast, type Toast } from './toast.server'

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

/** A form's outcome when the feature knows where to go next (a record's page, a list). */
export type RoutedOutcome<Reply> =
  | { status: 'done'; redirectTo: string; toast: Toast }
  | { status: 'invalid'; reply: Reply }
  | { status: 'not-found' }
  | { status: 'bad-request' }

/** Redirect with the toast when it worked; otherwise 400 with the form's reply (none for a post that names no form), or 404. */
export function answerForm<Reply>(outcome: RoutedOutcome<Reply>) {
  switch (outcome.status) {
    case 'done':
      return redirectWithToast(outcome.redirectTo, outcome.toast)
    case 'invalid':
      return data<Reply | null>(outcome.reply, { status: 400 })
    case 'not-found':
      return notFound()
    case 'bad-request':
      return data<Reply | null>(null, { status: 400 })
  }
}
