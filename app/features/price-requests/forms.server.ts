// The price-change pages' form posts, read from FormData and answered as the one form outcome, which
// the route turns (answerForm) into a redirect with a toast, a 400 with the form's reply, or a 404.
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import type { FormReply } from '~/platform/form-reply'
import { formatMoney } from '~/utils/format'
import { isFlagOn } from '../flags/flags.server'
import { adminRequestPath, kamRequestPath } from './paths'
import {
  confirmAgainstNewBase,
  createPriceRequest,
  decidePriceRequest,
  withdrawPriceRequest,
  type Result,
} from './mutations.server'
import { CREATE_FORM_ID, createRequestSchema, decisionSchema, rebaseSchema, withdrawSchema } from './schema'

type Refusal = Extract<Result<unknown>, { ok: false }>
const errorsOf = (result: Refusal) =>
  result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] }

/**
 * The KAM's page: a new request (intent create), withdrawing a pending one (intent withdraw), or
 * confirming one against the price in force after its base moved (intent rebase).
 */
export async function handleKamForm(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<FormReply>> {
  const intent = form.get('intent')
  if (intent === 'create') {
    const submission = parseWithZod(form, { schema: createRequestSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply() } }
    const effectiveDates = await isFlagOn(db, 'price_request_effective_date', viewer.roles)
    const result = await createPriceRequest(db, viewer, submission.value, { effectiveDates })
    if (!result.ok)
      return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply(errorsOf(result)) } }
    const { id } = result.value
    return {
      status: 'done',
      redirectTo: kamRequestPath(id),
      toast: { kind: 'success', message: `Price-change request #${id} is sent to admin for a decision.` },
    }
  }
  if (intent === 'withdraw') {
    const submission = parseWithZod(form, { schema: withdrawSchema })
    if (submission.status !== 'success') return { status: 'bad-request' }
    const id = submission.value.requestId
    const result = await withdrawPriceRequest(db, viewer, id)
    if (!result.ok && result.notFound) return { status: 'not-found' }
    return {
      status: 'done',
      redirectTo: kamRequestPath(id),
      toast: result.ok
        ? { kind: 'success', message: `Request #${id} is withdrawn.` }
        : { kind: 'error', message: result.message },
    }
  }
  if (intent === 'rebase') {
    const submission = parseWithZod(form, { schema: rebaseSchema })
    if (submission.status !== 'success') return { status: 'bad-request' }
    return rebased(
      await confirmAgainstNewBase(db, viewer, submission.value.requestId),
      submission.value.requestId,
      kamRequestPath,
    )
  }
  return { status: 'bad-request' }
}

/** A request confirmed against the price in force (or why not), back on the page it was asked from. */
function rebased(
  result: Awaited<ReturnType<typeof confirmAgainstNewBase>>,
  id: number,
  pathOf: (id: number) => string,
): FormOutcome<FormReply> {
  if (!result.ok && result.notFound) return { status: 'not-found' }
  return {
    status: 'done',
    redirectTo: pathOf(id),
    toast: result.ok
      ? {
          kind: 'success',
          message: `Request #${id} now stands against ${formatMoney(result.value.baseMinor)}, the price in force: it may be decided.`,
        }
      : { kind: 'error', message: result.message },
  }
}

/** Admin's approve or reject form on a request's page. */
export async function handleDecisionForm(
  db: Database,
  viewer: Viewer,
  id: number,
  form: FormData,
  appUrl: string,
): Promise<FormOutcome<FormReply>> {
  const intent = form.get('intent')
  // The price moved since the request: confirming the proposal against the price in force now.
  if (intent === 'rebase') return rebased(await confirmAgainstNewBase(db, viewer, id), id, adminRequestPath)
  if (intent !== 'approve' && intent !== 'reject') return { status: 'bad-request' }
  const submission = parseWithZod(form, { schema: decisionSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: { form: intent, result: submission.reply() } }
  const result = await decidePriceRequest(db, viewer, id, submission.value, { appUrl })
  if (!result.ok && result.notFound) return { status: 'not-found' }
  const redirectTo = adminRequestPath(id)
  // Beaten by another admin: back to the page, which now shows their decision, with a word on it.
  if (!result.ok) return { status: 'done', redirectTo, toast: { kind: 'error', message: result.message } }
  const { versionNumber } = result.value
  const message =
    versionNumber === null
      ? `Request #${id} is rejected; the requester is told.`
      : `Request #${id} is approved: version ${versionNumber} is added and the requester is told.`
  return { status: 'done', redirectTo, toast: { kind: 'success', message } }
}
