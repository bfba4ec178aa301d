import { sql } from 'kysely'
import type { Database } from '#db/database'
import type { Executor } from '~/platform/executor'
import { kolkataDay } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { quantityInput } from '~/utils/quantity'
import {
  cartTotals,
  checkCartLineTyped,
  dayPlus,
  keptAsTyped,
  leadTimeWarning,
  type CartLineFacts,
  type CheckedCartLine,
} from './cart-rule'
import { lineGstRateBp } from '~/utils/gst-rates'

// The master-order cart (docs/domain.md "Orders"): one per user and buyer, kept on the server so it
// survives a reload, a dropped connection and a second device. A cart is a draft: its edits are not
// audited; placing it is.

/** The cart of a user for a buyer, made (with the buyer's default addresses) the first time it is asked for. */
export async function cartFor(db: Executor, userId: number, buyerId: number): Promise<{ id: number }> {
  const defaults = await db
    .selectFrom('addresses')
    .select(['id', 'kind'])
    .where('buyer_id', '=', buyerId)
    .where('is_default', '=', 1)
    .where('kind', 'in', ['shipping', 'billing'])
    .execute()
  await db
    .insertInto('order_carts')
    .values({
      user_id: userId,
      buyer_id: buyerId,
      ship_to_address_id: defaults.find((a) => a.kind === 'shipping')?.id ?? null,
      bill_to_address_id: defaults.find((a) => a.kind === 'billing')?.id ?? null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'buyer_id']).doNothing())
    .execute()
  return db
    .selectFrom('order_carts')
    .select('id')
    .where('user_id', '=', userId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow()
}

/** The version in force at `at` of the row's buyer SKU (`buyer_skus`), one column of it, as a correlated subquery. */
export const inForce = <T>(column: 'number' | 'price_minor' | 'moq_milli', at: string) =>
  sql<T | null>`(select v.${sql.ref(column)} from buyer_sku_versions v where v.buyer_sku_id = buyer_skus.id and v.effective_from <= ${at} order by v.number desc limit 1)`

/**
 * A cart's lines with everything needed to show, check and place them, in the order they were added.
 * Each line's GST rate is its category's for its price a piece (a value slab, app/utils/gst-rates.ts),
 * so the order's GST is what the invoice will charge.
 */
export async function cartLineRows(db: Executor, cartId: number, at = new Date().toISOString()) {
  const rows = await db
    .selectFrom('order_cart_lines as l')
    .innerJoin('buyer_skus', 'buyer_skus.id', 'l.buyer_sku_id')
    .innerJoin('product_skus as p', 'p.id', 'buyer_skus.product_sku_id')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .innerJoin('categories as cat', 'cat.id', 'p.category_id')
    .leftJoin('seller_skus as s', 's.id', 'l.seller_sku_id')
    .leftJoin('sellers', 'sellers.id', 's.seller_id')
    .select([
      'l.id',
      'l.quantity',
      'l.required_by',
      'l.buyer_sku_id',
      'l.seller_sku_id',
      'buyer_skus.buyer_code',
      'buyer_skus.status as buyer_sku_status',
      'p.id as product_sku_id',
      'p.code as product_sku_code',
      'p.name as product_sku_name',
      'pr.unit',
      'cat.id as category_id',
      'cat.gst_rate_bp',
      'cat.gst_slab_above_minor',
      'cat.gst_rate_above_bp',
      's.product_sku_id as offer_product_sku_id',
      's.status as offer_status',
      's.cost_minor',
      's.lead_time_days',
      's.seller_id',
      'sellers.name as seller_name',
      'sellers.status as seller_status',
      inForce<number>('number', at).as('version_number'),
      inForce<number>('price_minor', at).as('price_minor'),
      inForce<number>('moq_milli', at).as('moq_milli'),
    ])
    .where('l.cart_id', '=', cartId)
    .orderBy('l.id')
    .execute()
  return rows.map(({ gst_slab_above_minor: slab, gst_rate_above_bp: above, ...row }) => ({
    ...row,
    gst_rate_bp: lineGstRateBp(
      { gstRateBp: row.gst_rate_bp, slabAboveMinor: slab === null ? null : Number(slab), rateAboveBp: above },
      Number(row.price_minor ?? 0),
      row.unit,
    ),
  }))
}
export type CartLineRow = Awaited<ReturnType<typeof cartLineRows>>[number]

