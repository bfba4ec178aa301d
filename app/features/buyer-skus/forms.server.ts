import { isOwnKey } from '~/utils/own-key'
// The buyer SKU pages' form posts, answered as plain results: the route turns `done` into a
// redirect with a toast and `invalid` into a 400 carrying the submission's reply.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { Toast } from '~/ui/toast.server'
import { withChoices } from '../search/pick'
import { replyWithReferences } from '../search/pick.server'
import { buyerSkuPath } from './paths'
import { changeBuyerSkuStatus, createBuyerSku, saveBuyerSku, type Result } from './mutations.server'
import { createBuyerSkuSchema, editBuyerSkuSchema, statusIntents, type StatusIntent } from './schema'

export type FormOutcome =
  | { status: 'done'; redirectTo: string; toast: Toast }
  | { status: 'invalid'; intent: string | null; reply: SubmissionResult<string[]> | null }

type Submission = { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]> }

/** A refused mutation as the form's reply: at its field when it names one, else above the form. */
function refusal(submission: Submission, result: Extract<Result<unknown>, { ok: false }>) {
  if (result.fields) return withChoices(submission.reply({ fieldErrors: Object.fromEntries(Object.entries(result.fields).map(([field, message]) => [field, [message]])) }), result.choices)
  return withChoices(submission.reply(result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] }), result.choices)
}

export async function handleCreateForm(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome> {
  const submission = parseWithZod(form, { schema: createBuyerSkuSchema })
  if (submission.status !== 'success') {
    return { status: 'invalid', intent: null, reply: await replyWithReferences(db, viewer, submission, form, { buyer: 'buyer', productSkuCode: 'product_sku' }) }
  }
  const result = await createBuyerSku(db, { userId: viewer.userId }, submission.value)
  if (!result.ok) return { status: 'invalid', intent: null, reply: refusal(submission, result) }
  return {
    status: 'done',
    redirectTo: buyerSkuPath(result.value.id),
    toast: { kind: 'success', message: `Buyer SKU ${submission.value.buyerCode} is created with version 1, in force now.` },
  }
}

/** The edit page's forms: save (a new version), archive, restore. An unknown intent is a bad request. */
export async function handleEditPageForm(db: Database, viewer: Viewer, id: number, form: FormData): Promise<FormOutcome> {
  const intent = form.get('intent')
  const redirectTo = buyerSkuPath(id)
  if (intent === 'save') {
    const submission = parseWithZod(form, { schema: editBuyerSkuSchema })
    if (submission.status !== 'success') return { status: 'invalid', intent, reply: submission.reply() }
    const result = await saveBuyerSku(db, { userId: viewer.userId }, id, submission.value)
    if (!result.ok) return { status: 'invalid', intent, reply: refusal(submission, result) }
    if (result.value.number === null) return { status: 'done', redirectTo, toast: { kind: 'info', message: 'Nothing changed: no new version was made.' } }
    return { status: 'done', redirectTo, toast: { kind: 'success', message: `Saved as version ${result.value.number}, in force now.` } }
  }
  if (isOwnKey(statusIntents, intent)) {
    const result = await changeBuyerSkuStatus(db, { userId: viewer.userId }, id, intent as StatusIntent)
    if (!result.ok) return { status: 'done', redirectTo, toast: { kind: 'error', message: result.message } }
    const done = intent === 'archive' ? 'archived' : 'restored'
    return { status: 'done', redirectTo, toast: { kind: 'success', message: `Buyer SKU ${result.value.buyerCode} is ${done}.` } }
  }
  return { status: 'invalid', intent: null, reply: null }
}
