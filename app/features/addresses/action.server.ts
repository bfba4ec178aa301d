import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import type { Result } from '~/utils/refusal.server'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { createAddress, makeDefaultAddress, removeAddress, updateAddress } from './mutations.server'
import { addressSchemas, addressTargetSchema, CREATE_FORM_ID, editFormId, KIND_LABELS } from './schema'
import type { AddressOwner } from './shared'
import { type FormReply } from '~/platform/form-reply'

/**
 * Every address form of a page (add, edit, remove, make default) in one place, so the buyer's,
 * seller's and product pages do not repeat the switch. The caller has checked who may edit.
 */
export async function handleAddressAction(
  db: Database,
  actorUserId: number,
  owner: AddressOwner,
  formData: FormData,
): Promise<FormOutcome<FormReply>> {
  const intent = formData.get('intent')
  const schemas = addressSchemas[owner.kind]
  if (intent === 'address-create') {
    const submission = parseWithZod(formData, { schema: schemas.create })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply() } }
    const { idempotencyKey, isDefault, intent: _, ...input } = submission.value
    const result = await createAddress(db, actorUserId, owner, { ...input, isDefault }, idempotencyKey)
    return answer(result, CREATE_FORM_ID, submission, `The ${input.kind} address is added.`)
  }
  if (intent === 'address-update') {
    const formId = editFormId(String(formData.get('addressId') ?? ''))
    const submission = parseWithZod(formData, { schema: schemas.update })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: formId, result: submission.reply() } }
    const { addressId, version, intent: _, ...input } = submission.value
    const result = await updateAddress(db, actorUserId, owner, addressId, version, input)
    return answer(result, formId, submission, 'The address is saved.')
  }
  const submission = parseWithZod(formData, { schema: addressTargetSchema })
  if (submission.status !== 'success') return { status: 'not-found' }
  const { addressId } = submission.value
  if (submission.value.intent === 'address-remove') {
    const result = await removeAddress(db, actorUserId, owner, addressId)
    return result.ok
      ? { status: 'done', toast: { kind: 'success', message: 'The address is removed.' } }
      : { status: 'not-found' }
  }
  const result = await makeDefaultAddress(db, actorUserId, owner, addressId)
  return result.ok
    ? {
        status: 'done',
        toast: {
          kind: 'success',
          message: `This is now the default ${KIND_LABELS[result.value.kind].toLowerCase()} address.`,
        },
      }
    : { status: 'not-found' }
}

function answer(
  result: Result<unknown>,
  form: string,
  submission: {
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>
  },
  message: string,
): FormOutcome<FormReply> {
  if (result.ok) return { status: 'done', toast: { kind: 'success', message } }
  if (result.notFound) return { status: 'not-found' }
  return { status: 'invalid', reply: { form, result: refusalReply(submission, result) } }
}