/** What a line is checked against besides what is typed, from its row: the rule's facts (./cart-rule). */
export function cartLineFacts(row: CartLineRow): CartLineFacts {
  return {
    buyerSkuActive: row.buyer_sku_status === 'active',
    priceMinor: row.price_minor,
    moqMilli: row.moq_milli,
    gstRateBp: row.gst_rate_bp,
    unit: row.unit,
    savedOffer:
      row.seller_sku_id === null
        ? null
        : {
            id: row.seller_sku_id,
            live: row.offer_status === 'live',
            sellerActive: row.seller_status === 'active',
            sameProduct: row.offer_product_sku_id === row.product_sku_id,
            costMinor: row.cost_minor,
          },
  }
}

/** A saved line's checks, value and GST: the cart's one readiness rule on what was saved. */
export function checkCartLine(row: CartLineRow, today: string): CheckedCartLine {
  return checkCartLineTyped(
    cartLineFacts(row),
    [],
    { quantity: row.quantity, requiredBy: row.required_by, sellerSkuId: row.seller_sku_id },
    today,
  )
}

type Actor = { userId: number }

/** The buyer, if it is active: orders are placed for active buyers only. */
async function activeBuyer(db: Executor, buyerId: number) {
  const buyer = await db
    .selectFrom('buyers')
    .select(['id', 'name', 'status'])
    .where('id', '=', buyerId)
    .executeTakeFirst()
  if (!buyer) throw new Refused('buyer', 'There is no such buyer')
  if (buyer.status !== 'active')
    throw new Refused('buyer', `${buyer.name} is ${buyer.status}: orders are placed for active buyers only`)
  return buyer
}

/** Adds one of the buyer's active buyer SKUs to the cart, as a line still to fill in. */
export async function addCartLine(
  db: Database,
  actor: Actor,
  buyerId: number,
  buyerSkuId: number,
): Promise<Result<{ lineId: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => ({
      ok: true as const,
      value: await addCartLineIn(trx, actor, buyerId, buyerSkuId),
    })),
  )
}

/** Adds the line inside the caller's transaction (the cart page's add, and an order placed through the API). */
export async function addCartLineIn(
  trx: Executor,
  actor: Actor,
  buyerId: number,
  buyerSkuId: number,
): Promise<{ lineId: number }> {
  await activeBuyer(trx, buyerId)
  const sku = await trx
    .selectFrom('buyer_skus')
    .select(['id', 'status'])
    .where('id', '=', buyerSkuId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst()
  if (!sku) throw new Refused('buyerSku', 'Choose one of this buyer’s SKUs')
  if (sku.status !== 'active') throw new Refused('buyerSku', 'This buyer SKU is archived: choose an active one')
  const cart = await cartFor(trx, actor.userId, buyerId)
  // The line starts filled in as far as it can be: the MOQ in force and the cheapest live offer.
  const [moq, offer] = await Promise.all([
    trx
      .selectFrom('buyer_sku_versions')
      .select('moq_milli')
      .where('buyer_sku_id', '=', buyerSkuId)
      .where('effective_from', '<=', new Date().toISOString())
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst(),
    trx
      .selectFrom('seller_skus')
      .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
      .innerJoin('buyer_skus', 'buyer_skus.product_sku_id', 'seller_skus.product_sku_id')
      .select('seller_skus.id')
      .where('buyer_skus.id', '=', buyerSkuId)
      .where('seller_skus.status', '=', 'live')
      .where('sellers.status', '=', 'active')
      .where('seller_skus.cost_minor', 'is not', null)
      .orderBy('seller_skus.cost_minor')
      .orderBy('seller_skus.id')
      .limit(1)
      .executeTakeFirst(),
  ])
  const line = await trx
    .insertInto('order_cart_lines')
    .values({
      cart_id: cart.id,
      buyer_sku_id: buyerSkuId,
      quantity: moq?.moq_milli ? quantityInput(moq.moq_milli) : '',
      seller_sku_id: offer?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx.updateTable('order_carts').set({ updated_at: new Date().toISOString() }).where('id', '=', cart.id).execute()
  return { lineId: line.id }
}

/** What a line's form sends: kept as typed; checked when shown and when placed. */
export interface CartLineInput {
  quantity: string
  requiredBy: string
  sellerSkuId: number | null
}

/** Saves a line of the user's own cart as typed. A line of another user's cart is not found. */
export async function saveCartLine(db: Database, actor: Actor, lineId: number, input: CartLineInput): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const line = await trx
        .selectFrom('order_cart_lines as l')
        .innerJoin('order_carts as c', 'c.id', 'l.cart_id')
        .innerJoin('buyer_skus as b', 'b.id', 'l.buyer_sku_id')
        .select(['l.id', 'c.id as cart_id', 'b.product_sku_id'])
        .where('l.id', '=', lineId)
        .where('c.user_id', '=', actor.userId)
        .executeTakeFirst()
      if (!line) return { ok: false as const, notFound: true, message: 'This line is no longer in your cart.' }
      if (input.sellerSkuId !== null) {
        const offer = await trx
          .selectFrom('seller_skus')
          .select('id')
          .where('id', '=', input.sellerSkuId)
          .where('product_sku_id', '=', line.product_sku_id)
          .where('status', '=', 'live')
          .executeTakeFirst()
        if (!offer) throw new Refused('seller', 'Choose a seller with a live offer for this item')
      }
      const now = new Date().toISOString()
      await trx
        .updateTable('order_cart_lines')
        .set({
          quantity: keptAsTyped(input).quantity,
          required_by: keptAsTyped(input).requiredBy,
          seller_sku_id: input.sellerSkuId,
          updated_at: now,
        })
        .where('id', '=', lineId)
        .execute()
      await trx.updateTable('order_carts').set({ updated_at: now }).where('id', '=', line.cart_id).execute()
      return { ok: true as const, value: undefined }
    }),
  )
}

