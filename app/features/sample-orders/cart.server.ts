import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextCode } from '~/platform/numbering.server'
import { addressSnapshot } from '../addresses/queries.server'
import { countSampleOrder } from './counts.server'
import { Refused, refusals, type Result } from '~/utils/refusal.server'

// The samples cart (docs/domain.md "Sample orders"): one per user and buyer, kept on the server so
// it survives a reload, a dropped connection and a second device, like the master order cart. A
// cart is a draft: its edits are not audited; requesting it is.

type Actor = { userId: number }

/** The most pieces of one sample a line may ask for. */
export const MAX_SAMPLE_QUANTITY = 1_000

/** The buyer, if it is active: samples are sent to active buyers only. */
async function activeBuyer(db: Executor, buyerId: number) {
  const buyer = await db
    .selectFrom('buyers')
    .select(['id', 'name', 'status'])
    .where('id', '=', buyerId)
    .executeTakeFirst()
  if (!buyer) throw new Refused('buyer', 'There is no such buyer')
  if (buyer.status !== 'active')
    throw new Refused('buyer', `${buyer.name} is ${buyer.status}: samples are sent to active buyers only`)
  return buyer
}

/** The cart of a user for a buyer, made (with the buyer's default shipping address) the first time it is asked for. */
async function sampleCartFor(db: Executor, userId: number, buyerId: number): Promise<{ id: number }> {
  const shipping = await db
    .selectFrom('addresses')
    .select('id')
    .where('buyer_id', '=', buyerId)
    .where('kind', '=', 'shipping')
    .where('is_default', '=', 1)
    .executeTakeFirst()
  await db
    .insertInto('sample_carts')
    .values({ user_id: userId, buyer_id: buyerId, ship_to_address_id: shipping?.id ?? null })
    .onConflict((oc) => oc.columns(['user_id', 'buyer_id']).doNothing())
    .execute()
  return db
    .selectFrom('sample_carts')
    .select('id')
    .where('user_id', '=', userId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow()
}

/** A line's quantity as typed, checked against the sample's stock: the pieces, or why not. */
export function checkSampleQuantity(
  typed: string,
  sku: { stock: number; active: number },
): { quantity: number | null; error: string | null } {
  if (!sku.active) return { quantity: null, error: 'This sample is no longer offered: remove it' }
  const text = typed.trim()
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1)
    return { quantity: null, error: 'Enter a whole number of pieces, at least 1' }
  const quantity = Number(text)
  if (quantity > MAX_SAMPLE_QUANTITY)
    return { quantity: null, error: `At most ${MAX_SAMPLE_QUANTITY.toLocaleString('en-IN')} pieces of one sample` }
  if (quantity > sku.stock)
    return {
      quantity: null,
      error: sku.stock === 0 ? 'Out of stock' : `Only ${sku.stock.toLocaleString('en-IN')} in stock`,
    }
  return { quantity, error: null }
}

/** Adds an active sample SKU to the cart (one piece); a sample already in the cart stays one line. */
export async function addSampleLine(
  db: Database,
  actor: Actor,
  buyerId: number,
  sampleSkuId: number,
): Promise<Result<{ lineId: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      await activeBuyer(trx, buyerId)
      const sku = await trx
        .selectFrom('sample_skus')
        .select(['id', 'active'])
        .where('id', '=', sampleSkuId)
        .executeTakeFirst()
      if (!sku) throw new Refused('sampleSku', 'Choose one of the sample SKUs')
      if (!sku.active) throw new Refused('sampleSku', 'This sample is no longer offered: choose an active one')
      const cart = await sampleCartFor(trx, actor.userId, buyerId)
      await trx
        .insertInto('sample_cart_lines')
        .values({ cart_id: cart.id, sample_sku_id: sampleSkuId, quantity: '1' })
        .onConflict((oc) => oc.columns(['cart_id', 'sample_sku_id']).doNothing())
        .execute()
      await trx
        .updateTable('sample_carts')
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', cart.id)
        .execute()
      const line = await trx
        .selectFrom('sample_cart_lines')
        .select('id')
        .where('cart_id', '=', cart.id)
        .where('sample_sku_id', '=', sampleSkuId)
        .executeTakeFirstOrThrow()
      return { ok: true as const, value: { lineId: line.id } }
    }),
  )
}

/** What the cart form sends: where it ships, the note, and each line's quantity as typed. */
export interface SampleCartInput {
  shipTo: number | null
  note: string
  lines: { id: number; quantity: string }[]
}

/**
 * Saves the cart form as typed, in one transaction: the ship-to (one of the buyer's shipping
 * addresses, else refused at its field and nothing saved), the note and each line still in the
 * cart. There is nothing to save when the cart is gone (just requested): no cart is made again.
 */
