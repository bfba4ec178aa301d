import { addCartLine, saveCart } from '../app/features/orders/cart.server'
import { sampleImportRows } from '../app/features/orders/channel-import.server'
import { importChannelOrders } from '~/lifecycle/master-orders.server'
import { IMPORT_COLUMNS } from '../app/features/orders/channels'
import { agreeToCounterOffer, recordCounterOffer } from '../app/features/orders/counter-offer.server'
import { acceptCounterOffer, moveRejectedLines, takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { advanceLine } from '../app/features/orders/progress.server'
import { cancelMasterOrder } from '~/lifecycle/master-orders.server'
import { rupeesInput } from '../app/utils/money'
import { quantityInput } from '../app/utils/quantity'
import { csvResponse } from '../app/utils/csv.server'
import type { Database } from '#db/database'
import { demoEmail } from './demo-users'
import { holdForDemo, releaseForDemo } from './credit'
import type { SeedClock } from './clock'

// Demo orders (README): placed and moved on through the same functions the pages call, so each has
// its seller orders, totals and history as a real one would. The KAM's three buyers' first SKUs get
// live offers from the agent's three sellers (the demo seller among them) at about 70% of the
// buyer's price; the internal user places the orders, the supplier team admin decides, the demo
// seller produces, and the orders end up spread over the states that exist before QC and dispatch.

/** How many of each KAM buyer's SKUs are offered and ordered. */
const SKUS_PER_BUYER = 6

const ok = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`demo orders: ${what}: ${result.message}`)
  return result.value
}