/** What the cart form sends: the addresses and every line as typed. */
export interface CartInput {
  shipTo: number | null
  billTo: number | null
  lines: ({ id: number } & CartLineInput)[]
}

/**
 * Saves the whole cart form as typed, in one transaction: the addresses and each line still in the
 * user's cart for this buyer (a line removed in another tab is left out). A seller or an address
 * that is not one offered is refused at its field and nothing is saved. There is nothing to save
 * when the cart is gone (just placed, from this page or another): no cart is made again.
 */
export async function saveCart(
  db: Database,
  actor: Actor,
  buyerId: number,
  input: CartInput,
): Promise<Result<{ saved: boolean }>> {
  return refusals<{ saved: boolean }>(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      // The cart's row first, as placing takes it (before deleting the lines): a save and a placing
      // of the same cart at once wait for each other instead of deadlocking on its lines.
      const cart = await trx
        .updateTable('order_carts')
        .set({ updated_at: now })
        .where('user_id', '=', actor.userId)
        .where('buyer_id', '=', buyerId)
        .returning('id')
        .executeTakeFirst()
      if (!cart) return { ok: true as const, value: { saved: false } }
      const ids = input.lines.map((line) => line.id)
      const [lines, addresses] = await Promise.all([
        ids.length
          ? trx
              .selectFrom('order_cart_lines as l')
              .innerJoin('buyer_skus as b', 'b.id', 'l.buyer_sku_id')
              .select(['l.id', 'b.product_sku_id'])
              .where('l.cart_id', '=', cart.id)
              .where('l.id', 'in', ids)
              .execute()
          : [],
        trx
          .selectFrom('addresses')
          .select(['id', 'kind'])
          .where('buyer_id', '=', buyerId)
          .where('id', 'in', [input.shipTo ?? 0, input.billTo ?? 0])
          .execute(),
      ])
      const fields: Record<string, string> = {}
      if (input.shipTo !== null && addresses.find((a) => a.id === input.shipTo)?.kind !== 'shipping')
        fields.shipTo = 'Choose one of this buyer’s shipping addresses'
      if (input.billTo !== null && addresses.find((a) => a.id === input.billTo)?.kind !== 'billing')
        fields.billTo = 'Choose one of this buyer’s billing addresses'
      const sellerIds = [
        ...new Set(input.lines.map((line) => line.sellerSkuId).filter((id): id is number => id !== null)),
      ]
      const offers = sellerIds.length
        ? await trx.selectFrom('seller_skus').select(['id', 'product_sku_id']).where('id', 'in', sellerIds).execute()
        : []
      const kept = lines.map((line) => ({ line, typed: input.lines.find((l) => l.id === line.id)! }))
      for (const { line, typed } of kept) {
        if (
          typed.sellerSkuId !== null &&
          offers.find((o) => o.id === typed.sellerSkuId)?.product_sku_id !== line.product_sku_id
        )
          fields[`line.${line.id}.seller`] = 'Choose one of the sellers offered for this item'
      }
      if (Object.keys(fields).length) throw new Refused(fields)
      for (const { line, typed } of kept) {
        await trx
          .updateTable('order_cart_lines')
          .set({
            quantity: keptAsTyped(typed).quantity,
            required_by: keptAsTyped(typed).requiredBy,
            seller_sku_id: typed.sellerSkuId,
            updated_at: now,
          })
          .where('id', '=', line.id)
          .execute()
      }
      await trx
        .updateTable('order_carts')
        .set({ ship_to_address_id: input.shipTo, bill_to_address_id: input.billTo, updated_at: now })
        .where('id', '=', cart.id)
        .execute()
      return { ok: true as const, value: { saved: true } }
    }),
  )
}

