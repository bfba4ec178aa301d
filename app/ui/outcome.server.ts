import { data } from '@remix-run/node'
import { notFound } from '~/auth/guard.server'
import { withChoices } from '~/platform/pick'
import type { Refusal } from '~/utils/refusal.server'
import { redirectWithToast, type Toast } from './toast.server'

/**
 * What every form handler in the features answers; routes turn it into a response with
 * answerForm, the one way a form is answered. `reply` is what the form's component reads back
 * after a refused submit (a conform reply, or one with the intent of the form that sent it).
 */
export type FormOutcome<Reply = unknown> =
  | { status: 'done'; toast: Toast; /** where to go next; the page the form is on when absent */ redirectTo?: string }
  | { status: 'invalid'; reply: Reply }
  | { status: 'not-found' }
  | { status: 'forbidden'; message?: string }
  | { status: 'bad-request' }

/**
 * Redirect with the toast when it worked (to `redirectTo`, else back to `page`); otherwise 400
 * with the form's reply (none for a post that names no form), 403 or 404.
 */
export function answerForm<Reply>(outcome: FormOutcome<Reply>, page?: string) {
  switch (outcome.status) {
    case 'done': {
      const to = outcome.redirectTo ?? page
      if (!to) throw new Error('answerForm: a done outcome needs redirectTo or the page')
      return redirectWithToast(to, outcome.toast)
    }
    case 'invalid':
      return data<Reply | null>(outcome.reply, { status: 400 })
    case 'not-found':
      return notFound()
    case 'forbidden':
      throw new Response(outcome.message ?? 'You may not do this.', { status: 403, statusText: 'Forbidden' })
    case 'bad-request':
      return data<Reply | null>(null, { status: 400 })
  }
}

/** What parseWithZod hands back: a form's reply, with messages at fields and above the form. */
export type Replier<Reply> = {
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => Reply
}

/**
 * A refused mutation as its form's reply, the one way every form says why: each message at the
 * field it names (a line's at `line.<id>.<field>`), else the message above the form; with fields
 * named, `summary` (if given) says above the form what happened. Records to choose from ride along
 * for pickers.
 */
export function refusalReply<Reply extends object>(submission: Replier<Reply>, refusal: Refusal, summary?: string) {
  const named = refusal.fields ?? (refusal.field ? { [refusal.field]: refusal.message } : null)
  const reply = named
    ? submission.reply({
        fieldErrors: Object.fromEntries(Object.entries(named).map(([field, message]) => [field, [message]])),
        ...(summary ? { formErrors: [summary] } : {}),
      })
    : submission.reply({ formErrors: [refusal.message] })
  return withChoices(reply, refusal.choices)
}
