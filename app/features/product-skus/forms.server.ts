// The product SKU pages' form posts, read from FormData (readUploadForm: multipart with an image)
// and answered as the one form outcome: `done` becomes a redirect with a toast, `invalid` a 400 reply.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { checkImage, isImageError, type CheckedImage } from '../images/images.server'
import { changeProductSkuStatus, createProductSku, updateProductSku, type Result } from './mutations.server'
import type { SkuProduct } from './queries.server'
import { productSkuFormSchema, skuPath, skuStatusIntents, type SkuStatusIntent } from './schema'

type Submission = {
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>
}

/**
 * Parses the form and checks the image: both sets of messages come back together, so a bad file
 * and a bad attribute are reported in one go.
 */
async function readSkuForm(product: SkuProduct, form: FormData) {
  const submission = parseWithZod(form, { schema: productSkuFormSchema(product.schema) })
  const image = await checkImage(form.get('image'))
  return { submission, image }
}

function invalid(
  submission: Submission,
  errors: { image?: string; refused?: Extract<Result<unknown>, { ok: false }> },
): FormOutcome<SubmissionResult<string[]>> {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  if (errors.image) fieldErrors.image = [errors.image]
  if (errors.refused) {
    if (errors.refused.field) fieldErrors[errors.refused.field] = [errors.refused.message]
    else formErrors.push(errors.refused.message)
  }
  // reply() merges these with the schema's own messages.
  return { status: 'invalid', reply: submission.reply({ fieldErrors, formErrors }) }
}

const imageOf = (image: Awaited<ReturnType<typeof checkImage>>): CheckedImage | null =>
  image && !isImageError(image) ? image : null

export async function handleCreateSkuForm(
  db: Database,
  viewer: Viewer,
  product: SkuProduct,
  form: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const { submission, image } = await readSkuForm(product, form)
  const imageError = isImageError(image) ? image.error : undefined
  if (submission.status !== 'success' || imageError) return invalid(submission, { image: imageError })
  const { removeImage: _ignored, version: _none, ...input } = submission.value
  const result = await createProductSku(db, viewer.userId, product, input, imageOf(image))
  if (!result.ok) return invalid(submission, { refused: result })
  return {
    status: 'done',
    redirectTo: skuPath(product.slug, result.value.id),
    toast: { kind: 'success', message: `${product.name} SKU ${input.code} is created.` },
  }
}

/** The SKU page's status forms: archive, reactivate (after a confirmation). */
export async function handleSkuStatusForm(
  db: Database,
  viewer: Viewer,
  product: SkuProduct,
  id: number,
  form: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const intent = form.get('intent')
  if (!skuStatusIntents.includes(intent as SkuStatusIntent)) return { status: 'bad-request' }
  const redirectTo = skuPath(product.slug, id)
  const result = await changeProductSkuStatus(db, viewer.userId, product, id, intent as SkuStatusIntent)
  if (!result.ok) return { status: 'done', redirectTo, toast: { kind: 'error', message: result.message } }
  return {
    status: 'done',
    redirectTo,
    toast: {
      kind: 'success',
      message: `${result.value.code} is ${intent === 'archive' ? 'archived' : 'active again'}.`,
    },
  }
}

/** The edit form (multipart, with images); a save goes back to the SKU's page. */
export async function handleEditSkuForm(
  db: Database,
  viewer: Viewer,
  product: SkuProduct,
  id: number,
  form: FormData,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const intent = form.get('intent')
  const redirectTo = skuPath(product.slug, id)
  if (intent !== 'save') return { status: 'bad-request' }
  const { submission, image } = await readSkuForm(product, form)
  const imageError = isImageError(image) ? image.error : undefined
  if (submission.status !== 'success' || imageError) return invalid(submission, { image: imageError })
  const { version, idempotencyKey: _none, ...input } = submission.value
  if (!version) return invalid(submission, { refused: { ok: false, message: 'Reload the page and try again.' } })
  const result = await updateProductSku(db, viewer.userId, product, id, { ...input, version }, imageOf(image))
  if (!result.ok) return invalid(submission, { refused: result })
  return {
    status: 'done',
    redirectTo,
    toast: result.value.changed
      ? { kind: 'success', message: `${input.code} is saved.` }
      : { kind: 'info', message: 'Nothing to save: no field was changed.' },
  }
}
