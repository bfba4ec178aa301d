// The category pages' form posts, read from FormData and answered as the one form outcome: the
// routes (answerForm) turn `done` into a redirect with a toast and `invalid` into a 400 with the reply.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { AttributeDefinition } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import type { FormReply } from '~/platform/form-reply'
import { addDefectType, editDefectType, setDefectTypeActive } from './defect-types.server'
import { createCategory, createCondition, updateCategory, updateCondition } from './mutations.server'
import { categoryPath, conditionEditPath, workflowPath } from './paths'
import { productChoices } from './queries.server'
import {
  ADD_DEFECT_TYPE_FORM,
  ADD_STAGE_FORM,
  conditionSchema,
  defectTypeSchemas,
  editDefectTypeFormId,
  isDefectTypeIntent,
  createCategorySchema,
  editCategorySchema,
  editStageFormId,
  isWorkflowIntent,
  workflowSchemas,
} from './schema'
import { addStage, editStage, moveStage, removeStage } from './workflow.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'

/** The manage page's "Add a category": on success, on to its (empty) workflow. */
export async function handleCreateCategory(
  db: Database,
  viewer: Viewer,
  form: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const submission = parseWithZod(form, { schema: createCategorySchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const product = (await productChoices(db)).find((p) => p.slug === submission.value.product)
  if (!product)
    return {
      status: 'invalid',
      reply: submission.reply({ formErrors: ['This product is no longer active: reload the page'] }),
    }
  const result = await createCategory(db, viewer.userId, product.id, submission.value)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  return {
    status: 'done',
    redirectTo: workflowPath(result.value.categoryId),
    toast: {
      kind: 'success',
      message: `${submission.value.name} is added. Add its workflow stages: orders cannot use it until it has a workflow.`,
    },
  }
}

export async function handleEditCategory(
  db: Database,
  viewer: Viewer,
  categoryId: number,
  form: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const submission = parseWithZod(form, { schema: editCategorySchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const result = await updateCategory(db, viewer.userId, categoryId, submission.value)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  const saved = result.value.changed.length > 0
  return {
    status: 'done',
    redirectTo: categoryPath(categoryId),
    toast: {
      kind: saved ? 'success' : 'info',
      message: saved ? `${submission.value.name} is saved.` : 'Nothing to save: no field was changed.',
    },
  }
}

/** Every form of the workflow page: add, edit, move and remove a stage (a hidden `intent` says which). */
export async function handleWorkflowForm(
  db: Database,
  viewer: Viewer,
  categoryId: number,
  form: FormData,
): Promise<FormOutcome<FormReply>> {
  const intent = form.get('intent')
  if (!isWorkflowIntent(intent)) return { status: 'bad-request' }
  // Replies go back to the form that sent them; moves and removals answer above the stage list.
  const formId =
    intent === 'stage-add'
      ? ADD_STAGE_FORM
      : intent === 'stage-edit'
        ? editStageFormId(String(form.get('stageId') ?? ''))
        : 'workflow'
  const invalid = (result: SubmissionResult<string[]>): FormOutcome<FormReply> => ({
    status: 'invalid',
    reply: { form: formId, result },
  })
  const submission = parseWithZod(form, { schema: workflowSchemas[intent] })
  if (submission.status !== 'success')
    return intent === 'stage-add' || intent === 'stage-edit' ? invalid(submission.reply()) : { status: 'bad-request' }
  const value = submission.value
  const result =
    value.intent === 'stage-add'
      ? await addStage(db, viewer.userId, categoryId, value)
      : value.intent === 'stage-edit'
        ? await editStage(db, viewer.userId, categoryId, value)
        : value.intent === 'stage-move'
          ? await moveStage(db, viewer.userId, categoryId, value)
          : await removeStage(db, viewer.userId, categoryId, value)
  if (!result.ok) return invalid(refusalReply(submission, result))
  const warning = result.value.qcGates === 0 ? ' No stage is a QC gate now.' : ''
  return { status: 'done', toast: { kind: 'success', message: `${result.value.note}.${warning}` } }
}

/** The create and edit forms of a condition (edit when `conditionId` is given). */
export async function handleConditionForm(
  db: Database,
  viewer: Viewer,
  category: { id: number; attributes: AttributeDefinition[] },
  form: FormData,
  conditionId?: number,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const submission = parseWithZod(form, { schema: conditionSchema(category.attributes) })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const back = categoryPath(category.id)
  if (conditionId === undefined) {
    const result = await createCondition(db, viewer.userId, category, submission.value)
    if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
    return {
      status: 'done',
      redirectTo: back,
      toast: { kind: 'success', message: `Condition ${submission.value.name} is added.` },
    }
  }
  if (!submission.value.version)
    return { status: 'invalid', reply: submission.reply({ formErrors: ['Reload the page and try again'] }) }
  const result = await updateCondition(db, viewer.userId, category, conditionId, submission.value)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  return result.value.changed
    ? {
        status: 'done',
        redirectTo: back,
        toast: { kind: 'success', message: `Condition ${submission.value.name} is saved.` },
      }
    : {
        status: 'done',
        redirectTo: conditionEditPath(category.id, conditionId),
        toast: { kind: 'info', message: 'Nothing to save: no field was changed.' },
      }
}

/** Every form of the defect catalogue: add, edit, deactivate and reactivate a type (a hidden `intent` says which). */
export async function handleDefectTypeForm(
  db: Database,
  viewer: Viewer,
  categoryId: number,
  form: FormData,
): Promise<FormOutcome<FormReply>> {
  const intent = form.get('intent')
  if (!isDefectTypeIntent(intent)) return { status: 'bad-request' }
  // Replies go back to the form that sent them; (re)activations answer above the list.
  const formId =
    intent === 'defect-add'
      ? ADD_DEFECT_TYPE_FORM
      : intent === 'defect-edit'
        ? editDefectTypeFormId(String(form.get('defectTypeId') ?? ''))
        : 'defect-types'
  const invalid = (result: SubmissionResult<string[]>): FormOutcome<FormReply> => ({
    status: 'invalid',
    reply: { form: formId, result },
  })
  const submission = parseWithZod(form, { schema: defectTypeSchemas[intent] })
  if (submission.status !== 'success')
    return intent === 'defect-add' || intent === 'defect-edit' ? invalid(submission.reply()) : { status: 'bad-request' }
  const value = submission.value
  const result =
    value.intent === 'defect-add'
      ? await addDefectType(db, viewer.userId, categoryId, value)
      : value.intent === 'defect-edit'
        ? await editDefectType(db, viewer.userId, categoryId, value)
        : await setDefectTypeActive(
            db,
            viewer.userId,
            categoryId,
            value.defectTypeId,
            value.intent === 'defect-reactivate',
          )
  if (!result.ok) {
    if (result.notFound) return { status: 'not-found' }
    return invalid(refusalReply(submission, result))
  }
  return { status: 'done', toast: { kind: 'success', message: `${result.value.note}.` } }
}
