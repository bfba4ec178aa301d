import { isOwnKey } from '~/utils/own-key'
// The buyer SKU pages' form posts, answered as the one form outcome (answerForm turns `done` into a
// redirect with a toast and `invalid` into a 400 carrying the submission's reply).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { replyWithReferences } from '../search/pick.server'
import { buyerSkuPath } from './paths'
import { changeBuyerSkuStatus, createBuyerSku, saveBuyerSku } from './mutations.server'
import { buyerSkuMachine, createBuyerSkuSchema, editBuyerSkuSchema, type StatusIntent } from './schema'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'

type Reply = SubmissionResult<string[]>

/** What the edit page reads back after a refused post: the form that sent it, and its reply. */
export interface EditPageReply {
  intent: string | null
  reply: Reply | null
}

export async function handleCreateForm(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: createBuyerSkuSchema })
  if (submission.status !== 'success') {
    return {
      status: 'invalid',
      reply: await replyWithReferences(db, viewer, submission, form, { buyer: 'buyer', productSkuCode: 'product_sku' }),
    }
  }
  const result = await createBuyerSku(db, { userId: viewer.userId }, submission.value)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  return {
    status: 'done',
    redirectTo: buyerSkuPath(result.value.id),
    toast: {
      kind: 'success',
      message: `Buyer SKU ${submission.value.buyerCode} is created with version 1, in force now.`,
    },
  }
}

/** The edit page's forms: save (a new version), archive, restore. An unknown intent is a bad request. */
export async function handleEditPageForm(
  db: Database,
  viewer: Viewer,
  id: number,
  form: FormData,
): Promise<FormOutcome<EditPageReply>> {
  const intent = form.get('intent')
  const redirectTo = buyerSkuPath(id)
  if (intent === 'save') {
    const submission = parseWithZod(form, { schema: editBuyerSkuSchema })
    if (submission.status !== 'success') return { status: 'invalid', reply: { intent, reply: submission.reply() } }
    const result = await saveBuyerSku(db, { userId: viewer.userId }, id, submission.value)
    if (!result.ok) return { status: 'invalid', reply: { intent, reply: refusalReply(submission, result) } }
    const { requestId } = result.value
    if (requestId !== undefined)
      return {
        status: 'done',
        redirectTo,
        toast: {
          kind: 'info',
          message: `The new price needs an admin’s decision (${result.value.requestWhy}), so it was not saved: price-change request #${requestId} is made for you and waits for that decision; the buyer is told once it is approved.${result.value.number === null ? '' : ` Your other changes are saved as version ${result.value.number}.`}`,
        },
      }
    if (result.value.number === null)
      return {
        status: 'done',
        redirectTo,
        toast: { kind: 'info', message: 'Nothing changed: no new version was made.' },
      }
    return {
      status: 'done',
      redirectTo,
      toast: { kind: 'success', message: `Saved as version ${result.value.number}, in force now.` },
    }
  }
  if (isOwnKey(buyerSkuMachine.steps, intent)) {
    const result = await changeBuyerSkuStatus(db, { userId: viewer.userId }, id, intent as StatusIntent)
    if (!result.ok) return { status: 'done', redirectTo, toast: { kind: 'error', message: result.message } }
    const done = buyerSkuMachine.steps[intent as StatusIntent].done
    return {
      status: 'done',
      redirectTo,
      toast: { kind: 'success', message: `Buyer SKU ${result.value.buyerCode} is ${done}.` },
    }
  }
  return { status: 'invalid', reply: { intent: null, reply: null } }
}