const daysFrom = (days: number) => {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** What each demo order becomes after it is placed: the lines' sellers (index into the offering sellers) and the steps taken. */
type Fate =
  | 'pending'
  | 'counter'
  | 'approved'
  | 'producing'
  | 'ready_for_qc'
  | 'rejected_moved'
  | 'rejected'
  | 'cancelled'
  | 'counter_accepted'
const ORDERS: { buyer: number; skus: number[]; sellers: number[]; fates: Fate[]; held?: true }[] = [
  { buyer: 0, skus: [0, 1], sellers: [0, 0], fates: ['producing'] },
  { buyer: 1, skus: [0, 1, 2], sellers: [0, 1, 1], fates: ['approved', 'pending'] },
  { buyer: 2, skus: [0], sellers: [0], fates: ['pending'] },
  { buyer: 0, skus: [2, 3], sellers: [1, 2], fates: ['counter', 'pending'] },
  { buyer: 1, skus: [3], sellers: [0], fates: ['ready_for_qc'] },
  { buyer: 2, skus: [1, 2], sellers: [1, 0], fates: ['rejected_moved', 'counter_accepted'] },
  { buyer: 0, skus: [4], sellers: [2], fates: ['cancelled'] },
  { buyer: 1, skus: [4, 5], sellers: [0, 2], fates: ['pending', 'rejected'] },
  { buyer: 2, skus: [3, 4], sellers: [2, 0], fates: ['approved', 'producing'] },
  // Left on credit hold (docs/domain.md "Credit"): the finance home's queue shows it.
  { buyer: 0, skus: [5], sellers: [0], fates: ['pending'], held: true },
  // Orders at QC, for the QC demo (db/seed-qc.ts): scheduled, inspected and decided there.
  ...Array.from({ length: 12 }, (_, i) => ({
    buyer: i % 3,
    skus: [i % 6],
    sellers: [i % 3],
    fates: ['ready_for_qc' as Fate],
  })),
  // A third seller's order waiting for approval, the last one placed: the approvals journey with
  // JavaScript rejects it (the counter-offer journey takes the first buyer's of that seller).
  { buyer: 2, skus: [5], sellers: [2], fates: ['pending'] },
]

/**
 * How long ago an order of these fates was placed, in hours, and how long its steps took: an order
 * waits for approval a day or two, one in production was placed two weeks ago, one ready for QC
 * three weeks or more (docs/domain.md "Demo data"). The last order of the plan is the newest.
 */
function ageOf(n: number, fates: readonly Fate[]): { placedHoursAgo: number; tookHours: number } {
  if (n === ORDERS.length - 1) return { placedHoursAgo: 8, tookHours: 0 }
  const day = 24
  if (fates.includes('ready_for_qc')) return { placedHoursAgo: (24 + (n % 8)) * day, tookHours: 12 * day }
  if (fates.includes('producing')) return { placedHoursAgo: (13 + (n % 3)) * day, tookHours: 9 * day }
  if (fates.includes('counter_accepted')) return { placedHoursAgo: 9 * day, tookHours: 4 * day }
  if (fates.includes('cancelled') || fates.includes('rejected') || fates.includes('rejected_moved'))
    return { placedHoursAgo: (7 + (n % 3)) * day, tookHours: 2 * day }
  if (fates.includes('approved')) return { placedHoursAgo: 6 * day, tookHours: day }
  if (fates.includes('counter')) return { placedHoursAgo: 4 * day, tookHours: 2 * day }
  return { placedHoursAgo: (1 + (n % 3)) * day + 3, tookHours: 1 }
}

export async function seedDemoOrders(db: Database, clock: SeedClock): Promise<void> {
  const user = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const placer = { userId: await user(demoEmail('internal')) }
  const decider = { userId: await user(demoEmail('supplier_admin')) }
  const admin = { userId: await user(demoEmail('admin')) }
  const sellerUser = { userId: await user(demoEmail('seller')) }
  const kam = await user(demoEmail('demand_kam'))
  const agent = await user(demoEmail('supplier_agent'))
  const buyers = await db
    .selectFrom('buyers')
    .select('id')
    .where('kam_user_id', '=', kam)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(3)
    .execute()
  const sellers = await db
    .selectFrom('sellers')
    .select('id')
    .where('agent_user_id', '=', agent)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(3)
    .execute()
  if (buyers.length < 3 || sellers.length < 3) return

  // Live offers for the buyers' first SKUs from each of the three sellers, unless one is there already.
  const skusOf = new Map<number, { id: number; productSkuId: number }[]>()
  const now = new Date().toISOString()
  for (const [b, buyer] of buyers.entries()) {
    const skus = await db
      .selectFrom('buyer_skus')
      .innerJoin('buyer_sku_versions as v', (join) =>
        join.onRef('v.buyer_sku_id', '=', 'buyer_skus.id').onRef('v.number', '=', 'buyer_skus.current_version'),
      )
      .select(['buyer_skus.id', 'buyer_skus.product_sku_id', 'v.price_minor', 'v.moq_milli'])
      .where('buyer_skus.buyer_id', '=', buyer.id)
      .where('buyer_skus.status', '=', 'active')
      .orderBy('buyer_skus.id')
      .limit(SKUS_PER_BUYER)
      .execute()
    skusOf.set(
      b,
      skus.map((s) => ({ id: s.id, productSkuId: s.product_sku_id })),
    )
    for (const [i, sku] of skus.entries()) {
      for (const [s, seller] of sellers.entries()) {
        const there = await db
          .selectFrom('seller_skus')
          .select('id')
          .where('seller_id', '=', seller.id)
          .where('product_sku_id', '=', sku.product_sku_id)
          .executeTakeFirst()
        if (there) {
          await db
            .updateTable('seller_skus')
            .set({
              status: 'live',
              cost_minor: Math.round((sku.price_minor * (0.66 + 0.04 * s)) / 100) * 100,
              lead_time_days: 21,
              published_at: now,
              updated_at: now,
            })
            .where('id', '=', there.id)
            .execute()
          continue
        }
        await db
          .insertInto('seller_skus')
          .values({
            seller_id: seller.id,
            product_sku_id: sku.product_sku_id,
            seller_code: `S${seller.id}-O${b + 1}${i + 1}`,
            cost_minor: Math.round((sku.price_minor * (0.66 + 0.04 * s)) / 100) * 100,
            moq_milli: sku.moq_milli,
            lead_time_days: [21, 30, 14][s]!,
            monthly_capacity_milli: 50_000_000,
            status: 'live',
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute()
      }
    }
  }
  const offerOf = async (productSkuId: number, sellerId: number) =>
    (
      await db
        .selectFrom('seller_skus')
        .select('id')
        .where('seller_id', '=', sellerId)
        .where('product_sku_id', '=', productSkuId)
        .executeTakeFirstOrThrow()
    ).id

  for (const [n, plan] of ORDERS.entries()) {
    const { placedHoursAgo, tookHours } = ageOf(n, plan.fates)
    const placedAt = new Date(Date.now() - placedHoursAgo * 3_600_000)
    // About fifteen steps at most (placing, deciding, starting, nine stages, ready), spread over the time taken.
    const at = clock.steps(placedAt, new Date(placedAt.getTime() + tookHours * 3_600_000), (tookHours * 3_600_000) / 15)
    await placeAndMove(n, plan, Math.floor(placedHoursAgo / 24), at)
  }

  async function placeAndMove(
    n: number,
    plan: (typeof ORDERS)[number],
    ageDays: number,
    at: ReturnType<SeedClock['steps']>,
  ) {
    const buyerId = buyers[plan.buyer]!.id
    // Its cart filled, placed and its credit decided: one moment.
    const order = await at(async () => {
      const lines = []
      for (const [i, index] of plan.skus.entries()) {
        const sku = skusOf.get(plan.buyer)![index]!
        const { lineId } = ok(await addCartLine(db, placer, buyerId, sku.id), 'add a line')
        const line = await db
          .selectFrom('order_cart_lines')
          .select('quantity')
          .where('id', '=', lineId)
          .executeTakeFirstOrThrow()
        lines.push({
          id: lineId,
          quantity: line.quantity || '500',
          // Needed a month or two after it was placed (what is at QC, within days).
          requiredBy: daysFrom(Math.max(3, 35 - ageDays) + 7 * ((n + i) % 5)),
          sellerSkuId: await offerOf(sku.productSkuId, sellers[plan.sellers[i]!]!.id),
        })
      }
      const cart = await db
        .selectFrom('order_carts')
        .select(['ship_to_address_id', 'bill_to_address_id'])
        .where('user_id', '=', placer.userId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow()
      ok(
        await saveCart(db, placer, buyerId, {
          shipTo: cart.ship_to_address_id,
          billTo: cart.bill_to_address_id,
          lines,
        }),
        'fill in the cart',
      )
      const order = ok(await placeCart(db, placer, buyerId, `demo-order-${n + 1}`), 'place the order')
      if (plan.held) await holdForDemo(db, order.id)
      else await releaseForDemo(db, admin, order.id)
      return order
    })
    const sellerOrders = await db
      .selectFrom('seller_orders')
      .select(['id', 'seller_id'])
      .where('master_order_id', '=', order.id)
      .orderBy('id')
      .execute()
    for (const [s, sellerOrder] of sellerOrders.entries()) {
      const fate = plan.fates[s] ?? 'pending'
      const step = (name: Parameters<typeof takeSellerOrderStep>[3], by = decider, reason = '') =>
        at(async () => ok(await takeSellerOrderStep(db, by, sellerOrder.id, name, reason), name))
      const counter = async () => {
        const own = await db
          .selectFrom('sub_orders')
          .select(['id', 'quantity_milli', 'cost_minor', 'required_by'])
          .where('seller_order_id', '=', sellerOrder.id)
          .execute()
        const offer = own.map((l) => ({
          subOrderId: l.id,
          quantity: quantityInput(Math.round((l.quantity_milli * 0.8) / 1000) * 1000),
          readyBy: daysFrom(50),
          cost: rupeesInput(Math.round((l.cost_minor * 1.05) / 100) * 100),
        }))
        await at(async () => ok(await recordCounterOffer(db, decider, sellerOrder.id, offer), 'record a counter-offer'))
      }
      const produce = async (stages: number) => {
        await step('start_production', sellerUser)
        for (const line of await db
          .selectFrom('sub_orders')
          .select(['id'])
          .where('seller_order_id', '=', sellerOrder.id)
          .execute()) {
          for (let k = 0; k < stages; k++) {
            const stage = await db
              .selectFrom('sub_orders')
              .select('stage_position')
              .where('id', '=', line.id)
              .executeTakeFirstOrThrow()
            const moved = await at(() => advanceLine(db, sellerUser, null, line.id, stage.stage_position))
            if (!moved.ok) break
          }
        }
      }
      switch (fate) {
        case 'pending':
          break
        case 'counter':
          await counter()
          break
        case 'counter_accepted':
          await counter()
          // It gives the buyer less: its KAM records the buyer's agreement before an admin accepts it.
          await at(async () => ok(await agreeToCounterOffer(db, { userId: kam }, sellerOrder.id), 'the buyer agrees'))
          await at(async () => ok(await acceptCounterOffer(db, admin, sellerOrder.id), 'accept the counter-offer'))
          break
        case 'approved':
          await step('approve')
          break
        case 'producing':
          await step('approve')
          await produce(2)
          break
        case 'ready_for_qc':
          await step('approve')
          await produce(9)
          await step('ready_for_qc', sellerUser)
          break
        case 'rejected':
          await step('reject', decider, 'The seller has no capacity before the needed-by date')
          break
        case 'rejected_moved': {
          await step('reject', decider, 'Loom breakdown: the seller cannot make it this month')
          const other = sellers.find((x) => x.id !== sellerOrder.seller_id)!
          await at(async () => ok(await moveRejectedLines(db, decider, sellerOrder.id, other.id), 'move the lines'))
          break
        }
        case 'cancelled':
          await at(async () =>
            ok(await cancelMasterOrder(db, admin, order.id, 'The buyer withdrew the requirement'), 'cancel the order'),
          )
          break
      }
    }
  }

  // A cart in progress for the second buyer: two lines filled in, ready to place.
  const cartBuyer = buyers[1]!.id
  for (const sku of skusOf.get(1)!.slice(0, 2))
    ok(await addCartLine(db, placer, cartBuyer, sku.id), 'add a line to the open cart')

  // Orders from the two outside channels, imported from a CSV export as staff would import one.
  const sample = await sampleImportRows(db)
  const columns = IMPORT_COLUMNS.map((c) => ({ key: c.name, header: c.name }))
  for (const [channel, orderId] of [
    ['solv', 'SOLV-40213'],
    ['gt', 'GT-7781'],
  ] as const) {
    const rows = sample.map((row) => ({ ...row, order_id: `${orderId}-${row.order_id.slice(-1)}` }))
    const imported = await importChannelOrders(
      db,
      placer,
      channel,
      await csvResponse(`${channel}.csv`, columns, rows).text(),
    )
    if (!imported.ok || imported.value.problems.length)
      throw new Error(
        `demo orders: the ${channel} import: ${imported.ok ? imported.value.problems[0]?.message : imported.message}`,
      )
  }
  const imported = await db
    .selectFrom('master_orders')
    .select('id')
    .where('source', '!=', 'cart')
    .where('credit_hold', '=', 'held')
    .orderBy('id')
    .execute()
  for (const { id } of imported) await releaseForDemo(db, admin, id)
}
