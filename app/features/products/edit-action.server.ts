import type { FormReply } from '~/platform/form-reply'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import {
  addProductLine,
  createProduct,
  deleteProductLine,
  moveProductLine,
  renameProductLine,
  setProductLineActive,
  updateProduct,
  type Result,
} from './mutations.server'
import { productEditPath } from './product-list'
import { addAttribute, editAttribute, moveAttribute, removeAttribute } from './schema-editor.server'
import {
  addAttributeSchema,
  createProductSchema,
  addLineSchema,
  attributeActionSchema,
  EDIT_INTENTS,
  editAttributeSchema,
  formIds,
  lineActionSchema,
  productDetailsSchema,
  renameLineSchema,
  type EditIntent,
} from './schema'

type Submission = {
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>
}

/** A refused change as the reply of the form that sent it: at its field when it names one. */
function answer(form: string, submission: Submission, result: Result<unknown>, done: string): FormOutcome<FormReply> {
  if (result.ok) return { status: 'done', toast: { kind: 'success', message: done } }
  const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] }
  return { status: 'invalid', reply: { form, result: submission.reply(errors) } }
}

/**
 * The forms of a product's edit page: its details, its product lines and its attribute schema.
 * An unknown or missing intent is a bad request.
 */
export async function handleProductEdit(
  db: Database,
  actorUserId: number,
  productId: number,
  formData: FormData,
): Promise<FormOutcome<FormReply>> {
  const intent = formData.get('intent')
  if (!EDIT_INTENTS.includes(intent as EditIntent)) return { status: 'bad-request' }

  if (intent === 'details') {
    const submission = parseWithZod(formData, { schema: productDetailsSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: formIds.details, result: submission.reply() } }
    const result = await updateProduct(db, actorUserId, productId, submission.value)
    const message =
      result.ok && result.value.changed.length === 0
        ? 'Nothing to save: no field was changed.'
        : `${submission.value.name} is saved.`
    return answer(formIds.details, submission, result, message)
  }

  if (intent === 'line-add') {
    const submission = parseWithZod(formData, { schema: addLineSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: formIds.lineAdd, result: submission.reply() } }
    const result = await addProductLine(db, actorUserId, productId, submission.value)
    return answer(formIds.lineAdd, submission, result, `Product line ${submission.value.name} is added.`)
  }

  if (intent === 'line-rename') {
    const submission = parseWithZod(formData, { schema: renameLineSchema })
    const form = formIds.line(String(formData.get('lineId') ?? ''))
    if (submission.status !== 'success') return { status: 'invalid', reply: { form, result: submission.reply() } }
    const result = await renameProductLine(db, actorUserId, productId, submission.value.lineId, submission.value.name)
    return answer(form, submission, result, `The product line is now called ${submission.value.name}.`)
  }

  if (
    intent === 'line-up' ||
    intent === 'line-down' ||
    intent === 'line-deactivate' ||
    intent === 'line-reactivate' ||
    intent === 'line-delete'
  ) {
    const submission = parseWithZod(formData, { schema: lineActionSchema })
    if (submission.status !== 'success') return { status: 'bad-request' }
    const { lineId } = submission.value
    const form = formIds.line(lineId)
    switch (submission.value.intent) {
      case 'line-up':
      case 'line-down':
        return answer(
          form,
          submission,
          await moveProductLine(db, actorUserId, productId, lineId, intent === 'line-up' ? 'up' : 'down'),
          'The product line is moved.',
        )
      case 'line-deactivate':
        return answer(
          form,
          submission,
          await setProductLineActive(db, actorUserId, productId, lineId, false),
          'The product line is deactivated.',
        )
      case 'line-reactivate':
        return answer(
          form,
          submission,
          await setProductLineActive(db, actorUserId, productId, lineId, true),
          'The product line is active again.',
        )
      case 'line-delete':
        return answer(
          form,
          submission,
          await deleteProductLine(db, actorUserId, productId, lineId),
          'The product line is deleted.',
        )
    }
  }

  if (intent === 'attribute-add') {
    const submission = parseWithZod(formData, { schema: addAttributeSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: formIds.attributeAdd, result: submission.reply() } }
    const result = await addAttribute(db, actorUserId, productId, submission.value)
    return answer(formIds.attributeAdd, submission, result, `Attribute ${submission.value.label} is added.`)
  }

  if (intent === 'attribute-edit') {
    const submission = parseWithZod(formData, { schema: editAttributeSchema })
    const form = formIds.attribute(String(formData.get('key') ?? ''))
    if (submission.status !== 'success') return { status: 'invalid', reply: { form, result: submission.reply() } }
    const result = await editAttribute(db, actorUserId, productId, submission.value)
    return answer(form, submission, result, `Attribute ${submission.value.label} is saved.`)
  }

  const submission = parseWithZod(formData, { schema: attributeActionSchema })
  if (submission.status !== 'success') return { status: 'bad-request' }
  const { key } = submission.value
  const form = formIds.attribute(key)
  if (submission.value.intent === 'attribute-remove') {
    return answer(
      form,
      submission,
      await removeAttribute(db, actorUserId, productId, key),
      `Attribute ${key} is removed from the schema.`,
    )
  }
  const direction = submission.value.intent === 'attribute-up' ? 'up' : 'down'
  return answer(
    form,
    submission,
    await moveAttribute(db, actorUserId, productId, key, direction),
    `Attribute ${key} is moved ${direction}.`,
  )
}

/** The add-a-product form of the products list: on success, on to the new product's page. */
export async function handleCreateProduct(
  db: Database,
  actorUserId: number,
  formData: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const submission = parseWithZod(formData, { schema: createProductSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const result = await createProduct(db, actorUserId, submission.value)
  if (!result.ok) {
    return { status: 'invalid', reply: refusalReply(submission, result) }
  }
  return {
    status: 'done',
    redirectTo: productEditPath(result.value.productId),
    toast: { kind: 'success', message: `${submission.value.name} is added. Now give it product lines and attributes.` },
  }
}
