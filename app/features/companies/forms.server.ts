// The company pages' form posts, read from FormData and answered as the one form outcome (answerForm
// turns `done` into a redirect with a toast and `invalid` into a 400 carrying the submission's reply).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { companyKinds, companyMachines, companyPath, type CompanyKind } from './kinds'
import { changeCompanyStatus, createSeller, updateCompany } from './mutations.server'
import { addSellerSchema, companyFormSchemas, statusActionSchema } from './schema'
import { countOf } from '~/utils/format'
import type { FormReply } from '~/platform/form-reply'
import { handleAddressAction } from '../addresses/action.server'
import { isAddressIntent } from '../addresses/shared'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'

type Reply = SubmissionResult<string[]>

/** What the record page's status form reads back: the step that was posted, and its reply. */
export interface StatusReply {
  intent: string | null
  reply: Reply
}

const actorOf = (viewer: Viewer) => ({ userId: viewer.userId, name: viewer.name })

/**
 * The record page's forms: its addresses (staff add the billing address a company needs to be
 * activated; a company waiting for approval cannot add its own), else a status change.
 */
export async function handleRecordForm(
  db: Database,
  viewer: Viewer,
  kind: CompanyKind,
  id: number,
  form: FormData,
  appUrl: string,
): Promise<FormOutcome<StatusReply | FormReply>> {
  if (isAddressIntent(form.get('intent'))) return handleAddressAction(db, viewer.userId, { kind, id }, form)
  return handleStatusForm(db, viewer, kind, id, form, appUrl)
}

/** Activate, suspend or reactivate from the record page. */
export async function handleStatusForm(
  db: Database,
  viewer: Viewer,
  kind: CompanyKind,
  id: number,
  form: FormData,
  appUrl: string,
): Promise<FormOutcome<StatusReply>> {
  const submission = parseWithZod(form, { schema: statusActionSchema })
  const intent = typeof form.get('intent') === 'string' ? String(form.get('intent')) : null
  if (submission.status !== 'success') return { status: 'invalid', reply: { intent, reply: submission.reply() } }
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
    toast: { kind: 'success', message: `${name} is ${companyMachines[kind].steps[transition].done}. ${told}` },
  }
}

/** The edit form of a buyer or a seller. */
export async function handleEditForm(
  db: Database,
  viewer: Viewer,
  kind: CompanyKind,
  id: number,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: companyFormSchemas[kind] })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const result = await updateCompany(db, actorOf(viewer), kind, id, submission.value)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
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
): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: addSellerSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const result = await createSeller(db, actorOf(viewer), submission.value, appUrl)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  const invited = submission.value.userEmail ? ` An invitation went to ${submission.value.userEmail}.` : ''
  return {
    status: 'done',
    redirectTo: companyPath('seller', result.value.sellerId),
    toast:
      result.value.status === 'active'
        ? {
            kind: 'success',
            message: `${companyKinds.seller.label} ${submission.value.name} is added and active.${result.value.repeated ? '' : invited}`,
          }
        : {
            kind: 'info',
            message: `${companyKinds.seller.label} ${submission.value.name} is added and waiting for approval. To activate it: ${result.value.gaps.join('; ')}.${result.value.repeated ? '' : invited}`,
          },
  }
}