/** The user's carts that hold lines, most recently changed first, for the page that picks a buyer. */
export function openCarts(db: Executor, userId: number) {
  return db
    .selectFrom('order_carts as c')
    .innerJoin('buyers', 'buyers.id', 'c.buyer_id')
    .innerJoin('order_cart_lines as l', 'l.cart_id', 'c.id')
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

/** Removes a line of the user's own cart; removing it twice is not an error. */
export async function removeCartLine(db: Database, actor: Actor, lineId: number): Promise<void> {
  await db
    .deleteFrom('order_cart_lines')
    .where('id', '=', lineId)
    .where('cart_id', 'in', db.selectFrom('order_carts').select('id').where('user_id', '=', actor.userId))
    .execute()
}

/** Sets the cart's ship-to (a shipping address of the buyer) and bill-to (a billing address). */
export async function setCartAddresses(
  db: Database,
  actor: Actor,
  buyerId: number,
  input: { shipTo: number | null; billTo: number | null },
): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      await setCartAddressesIn(trx, actor, buyerId, input)
      return { ok: true as const, value: undefined }
    }),
  )
}

/** Sets the cart's addresses inside the caller's transaction; one that is not the buyer's of its kind is refused at its field. */
export async function setCartAddressesIn(
  trx: Executor,
  actor: Actor,
  buyerId: number,
  input: { shipTo: number | null; billTo: number | null },
): Promise<void> {
  const owned = await trx
    .selectFrom('addresses')
    .select(['id', 'kind'])
    .where('buyer_id', '=', buyerId)
    .where('id', 'in', [input.shipTo ?? 0, input.billTo ?? 0])
    .execute()
  const fields: Record<string, string> = {}
  if (input.shipTo !== null && owned.find((a) => a.id === input.shipTo)?.kind !== 'shipping')
    fields.shipTo = 'Choose one of this buyer’s shipping addresses'
  if (input.billTo !== null && owned.find((a) => a.id === input.billTo)?.kind !== 'billing')
    fields.billTo = 'Choose one of this buyer’s billing addresses'
  if (Object.keys(fields).length) throw new Refused(fields)
  const cart = await cartFor(trx, actor.userId, buyerId)
  await trx
    .updateTable('order_carts')
    .set({
      ship_to_address_id: input.shipTo,
      bill_to_address_id: input.billTo,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', cart.id)
    .execute()
}

/** Today in the platform's time zone: required-by dates are calendar days there. */
export const platformToday = (at = new Date()) => kolkataDay(at)

/** How the seller choice of each line is sorted: cheapest, quickest, largest capacity, best QC pass rate. */
export const sellerSorts = ['cost', 'lead', 'capacity', 'qc'] as const
export type SellerSort = (typeof sellerSorts)[number]
export const readSellerSort = (url: URL): SellerSort =>
  sellerSorts.find((s) => s === url.searchParams.get('sellers')) ?? 'cost'

/** The QC pass rate's window: inspections scheduled in the last 180 days (docs/domain.md "Approval rules"). */
export const QC_PASS_WINDOW_DAYS = 180

export { dayPlus }

/**
 * Each seller's QC record over the window: inspections decided (approved, partly approved or
 * rejected) and those passed whole (approved). Read through (seller_id, scheduled_on).
 */
export async function qcPassRates(db: Executor, sellerIds: number[], today: string) {
  if (sellerIds.length === 0) return new Map<number, { passed: number; decided: number }>()
  const rows = await db
    .selectFrom('qc_inspections')
    .select([
      'seller_id',
      (eb) => eb.fn.countAll<number>().as('decided'),
      sql<number>`sum(case when status = 'approved' then 1 else 0 end)`.as('passed'),
    ])
    .where('seller_id', 'in', sellerIds)
    .where('scheduled_on', '>=', dayPlus(today, -QC_PASS_WINDOW_DAYS))
    .where('status', 'in', ['approved', 'partly_approved', 'rejected'])
    .groupBy('seller_id')
    .execute()
  return new Map(rows.map((r) => [r.seller_id, { passed: Number(r.passed), decided: Number(r.decided) }]))
}

type Offer = {
  id: number
  sellerName: string
  costMinor: number | null
  leadTimeDays: number | null
  monthlyCapacityMilli: number | null
  qc: { passed: number; decided: number } | null
}

/** Sorts a line's offers: the chosen figure first (unknown figures last), then by seller name. */
function sortOffers(offers: Offer[], by: SellerSort): Offer[] {
  const key = (o: Offer): number | null =>
    by === 'cost'
      ? o.costMinor
      : by === 'lead'
        ? o.leadTimeDays
        : by === 'capacity'
          ? o.monthlyCapacityMilli === null
            ? null
            : -o.monthlyCapacityMilli
          : o.qc && o.qc.decided > 0
            ? -o.qc.passed / o.qc.decided
            : null
  return [...offers].sort((a, b) => {
    const ka = key(a)
    const kb = key(b)
    if (ka !== kb) return ka === null ? 1 : kb === null ? -1 : ka - kb
    return a.sellerName.localeCompare(b.sellerName) || a.id - b.id
  })
}

/**
 * Everything the cart page shows for a user and buyer: the buyer, its addresses to choose from,
 * each line with its messages, value and GST and the live offers it can go to, and the totals of
 * the lines that can be ordered. Reading makes no cart: a buyer without one shows an empty cart.
 */
export async function cartView(
  db: Executor,
  userId: number,
  buyerId: number,
  now = new Date(),
  sellerSort: SellerSort = 'cost',
) {
  const buyer = await db
    .selectFrom('buyers')
    .select(['id', 'name', 'status'])
    .where('id', '=', buyerId)
    .executeTakeFirst()
  if (!buyer) return undefined
  const [cart, addresses] = await Promise.all([
    db
      .selectFrom('order_carts')
      .select(['id', 'ship_to_address_id', 'bill_to_address_id', 'updated_at'])
      .where('user_id', '=', userId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst(),
    db
      .selectFrom('addresses')
      .select(['id', 'kind', 'label', 'line1', 'city', 'state', 'pin', 'is_default'])
      .where('buyer_id', '=', buyerId)
      .where('kind', 'in', ['shipping', 'billing'])
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
  ])
  const rows = cart ? await cartLineRows(db, cart.id, now.toISOString()) : []
  const productSkuIds = [...new Set(rows.map((r) => r.product_sku_id))]
  const offers = productSkuIds.length
    ? await db
        .selectFrom('seller_skus')
        .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
        .select([
          'seller_skus.id',
          'seller_skus.product_sku_id',
          'seller_skus.cost_minor',
          'seller_skus.lead_time_days',
          'seller_skus.monthly_capacity_milli',
          'seller_skus.seller_id',
          'sellers.name as seller_name',
        ])
        .where('seller_skus.product_sku_id', 'in', productSkuIds)
        .where('seller_skus.status', '=', 'live')
        .where('sellers.status', '=', 'active')
        .orderBy('seller_skus.cost_minor')
        .orderBy('sellers.name')
        .execute()
    : []
  const today = platformToday(now)
  const passRates = await qcPassRates(db, [...new Set(offers.map((o) => o.seller_id))], today)
  const lines = rows.map((row) => {
    const checked = checkCartLine(row, today)
    const lineOffers = sortOffers(
      offers
        .filter((o) => o.product_sku_id === row.product_sku_id)
        .map((o) => ({
          id: o.id,
          sellerName: o.seller_name,
          costMinor: o.cost_minor,
          leadTimeDays: o.lead_time_days,
          monthlyCapacityMilli: o.monthly_capacity_milli,
          qc: passRates.get(o.seller_id) ?? null,
        })),
      sellerSort,
    )
    const chosen = lineOffers.find((o) => o.id === row.seller_sku_id)
    return {
      id: row.id,
      /** What the page checks the line as typed against, with the same rule (./cart-rule). */
      facts: cartLineFacts(row),
      buyerCode: row.buyer_code,
      productSkuCode: row.product_sku_code,
      productSkuName: row.product_sku_name,
      unit: row.unit,
      priceMinor: row.price_minor,
      moqMilli: row.moq_milli,
      version: row.version_number,
      gstRateBp: row.gst_rate_bp,
      quantity: row.quantity,
      requiredBy: row.required_by,
      sellerSkuId: row.seller_sku_id,
      offers: lineOffers,
      errors: checked.errors,
      /** Warnings that do not stop the order: needed sooner than the chosen seller's lead time. */
      leadTimeWarning: checked.errors.requiredBy ? null : leadTimeWarning(row.required_by, chosen, today),
      valueMinor: checked.valueMinor,
      gstMinor: checked.gstMinor,
    }
  })
  return {
    buyer,
    today,
    sellerSort,
    cart: cart
      ? { shipTo: cart.ship_to_address_id, billTo: cart.bill_to_address_id, updatedAt: cart.updated_at }
      : null,
    addresses,
    lines,
    totals: cartTotals(lines),
  }
}
export type CartView = NonNullable<Awaited<ReturnType<typeof cartView>>>
