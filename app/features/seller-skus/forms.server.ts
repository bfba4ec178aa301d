// The seller-SKU pages' posts, read from FormData and answered as the one form outcome (answerForm
// turns `done` into a redirect with a toast and `invalid` into a 400 carrying the reply).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { replyWithReferences } from '../search/pick.server'
import { changeSellerSkuStatus, createSellerSku, saveAndPublishSellerSku, updateSellerSku } from './mutations.server'
import { becomes, editPath, statusLabels, transitionNames, type OfferField, type Transition } from './rules'
import { createSellerSkuSchema, editSellerSkuSchema } from './schema'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'

export type SellerSkuIntent = 'save' | Transition

/** What the edit page reads back after a refused post: the form that sent it, its reply, the fields a step lacks. */
export interface SellerSkuReply {
  intent: SellerSkuIntent | null
  reply: SubmissionResult<string[]> | null
  gaps?: Partial<Record<OfferField, string>>
}

/** The create form: "Save draft" or "Save and publish" (an incomplete offer is then not created). */
export async function handleCreateForm(
  db: Database,
  viewer: Viewer,
  form: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const submission = parseWithZod(form, { schema: createSellerSkuSchema })
  if (submission.status !== 'success') {
    return {
      status: 'invalid',
      reply: await replyWithReferences(db, viewer, submission, form, { seller: 'seller', productSku: 'product_sku' }),
    }
  }
  const result = await createSellerSku(db, viewer, submission.value)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  const { id, status } = result.value
  return {
    status: 'done',
    redirectTo: editPath(id),
    toast: {
      kind: 'success',
      message: status === 'live' ? 'The offer is saved and live.' : 'The offer is saved as a draft.',
    },
  }
}

const isIntent = (value: unknown): value is SellerSkuIntent =>
  value === 'save' || transitionNames.includes(value as Transition)

/** The edit page's forms: save the terms, or one state change (each its own form with a hidden intent). */
export async function handleEditPageForm(
  db: Database,
  viewer: Viewer,
  id: number,
  form: FormData,
): Promise<FormOutcome<SellerSkuReply>> {
  const intent = form.get('intent')
  if (!isIntent(intent)) return { status: 'invalid', reply: { intent: null, reply: null } }
  if (intent === 'save') {
    const submission = parseWithZod(form, { schema: editSellerSkuSchema })
    if (submission.status !== 'success') return { status: 'invalid', reply: { intent, reply: submission.reply() } }
    const result = await updateSellerSku(db, viewer, id, submission.value)
    if (!result.ok) return { status: 'invalid', reply: { intent, reply: refusalReply(submission, result) } }
    const saved = result.value.changed.length > 0
    return {
      status: 'done',
      redirectTo: editPath(id),
      toast: {
        kind: saved ? 'success' : 'info',
        message: saved ? 'The offer is saved.' : 'Nothing to save: no field was changed.',
      },
    }
  }
  // "Save and publish" sends the terms form as typed (its version with it): the typed terms are
  // saved and published together, or the form comes back as typed with each gap at its field.
  if (intent === 'publish' && form.has('version')) {
    const submission = parseWithZod(form, { schema: editSellerSkuSchema })
    if (submission.status !== 'success') return { status: 'invalid', reply: { intent, reply: submission.reply() } }
    const result = await saveAndPublishSellerSku(db, viewer, id, submission.value)
    if (!result.ok)
      return {
        status: 'invalid',
        reply: {
          intent,
          reply: refusalReply(submission, result, result.fields ? 'Not published: nothing was saved yet.' : undefined),
          gaps: result.fields as SellerSkuReply['gaps'],
        },
      }
    return {
      status: 'done',
      redirectTo: editPath(id),
      toast: {
        kind: 'success',
        message: result.value.changed.length ? 'The offer is saved and live.' : 'The offer is live.',
      },
    }
  }
  const result = await changeSellerSkuStatus(db, viewer, id, intent)
  if (result.ok)
    return {
      status: 'done',
      redirectTo: editPath(id),
      toast: { kind: 'success', message: `The offer is ${becomes[intent]}.` },
    }
  // Missing fields are shown at the edit form's fields; any other refusal as a toast on the page.
  if (result.fields) return { status: 'invalid', reply: { intent, reply: null, gaps: result.fields } }
  return {
    status: 'done',
    redirectTo: editPath(id),
    toast: { kind: 'error', message: result.message ?? `Not ${statusLabels.live.toLowerCase()}` },
  }
}
