import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { withChoices } from '~/platform/pick'
import { checkPick } from '../search/pick.server'
import { addCartLine, removeCartLine, saveCart } from './cart.server'
import { masterOrderRedirect } from './paths'
import { placeCart, type OrderPlaced } from './place.server'
import { addLineSchema, cartFormSchema, cartPath } from './schema'

type Reply = SubmissionResult<string[]>

/**
 * The cart page's forms for one buyer. `add` puts one of the buyer's SKUs in the cart. Every other
 * intent first saves the whole form as typed (addresses and lines), then: `save` stops there,
 * `remove:<id>` removes that line, `place` places the order with the form's idempotency key (a
 * double click or a retried POST lands on the same order).
 */
export async function handleCartForm(
  db: Database,
  viewer: Viewer,
  buyerId: number,
  form: FormData,
  orderPlaced: OrderPlaced,
): Promise<FormOutcome<Reply>> {
  const buyer = await db.selectFrom('buyers').select(['id', 'name']).where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) return { status: 'not-found' }
  const actor = { userId: viewer.userId }

  if (form.get('intent') === 'add') {
    const submission = parseWithZod(form, { schema: addLineSchema })
    if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
    const check = await checkPick(db, { ...viewer, within: buyerId }, 'order_buyer_sku', submission.value.buyerSku)
    if (!check.ok)
      return {
        status: 'invalid',
        reply: withChoices(
          submission.reply({ fieldErrors: { buyerSku: [check.message] } }),
          check.choices.length ? { buyerSku: check.choices } : undefined,
        ),
      }
    const added = await addCartLine(db, actor, buyerId, check.option.id)
    if (!added.ok)
      return {
        status: 'invalid',
        reply: refusalReply(
          submission,
          added.field === 'buyer' ? { ...added, field: undefined } : { ...added, field: 'buyerSku' },
        ),
      }
    return {
      status: 'done',
      redirectTo: cartPath(buyerId, `line-${added.value.lineId}`),
      toast: { kind: 'success', message: `${check.option.label} is added: fill in the date it is needed by.` },
    }
  }

  const submission = parseWithZod(form, { schema: cartFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const { intent, idempotencyKey, shipTo, billTo, line } = submission.value
  const lines = Object.entries(line).map(([id, typed]) => ({
    id: Number(id),
    quantity: typed.quantity,
    requiredBy: typed.requiredBy,
    sellerSkuId: typed.seller,
  }))
  const saved = await saveCart(db, actor, buyerId, { shipTo, billTo, lines })
  if (!saved.ok)
    return {
      status: 'invalid',
      reply: refusalReply(submission, saved, 'Nothing was saved: choose again where marked.'),
    }
  const back = cartPath(buyerId)

  if (intent === 'place') {
    const placed = await placeCart(db, actor, buyerId, idempotencyKey ?? '', orderPlaced)
    if (!placed.ok)
      return {
        status: 'invalid',
        reply: refusalReply(
          submission,
          placed,
          'The order is not placed: the cart is saved as typed; fix what is marked and place it again.',
        ),
      }
    const { id, code, repeated, held } = placed.value
    return {
      status: 'done',
      redirectTo: masterOrderRedirect(id),
      toast: repeated
        ? { kind: 'info', message: `Order ${code} was already placed from this cart.` }
        : held
          ? {
              kind: 'info',
              message: `Order ${code} is placed for ${buyer.name} on credit hold: it goes to its sellers when business finance releases it.`,
            }
          : {
              kind: 'success',
              message: `Order ${code} is placed for ${buyer.name}; its seller orders wait for approval.`,
            },
    }
  }
  if (!saved.value.saved)
    return {
      status: 'done',
      redirectTo: back,
      toast: { kind: 'info', message: 'This cart was placed or emptied in another window: there was nothing to save.' },
    }
  if (intent.startsWith('remove:')) {
    await removeCartLine(db, actor, Number(intent.slice('remove:'.length)))
    return {
      status: 'done',
      redirectTo: back,
      toast: { kind: 'success', message: 'The line is removed; the other lines are saved.' },
    }
  }
  return { status: 'done', redirectTo: back, toast: { kind: 'success', message: 'The cart is saved.' } }
}
