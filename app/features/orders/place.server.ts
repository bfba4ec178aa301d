import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { formatMoney } from '~/utils/format'
import { cartLineRows, checkCartLine, platformToday, type CartLineRow } from './cart.server'
import { nextCode } from '~/platform/numbering.server'
import { notifySeller } from './notify.server'
import { autoApprove } from './steps.server'
import { lineValue } from './lines'
import { countInStatus } from './counts.server'
import { addressSnapshot } from '../addresses/queries.server'

type Actor = { userId: number }

/**
 * Places the user's cart for a buyer: one master order (MO-…), one sub order per line at the price
 * of the buyer-SKU version in force (its number recorded) and the cost of the chosen seller's offer,
 * and one seller order (SO-…) per seller, pending approval, in one transaction; then the cart is
 * emptied. A line that cannot be ordered refuses the whole cart, each message at its line
 * (`line.<id>.<field>`), and nothing is created. The idempotency key makes a double click or a
 * retried POST answer with the first order; two tabs placing the same cart with different keys are
 * kept apart by the cart row, which the first locks and deletes.
 */
export async function placeCart(
  db: Database,
  actor: Actor,
  buyerId: number,
  idempotencyKey: string,
  orderPlaced: OrderPlaced,
  now = new Date(),
): Promise<Result<{ id: number; code: string; repeated: boolean; held: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, idempotencyKey, 'master_order.place', actor.userId, () =>
        placeCartIn(trx, actor, buyerId, orderPlaced, now),
      )
      const { code, credit_hold } = await trx
        .selectFrom('master_orders')
        .select(['code', 'credit_hold'])
        .where('id', '=', result)
        .executeTakeFirstOrThrow()
      return { ok: true as const, value: { id: result, code, repeated, held: credit_hold === 'held' } }
    }),
  )
}

/**
 * Places the user's cart for the buyer inside the caller's transaction (placeCart, and an order placed
 * through the API from lines put in the cart in the same transaction): the answer is the order's id.
 */
export async function placeCartIn(
  trx: Executor,
  actor: Actor,
  buyerId: number,
  orderPlaced: OrderPlaced,
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  // The first write takes the cart: a second placing of it waits here, then finds it gone.
  const cart = await trx
    .updateTable('order_carts')
    .set({ updated_at: at })
    .where('user_id', '=', actor.userId)
    .where('buyer_id', '=', buyerId)
    .returning(['id', 'ship_to_address_id', 'bill_to_address_id'])
    .executeTakeFirst()
  if (!cart) throw new Refused(undefined, 'There is no cart for this buyer: it may have just been placed.')
  const buyer = await trx
    .selectFrom('buyers')
    .select(['name', 'status'])
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow()
  if (buyer.status !== 'active')
    throw new Refused(undefined, `${buyer.name} is ${buyer.status}: orders are placed for active buyers only.`)
  const rows = await cartLineRows(trx, cart.id, at)
  if (rows.length === 0) throw new Refused(undefined, 'The cart is empty: add a buyer SKU first.')

  const today = platformToday(now)
  const fields: Record<string, string> = {}
  const lines = rows.map((row) => {
    const checked = checkCartLine(row, today)
    for (const [field, message] of Object.entries(checked.errors)) fields[`line.${row.id}.${field}`] = message
    return { row, checked }
  })
  const [shipTo, billTo] = await Promise.all([
    addressSnapshot(trx, buyerId, cart.ship_to_address_id, 'shipping'),
    addressSnapshot(trx, buyerId, cart.bill_to_address_id, 'billing'),
  ])
  if (!shipTo) fields.shipTo = 'Choose where it ships to: one of the buyer’s shipping addresses'
  if (!billTo) fields.billTo = 'Choose where it is billed: one of the buyer’s billing addresses'
  const bad = Object.keys(fields).length
  if (bad)
    throw new Refused(
      fields,
      bad === 1
        ? 'One thing in the cart needs a change before it can be placed.'
        : `${bad} things in the cart need a change before they can be placed.`,
    )

  const placed = lines.map(({ row, checked }) => ({
    row,
    quantityMilli: checked.quantityMilli!,
    valueMinor: checked.valueMinor!,
    gstMinor: checked.gstMinor!,
    requiredBy: row.required_by.trim(),
  }))
  const order = await writeOrder(
    trx,
    actor,
    {
      buyerId,
      buyerName: buyer.name,
      source: 'cart',
      channelOrderId: null,
      shipToId: cart.ship_to_address_id,
      billToId: cart.bill_to_address_id,
      shipTo: shipTo!,
      billTo: billTo!,
    },
    placed,
    now,
    orderPlaced,
  )
  await trx.deleteFrom('order_carts').where('id', '=', cart.id).execute()
  return order.id
}