export async function saveSampleCart(
  db: Database,
  actor: Actor,
  buyerId: number,
  input: SampleCartInput,
): Promise<Result<{ saved: boolean }>> {
  return refusals<{ saved: boolean }>(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      // The cart's row first, as requesting takes it: a save and a request at once wait for each other.
      const cart = await trx
        .updateTable('sample_carts')
        .set({ updated_at: now })
        .where('user_id', '=', actor.userId)
        .where('buyer_id', '=', buyerId)
        .returning('id')
        .executeTakeFirst()
      if (!cart) return { ok: true as const, value: { saved: false } }
      if (input.shipTo !== null) {
        const address = await trx
          .selectFrom('addresses')
          .select('id')
          .where('id', '=', input.shipTo)
          .where('buyer_id', '=', buyerId)
          .where('kind', '=', 'shipping')
          .executeTakeFirst()
        if (!address) throw new Refused('shipTo', 'Choose one of this buyer’s shipping addresses')
      }
      for (const line of input.lines) {
        await trx
          .updateTable('sample_cart_lines')
          .set({ quantity: line.quantity.trim().slice(0, 20), updated_at: now })
          .where('id', '=', line.id)
          .where('cart_id', '=', cart.id)
          .execute()
      }
      await trx
        .updateTable('sample_carts')
        .set({ ship_to_address_id: input.shipTo, note: input.note.trim().slice(0, 1000) })
        .where('id', '=', cart.id)
        .execute()
      return { ok: true as const, value: { saved: true } }
    }),
  )
}

/** Removes a line of the user's own cart; removing it twice is not an error. */
export async function removeSampleLine(db: Database, actor: Actor, lineId: number): Promise<void> {
  await db
    .deleteFrom('sample_cart_lines')
    .where('id', '=', lineId)
    .where('cart_id', 'in', db.selectFrom('sample_carts').select('id').where('user_id', '=', actor.userId))
    .execute()
}

/** A cart's lines with their samples' stock and charge, in the order they were added. */
function sampleCartLines(db: Executor, cartId: number) {
  return db
    .selectFrom('sample_cart_lines as l')
    .innerJoin('sample_skus as s', 's.id', 'l.sample_sku_id')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'l.id',
      'l.quantity',
      's.id as sample_sku_id',
      's.code',
      's.name',
      's.stock',
      's.active',
      's.charge_minor',
      'c.name as category',
    ])
    .where('l.cart_id', '=', cartId)
    .orderBy('l.id')
    .execute()
}

/**
 * Requests the user's samples cart for a buyer: one sample order (SMP-…), requested, with an item
 * per line at the sample's charge now, in one transaction, audited; then the cart is emptied. A line
 * that cannot be sent (more than in stock, not a whole number, no longer offered) refuses the whole
 * cart, each message at its line (`line.<id>.quantity`), and nothing is created. The idempotency key
 * makes a double click or a retried POST answer with the first order.
 */
export async function placeSampleCart(
  db: Database,
  actor: Actor,
  buyerId: number,
  idempotencyKey: string,
  now = new Date(),
): Promise<Result<{ id: number; code: string; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, idempotencyKey, 'sample_order.place', actor.userId, async () => {
        const at = now.toISOString()
        const cart = await trx
          .updateTable('sample_carts')
          .set({ updated_at: at })
          .where('user_id', '=', actor.userId)
          .where('buyer_id', '=', buyerId)
          .returning(['id', 'ship_to_address_id', 'note'])
          .executeTakeFirst()
        if (!cart)
          throw new Refused(undefined, 'There is no samples cart for this buyer: it may have just been requested.')
        const buyer = await trx
          .selectFrom('buyers')
          .select(['name', 'status'])
          .where('id', '=', buyerId)
          .executeTakeFirstOrThrow()
        if (buyer.status !== 'active')
          throw new Refused(undefined, `${buyer.name} is ${buyer.status}: samples are sent to active buyers only.`)
        const lines = await sampleCartLines(trx, cart.id)
        if (lines.length === 0) throw new Refused(undefined, 'The cart is empty: add a sample first.')
        const fields: Record<string, string> = {}
        const items = lines.map((line) => {
          const checked = checkSampleQuantity(line.quantity, line)
          if (checked.error) fields[`line.${line.id}.quantity`] = checked.error
          return { line, quantity: checked.quantity ?? 0 }
        })
        const shipTo = await addressSnapshot(trx, buyerId, cart.ship_to_address_id, 'shipping')
        if (!shipTo) fields.shipTo = 'Choose where the samples go: one of the buyer’s shipping addresses'
        const bad = Object.keys(fields).length
        if (bad)
          throw new Refused(
            fields,
            bad === 1
              ? 'One thing in the cart needs a change before it can be requested.'
              : `${bad} things in the cart need a change before they can be requested.`,
          )

        const code = await nextCode(trx, 'SMP', now)
        const chargeMinor = items.reduce((total, { line, quantity }) => total + Number(line.charge_minor) * quantity, 0)
        const order = await trx
          .insertInto('sample_orders')
          .values({
            code,
            buyer_id: buyerId,
            status: 'requested',
            ship_to_address_id: cart.ship_to_address_id,
            ship_to_json: shipTo!,
            note: cart.note,
            item_count: items.length,
            quantity_total: items.reduce((total, item) => total + item.quantity, 0),
            charge_minor: chargeMinor,
            requested_by: actor.userId,
            requested_at: at,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('sample_order_items')
          .values(
            items.map(({ line, quantity }, i) => ({
              sample_order_id: order.id,
              line_no: i + 1,
              sample_sku_id: line.sample_sku_id,
              quantity,
              charge_minor: Number(line.charge_minor),
            })),
          )
          .execute()
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'sample_order.requested',
          entityType: 'sample_order',
          entityId: order.id,
          after: { code, buyer: buyer.name, items: items.map(({ line, quantity }) => `${line.code} × ${quantity}`) },
        })
        await countSampleOrder(trx, 'requested', 1)
        await trx.deleteFrom('sample_carts').where('id', '=', cart.id).execute()
        return order.id
      })
      const { code } = await trx
        .selectFrom('sample_orders')
        .select('code')
        .where('id', '=', result)
        .executeTakeFirstOrThrow()
      return { ok: true as const, value: { id: result, code, repeated } }
    }),
  )
}

