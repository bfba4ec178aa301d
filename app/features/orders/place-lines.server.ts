import type { Database } from '#db/database'
import { once } from '~/platform/idempotency.server'
import { quantityInput } from '~/utils/quantity'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { addCartLineIn, cartFor, setCartAddressesIn } from './cart.server'
import { placeCartIn, type OrderPlaced } from './place.server'

// An order placed from lines sent whole (a buyer's system through the integration API, issue 40)
// goes through the cart, so it obeys exactly the cart's rules: in one transaction the lines are put
// in the user's cart as the cart page adds them (one of the buyer's active SKUs, the cheapest live
// offer of an active seller), with the quantity and date sent and the addresses chosen (the buyer's
// defaults when none), and the cart is placed as the page places it (the version in force, the MOQ,
// a date from today, the addresses, the credit rule). A refusal rolls the whole transaction back:
// no cart is left behind and nothing is created.

export interface LinesToPlace {
  /** One of the buyer's shipping addresses; null for its default. */
  shipTo: number | null
  /** One of the buyer's billing addresses; null for its default. */
  billTo: number | null
  lines: { buyerSkuId: number; quantityMilli: number; requiredBy: string }[]
}

/**
 * Places an order of these lines for the buyer. Refusals name their field in the input's terms:
 * `lines.<index>.buyerSku|quantity|requiredBy`, `shipTo`, `billTo`. The idempotency key makes a
 * retry (after a crash, a timeout) answer with the first order.
 */
export async function placeLines(
  db: Database,
  actor: { userId: number },
  buyerId: number,
  input: LinesToPlace,
  idempotencyKey: string | undefined,
  orderPlaced: OrderPlaced,
  now = new Date(),
): Promise<Result<{ id: number; code: string; repeated: boolean; held: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, idempotencyKey, 'master_order.place', actor.userId, async () => {
        // The user's cart for the buyer is this order's alone: one open on a page is not mixed in.
        const open = await trx
          .selectFrom('order_carts')
          .select('id')
          .where('user_id', '=', actor.userId)
          .where('buyer_id', '=', buyerId)
          .executeTakeFirst()
        if (open)
          throw new Refused(
            undefined,
            'This user has a cart open for this buyer on the platform’s pages: place or empty it first.',
          )
        const cart = await cartFor(trx, actor.userId, buyerId)
        if (input.shipTo !== null || input.billTo !== null) {
          const defaults = await trx
            .selectFrom('order_carts')
            .select(['ship_to_address_id', 'bill_to_address_id'])
            .where('id', '=', cart.id)
            .executeTakeFirstOrThrow()
          await setCartAddressesIn(trx, actor, buyerId, {
            shipTo: input.shipTo ?? defaults.ship_to_address_id,
            billTo: input.billTo ?? defaults.bill_to_address_id,
          })
        }
        const fields: Record<string, string> = {}
        const lineIndex = new Map<number, number>()
        for (const [index, line] of input.lines.entries()) {
          try {
            const { lineId } = await addCartLineIn(trx, actor, buyerId, line.buyerSkuId)
            lineIndex.set(lineId, index)
            await trx
              .updateTable('order_cart_lines')
              .set({ quantity: quantityInput(line.quantityMilli), required_by: line.requiredBy.trim().slice(0, 20) })
              .where('id', '=', lineId)
              .execute()
          } catch (error) {
            if (!(error instanceof Refused) || error.field !== 'buyerSku') throw error
            fields[`lines.${index}.buyerSku`] = error.message
          }
        }
        if (Object.keys(fields).length) throw new Refused(fields, refusedSentence(Object.keys(fields).length))
        try {
          return await placeCartIn(trx, actor, buyerId, orderPlaced, now)
        } catch (error) {
          if (!(error instanceof Refused) || !error.fields) throw error
          throw new Refused(
            inputFields(error.fields, lineIndex),
            error.message.replace('in the cart ', 'in the order '),
          )
        }
      })
      const { code, credit_hold } = await trx
        .selectFrom('master_orders')
        .select(['code', 'credit_hold'])
        .where('id', '=', result)
        .executeTakeFirstOrThrow()
      return { ok: true as const, value: { id: result, code, repeated, held: credit_hold === 'held' } }
    }),
  )
}

const refusedSentence = (bad: number) =>
  bad === 1
    ? 'One thing in the order needs a change before it can be placed.'
    : `${bad} things in the order need a change before they can be placed.`

/**
 * The cart's refusals (`line.<cart line id>.<field>`) at the input's lines. The buyer names no seller:
 * an item no seller offers live is refused at the item, in words that name none.
 */
function inputFields(cart: Record<string, string>, lineIndex: Map<number, number>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(cart)) {
    const line = /^line\.(\d+)\.(\w+)$/.exec(field)
    if (!line) {
      out[field] = message
      continue
    }
    const index = lineIndex.get(Number(line[1]))
    const at = `lines.${index}`
    if (line[2] === 'seller') out[`${at}.buyerSku`] ??= 'No supplier offers this item now: it cannot be ordered yet'
    else if (line[2] === 'item') out[`${at}.buyerSku`] = message
    else out[`${at}.${line[2]}`] = message
  }
  return out
}
