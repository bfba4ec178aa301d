import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { withChoices } from '~/platform/pick'
import { checkPick } from '../search/pick.server'
import { addSampleLine, placeSampleCart, removeSampleLine, saveSampleCart } from './cart.server'
import { addSampleSchema, sampleCartFormSchema, sampleCartPath } from './schema'

type Reply = SubmissionResult<string[]>

/**
 * The samples cart page's forms for one buyer. `add` puts a sample in the cart. Every other intent
 * first saves the whole form as typed (ship-to, note, quantities), then: `save` stops there,
 * `remove:<id>` removes that line, `place` requests the samples with the form's idempotency key (a
 * double click or a retried POST lands on the same sample order).
 */
export async function handleSampleCartForm(
  db: Database,
  viewer: Viewer,
  buyerId: number,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const buyer = await db.selectFrom('buyers').select(['id', 'name']).where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) return { status: 'not-found' }
  const actor = { userId: viewer.userId }
  const back = sampleCartPath(buyerId)

  if (form.get('intent') === 'add') {
    const submission = parseWithZod(form, { schema: addSampleSchema })
    if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
    const check = await checkPick(db, viewer, 'sample_sku', submission.value.sampleSku)
    if (!check.ok)
      return {
        status: 'invalid',
        reply: withChoices(
          submission.reply({ fieldErrors: { sampleSku: [check.message] } }),
          check.choices.length ? { sampleSku: check.choices } : undefined,
        ),
      }
    const added = await addSampleLine(db, actor, buyerId, check.option.id)
    if (!added.ok)
      return {
        status: 'invalid',
        reply: refusalReply(
          submission,
          added.field === 'buyer' ? { ...added, field: undefined } : { ...added, field: 'sampleSku' },
        ),
      }
    return {
      status: 'done',
      redirectTo: sampleCartPath(buyerId, `line-${added.value.lineId}`),
      toast: { kind: 'success', message: `${check.option.label} is in the cart: set how many pieces.` },
    }
  }

  const submission = parseWithZod(form, { schema: sampleCartFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const { intent, idempotencyKey, shipTo, note, line } = submission.value
  const lines = Object.entries(line).map(([id, typed]) => ({ id: Number(id), quantity: typed.quantity }))
  const saved = await saveSampleCart(db, actor, buyerId, { shipTo, note, lines })
  if (!saved.ok)
    return {
      status: 'invalid',
      reply: refusalReply(submission, saved, 'Nothing was saved: choose again where marked.'),
    }

  if (intent === 'place') {
    const placed = await placeSampleCart(db, actor, buyerId, idempotencyKey ?? '')
    if (!placed.ok)
      return {
        status: 'invalid',
        reply: refusalReply(
          submission,
          placed,
          'The samples are not requested: the cart is saved as typed; fix what is marked and request them again.',
        ),
      }
    const { code, repeated } = placed.value
    return {
      status: 'done',
      redirectTo: sampleCartPath(),
      toast: repeated
        ? { kind: 'info', message: `Sample order ${code} was already requested from this cart.` }
        : {
            kind: 'success',
            message: `Sample order ${code} is requested for ${buyer.name}; the buyer’s KAM or business operations approve it next.`,
          },
    }
  }
  if (!saved.value.saved)
    return {
      status: 'done',
      redirectTo: back,
      toast: {
        kind: 'info',
        message: 'This cart was requested or emptied in another window: there was nothing to save.',
      },
    }
  if (intent.startsWith('remove:')) {
    await removeSampleLine(db, actor, Number(intent.slice('remove:'.length)))
    return {
      status: 'done',
      redirectTo: back,
      toast: { kind: 'success', message: 'The sample is removed; the other lines are saved.' },
    }
  }
  return { status: 'done', redirectTo: back, toast: { kind: 'success', message: 'The cart is saved.' } }
}