/** The user's samples carts that hold lines, most recently changed first, for the page that picks a buyer. */
export function openSampleCarts(db: Executor, userId: number) {
  return db
    .selectFrom('sample_carts as c')
    .innerJoin('buyers', 'buyers.id', 'c.buyer_id')
    .innerJoin('sample_cart_lines as l', 'l.cart_id', 'c.id')
    .select([
      'c.buyer_id',
      'buyers.name as buyer_name',
      'c.updated_at',
      (eb) => eb.fn.countAll<number>().as('line_count'),
    ])
    .where('c.user_id', '=', userId)
    .groupBy(['c.buyer_id', 'buyers.name', 'c.updated_at'])
    .orderBy('c.updated_at', 'desc')
    .limit(50)
    .execute()
}

/** The sample orders this user requested lately, newest first: how the requester follows them. */
export function requestedBy(db: Executor, userId: number, limit = 10) {
  return db
    .selectFrom('sample_orders')
    .innerJoin('buyers', 'buyers.id', 'sample_orders.buyer_id')
    .select([
      'sample_orders.id',
      'sample_orders.code',
      'sample_orders.status',
      'sample_orders.requested_at as requestedAt',
      'sample_orders.item_count as itemCount',
      'buyers.name as buyerName',
    ])
    .where('sample_orders.requested_by', '=', userId)
    .orderBy('sample_orders.requested_at', 'desc')
    .orderBy('sample_orders.id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * Everything the samples cart page shows for a user and buyer: the buyer, its shipping addresses,
 * each line with its stock, charge and message, and the total charge of the lines that can be sent.
 * Reading makes no cart: a buyer without one shows an empty cart.
 */
export async function sampleCartView(db: Executor, userId: number, buyerId: number) {
  const buyer = await db
    .selectFrom('buyers')
    .select(['id', 'name', 'status'])
    .where('id', '=', buyerId)
    .executeTakeFirst()
  if (!buyer) return undefined
  const [cart, addresses] = await Promise.all([
    db
      .selectFrom('sample_carts')
      .select(['id', 'ship_to_address_id', 'note', 'updated_at'])
      .where('user_id', '=', userId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst(),
    db
      .selectFrom('addresses')
      .select(['id', 'label', 'line1', 'city', 'state', 'pin', 'is_default'])
      .where('buyer_id', '=', buyerId)
      .where('kind', '=', 'shipping')
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
  ])
  const rows = cart ? await sampleCartLines(db, cart.id) : []
  const lines = rows.map((row) => {
    const checked = checkSampleQuantity(row.quantity, row)
    return {
      id: row.id,
      sampleSkuId: row.sample_sku_id,
      code: row.code,
      name: row.name,
      category: row.category,
      stock: row.stock,
      chargeMinor: Number(row.charge_minor),
      quantity: row.quantity,
      error: checked.error,
      lineChargeMinor: checked.quantity === null ? null : checked.quantity * Number(row.charge_minor),
    }
  })
  const ready = lines.filter((line) => line.error === null)
  return {
    buyer,
    cart: cart ? { shipTo: cart.ship_to_address_id, note: cart.note, updatedAt: cart.updated_at } : null,
    addresses,
    lines,
    totals: { chargeMinor: ready.reduce((total, line) => total + line.lineChargeMinor!, 0), readyLines: ready.length },
  }
}
export type SampleCartView = NonNullable<Awaited<ReturnType<typeof sampleCartView>>>
