// The create and edit posts, read from FormData (see readUploadForm) and answered as the one form
// outcome: answerForm turns `done` into a redirect with a toast and `invalid` into a 400 with the reply.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { replyWithReferences } from '../search/pick.server'
import { checkImage, isImageError } from '../images/images.server'
import { createSampleSku, updateSampleSku } from './mutations.server'
import type { SampleSkuPlace } from './places'
import { sampleSkuFormSchema } from './schema'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'

/** The list narrowed to the saved record, so it is in sight whatever its state and the list's size. */
const listFor = (place: SampleSkuPlace, code: string) =>
  `${place.base}?${new URLSearchParams({ q: code, state: 'all' })}`

/**
 * Checks the fields and the image together, so one post shows every message at once. `id` is the
 * record being edited; without it the form creates one.
 */
export async function handleSampleSkuForm(
  db: Database,
  viewer: Viewer,
  place: SampleSkuPlace,
  form: FormData,
  id?: number,
): Promise<FormOutcome<SubmissionResult<string[]>>> {
  const submission = parseWithZod(form, { schema: sampleSkuFormSchema })
  const image = await checkImage(form.get('image'))
  const imageErrors = isImageError(image) ? { image: [image.error] } : undefined
  if (submission.status !== 'success' || isImageError(image)) {
    return {
      status: 'invalid',
      reply: await replyWithReferences(
        db,
        viewer,
        submission,
        form,
        { productSkuCode: 'product_sku' },
        { fieldErrors: imageErrors },
      ),
    }
  }
  const input = submission.value
  if (id === undefined) {
    const result = await createSampleSku(db, viewer, input, image)
    if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
    return {
      status: 'done',
      redirectTo: listFor(place, input.code),
      toast: { kind: 'success', message: `Sample SKU ${input.code} is created.` },
    }
  }
  if (!input.version)
    return { status: 'invalid', reply: submission.reply({ formErrors: ['Reload the page and try again'] }) }
  const result = await updateSampleSku(db, viewer, id, input, image)
  if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
  const saved = result.value.changed.length > 0
  return {
    status: 'done',
    redirectTo: listFor(place, input.code),
    toast: saved
      ? { kind: 'success', message: `Sample SKU ${input.code} is saved.` }
      : { kind: 'info', message: 'Nothing to save: no field was changed.' },
  }
}