/** What an order is placed with: its buyer, where it came from, and its addresses as they read now. */
interface OrderHead {
  buyerId: number
  buyerName: string
  source: 'cart' | 'solv' | 'gt'
  channelOrderId: string | null
  shipToId: number | null
  billToId: number | null
  shipTo: string
  billTo: string
}

/** A checked line to place: its row (item, version in force, chosen offer), quantity, value, GST and date. */
export interface LineToPlace {
  row: Pick<
    CartLineRow,
    | 'buyer_sku_id'
    | 'version_number'
    | 'product_sku_id'
    | 'category_id'
    | 'seller_sku_id'
    | 'seller_id'
    | 'seller_name'
    | 'price_minor'
    | 'cost_minor'
    | 'gst_rate_bp'
  >
  quantityMilli: number
  valueMinor: number
  gstMinor: number
  requiredBy: string
}

/**
 * What follows a placed order across features (the lifecycle's `orderPlaced`, handed in by the
 * route, as a feature never calls the lifecycle): an order approved as it was placed moves on, and
 * its report rows are written.
 */
export interface OrderPlaced {
  (trx: Executor, order: { id: number; autoApproved: boolean }, actorUserId: number): Promise<void>
  /**
   * Asked before the order is written (the lifecycle's credit rule, docs/domain.md "Credit"): why it
   * must wait on credit hold, or null. A held order's seller orders are neither approved nor told.
   */
  creditHold?: (trx: Executor, order: { buyerId: number; totalMinor: number }) => Promise<CreditHeld | null>
}

/** Why an order waits on credit hold: in words for the history and the queue, and its figures for every page. */
export interface CreditHeld {
  reason: string
  overdueMinor: number
  overLimitMinor: number
}

/**
 * Writes one master order (MO-…) from checked lines, inside the caller's transaction: a sub order
 * per line at the price of the version in force and the offer's cost, one seller order (SO-…) per
 * seller, pending approval unless its seller is approved automatically, each audited, the sellers
 * told. The cart and the channel import both place orders through it.
 */
