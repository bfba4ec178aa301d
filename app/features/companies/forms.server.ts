// The company pages' form posts, read from FormData and answered as plain results: the route turns
// `done` into a redirect with a toast and `invalid` into a 400 carrying the submission's reply.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { Toast } from '~/ui/toast.server'
import { companyKinds, companyPath, transitions, type CompanyKind } from './kinds'
import { changeCompanyStatus, createSeller, updateCompany } from './mutations.server'
import { addSellerSchema, companyFormSchemas, statusActionSchema } from './schema'
import { countOf } from '~/utils/format'
import { refusalReply } from '~/ui/outcome.server'

export type FormOutcome =
  | { status: 'done'; redirectTo: string; toast: Toast }
  | { status: 'invalid'; intent: string | null; reply: SubmissionResult<string[]> }

const actorOf = (viewer: Viewer) => ({ userId: viewer.userId, name: viewer.name })

/** Activate, suspend or reactivate from the record page. */
export async function handleStatusForm(
  db: Database,
  viewer: Viewer,
  kind: CompanyKind,
  id: number,
  form: FormData,
  appUrl: string,
): Promise<FormOutcome> {
  const submission = parseWithZod(form, { schema: statusActionSchema })
  const intent = typeof form.get('intent') === 'string' ? String(form.get('intent')) : null
  if (submission.status !== 'success') return { status: 'invalid', intent, reply: submission.reply() }
  const { intent: transition } = submission.value
  const reason = submission.value.intent === 'suspend' ? submission.value.reason : undefined
  const result = await changeCompanyStatus(db, actorOf(viewer), kind, id, transition, { reason, appUrl })
  const redirectTo = companyPath(kind, id)
  if (!result.ok) return { status: 'done', redirectTo, toast: { kind: 'error', message: result.message } }
  const { name, emailed } = result.value
  const told = emailed === 0 ? 'Nobody to e-mail.' : `${countOf(emailed, 'e-mail')} queued.`
  return {
    status: 'done',
    redirectTo,
    toast: { kind: 'success', message: `${name} is ${transitions[transition].done}. ${told}` },
  }
}

/** The edit form of a buyer or a seller. */
export async function handleEditForm(
  db: Database,
  viewer: Viewer,
  kind: CompanyKind,
  id: number,
  form: FormData,
): Promise<FormOutcome> {
  const submission = parseWithZod(form, { schema: companyFormSchemas[kind] })
  if (submission.status !== 'success') return { status: 'invalid', intent: null, reply: submission.reply() }
  const result = await updateCompany(db, actorOf(viewer), kind, id, submission.value)
  if (!result.ok) return { status: 'invalid', intent: null, reply: refusalReply(submission, result) }
  const message =
    result.value.changed.length === 0 ? 'Nothing to save: no field was changed.' : `${submission.value.name} is saved.`
  return {
    status: 'done',
    redirectTo: companyPath(kind, id),
    toast: { kind: result.value.changed.length ? 'success' : 'info', message },
  }
}

/** The add-seller form. */
export async function handleAddSellerForm(
  db: Database,
  viewer: Viewer,
  form: FormData,
  appUrl: string,
): Promise<FormOutcome> {
  const submission = parseWithZod(form, { schema: addSellerSchema })
  if (submission.status !== 'success') return { status: 'invalid', intent: null, reply: submission.reply() }
  const result = await createSeller(db, actorOf(viewer), submission.value, appUrl)
  if (!result.ok) return { status: 'invalid', intent: null, reply: refusalReply(submission, result) }
  const invited = submission.value.userEmail ? ` An invitation went to ${submission.value.userEmail}.` : ''
  return {
    status: 'done',
    redirectTo: companyPath('seller', result.value.sellerId),
    toast: {
      kind: 'success',
      message: `${companyKinds.seller.label} ${submission.value.name} is added and active.${result.value.repeated ? '' : invited}`,
    },
  }
}