export async function writeOrder(
  trx: Executor,
  actor: Actor,
  head: OrderHead,
  checked: LineToPlace[],
  now: Date,
  orderPlaced: OrderPlaced,
): Promise<{ id: number }> {
  const placed = checked.map((line) => ({ ...line, costMinor: lineValue(line.quantityMilli, line.row.cost_minor!) }))
  const at = now.toISOString()
  const sum = (list: typeof placed, key: 'valueMinor' | 'gstMinor' | 'costMinor') =>
    list.reduce((total, line) => total + line[key], 0)
  const held =
    (await orderPlaced.creditHold?.(trx, {
      buyerId: head.buyerId,
      totalMinor: sum(placed, 'valueMinor') + sum(placed, 'gstMinor'),
    })) ?? null
  const code = await nextCode(trx, 'MO', now)
  const order = await trx
    .insertInto('master_orders')
    .values({
      code,
      buyer_id: head.buyerId,
      source: head.source,
      channel_order_id: head.channelOrderId,
      status: 'placed',
      ship_to_address_id: head.shipToId,
      bill_to_address_id: head.billToId,
      ship_to_json: head.shipTo,
      bill_to_json: head.billTo,
      required_by: placed.map((line) => line.requiredBy).sort()[0],
      value_minor: sum(placed, 'valueMinor'),
      cost_minor: sum(placed, 'costMinor'),
      gst_minor: sum(placed, 'gstMinor'),
      line_count: placed.length,
      placed_by: actor.userId,
      placed_at: at,
      credit_hold: held ? 'held' : 'none',
      credit_hold_reason: held?.reason ?? null,
      credit_held_at: held ? at : null,
      credit_hold_overdue_minor: held?.overdueMinor ?? null,
      credit_hold_over_limit_minor: held?.overLimitMinor ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The order's categories, for the searches' category filter (its status follows the order's).
  const categoryIds = [...new Set(placed.map((line) => line.row.category_id))]
  await trx
    .insertInto('master_order_categories')
    .values(
      categoryIds.map((categoryId) => ({
        master_order_id: order.id,
        category_id: categoryId,
        buyer_id: head.buyerId,
        status: 'placed' as const,
        placed_at: at,
      })),
    )
    .execute()
  await countInStatus(trx, 'placed', 1, { buyerId: head.buyerId, categoryIds })

  // One seller order per seller, in the order its first line was added.
  const sellers = [...new Set(placed.map((line) => line.row.seller_id!))]
  const sellerCodes: string[] = []
  let autoApproved = false
  for (const sellerId of sellers) {
    const ofSeller = placed.filter((line) => line.row.seller_id === sellerId)
    const sellerCode = await nextCode(trx, 'SO', now)
    sellerCodes.push(sellerCode)
    const sellerOrder = await trx
      .insertInto('seller_orders')
      .values({
        code: sellerCode,
        master_order_id: order.id,
        seller_id: sellerId,
        status: 'pending_approval',
        value_minor: sum(ofSeller, 'valueMinor'),
        cost_minor: sum(ofSeller, 'costMinor'),
        decided_by: null,
        decided_at: null,
        decision_note: null,
        counter_offer_json: null,
        moved_to_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('sub_orders')
      .values(
        ofSeller.map((line) => ({
          master_order_id: order.id,
          seller_order_id: sellerOrder.id,
          line_no: placed.indexOf(line) + 1,
          buyer_sku_id: line.row.buyer_sku_id,
          buyer_sku_version: line.row.version_number!,
          product_sku_id: line.row.product_sku_id,
          category_id: line.row.category_id,
          seller_sku_id: line.row.seller_sku_id!,
          quantity_milli: line.quantityMilli,
          price_minor: line.row.price_minor!,
          cost_minor: line.row.cost_minor!,
          gst_rate_bp: line.row.gst_rate_bp,
          required_by: line.requiredBy,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute()
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_order.created',
      entityType: 'seller_order',
      entityId: sellerOrder.id,
      after: {
        code: sellerCode,
        order: code,
        seller: ofSeller[0].row.seller_name,
        lines: ofSeller.length,
        cost: formatMoney(sum(ofSeller, 'costMinor')),
        status: 'pending_approval',
      },
    })
    // An order on credit hold goes to its sellers when finance releases it.
    if (held) continue
    const approved = await autoApprove(trx, sellerOrder.id, sellerId, actor.userId)
    if (approved) autoApproved = true
    await notifySeller(trx, sellerOrder.id, approved ? 'approved' : 'created')
  }
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'master_order.placed',
    entityType: 'master_order',
    entityId: order.id,
    after: {
      code,
      buyer: head.buyerName,
      lines: placed.length,
      value: formatMoney(sum(placed, 'valueMinor')),
      gst: formatMoney(sum(placed, 'gstMinor')),
      seller_orders: sellerCodes,
    },
  })
  if (held)
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'master_order.credit_held',
      entityType: 'master_order',
      entityId: order.id,
      after: { code, credit_hold: 'held' },
      note: held.reason,
    })
  await orderPlaced(trx, { id: order.id, autoApproved }, actor.userId)
  return order
}
