import type { Viewer } from '../app/auth/session.server'
import { createBuyerSku } from '../app/features/buyer-skus/mutations.server'
import { createBuyerSkuSchema } from '../app/features/buyer-skus/schema'
import { addCartLine, saveCart } from '../app/features/orders/cart.server'
import { advanceLine } from '../app/features/orders/progress.server'
import { scheduleInspection } from '../app/features/qc/schedule.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { decideInspection } from '~/lifecycle/inspections.server'
import { kolkataDay } from '../app/utils/format'
import type { Database } from '#db/database'
import { releaseForDemo } from './credit'
import { demoEmail } from './demo-users'
import { sendInspection } from './qc'
import { dayAt, type SeedClock } from './clock'

// Demo QC by the book (docs/domain.md "QC by the book"): a demo buyer's garments lots inspected by AQL and its
// fabric rolls by the 4-point system, each in every state: scheduled (two of each, for the phone
// journeys with and without JavaScript), submitted with the verdict computed, and decided. Placed,
// produced, scheduled, inspected and decided through the functions the pages call.

const ok = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`demo QC by the book: ${what}: ${result.message}`)
  return result.value
}

type Fate = 'scheduled' | 'submitted' | 'approved' | 'rejected'
const FATES: { offset: number; fate: Fate; fail?: boolean }[] = [
  { offset: 2, fate: 'scheduled' },
  { offset: 2, fate: 'scheduled' },
  { offset: -1, fate: 'submitted', fail: true },
  { offset: -3, fate: 'approved' },
  { offset: -5, fate: 'rejected', fail: true },
]

export async function seedBookQc(db: Database, clock: SeedClock): Promise<void> {
  const user = async (email: string) =>
    await db
      .selectFrom('users')
      .select(['id', 'name', 'seller_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  const operatorUser = await user(demoEmail('field_operator'))
  const operator: Viewer = {
    userId: operatorUser.id,
    email: demoEmail('field_operator'),
    name: operatorUser.name,
    phone: null,
    roles: ['field_operator'],
    company: null,
    sessionIdHash: 'seed',
  }
  const bizOps = { userId: (await user(demoEmail('biz_ops'))).id }
  const placer = { userId: (await user(demoEmail('internal'))).id }
  const admin = { userId: (await user(demoEmail('admin'))).id }
  const decider = { userId: (await user(demoEmail('supplier_admin'))).id }
  const sellerUser = await user(demoEmail('seller'))
  const sellerId = sellerUser.seller_id
  if (!sellerId) return
  const kam = (await user(demoEmail('demand_kam'))).id
  const slots = ['09:00', '11:00', '14:00', '16:00']
  const day = (offset: number) => kolkataDay(new Date(Date.now() + offset * 86_400_000))
  let n = 0
  for (const [product, quantity] of [
    ['garments', '200'],
    ['fabric', '150'],
  ] as const) {
    // The KAM's third buyer (a demo orders' buyer) gets a buyer SKU of the product in a category
    // inspected by the book, made as staff make one.
    const buyer = await db
      .selectFrom('buyers')
      .select(['id', 'name'])
      .where('kam_user_id', '=', kam)
      .where('status', '=', 'active')
      .orderBy('id')
      .offset(2)
      .limit(1)
      .executeTakeFirst()
    const productSku = await db
      .selectFrom('product_skus as p')
      .innerJoin('products', 'products.id', 'p.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.code'])
      .where('products.slug', '=', product)
      .where('p.status', '=', 'active')
      .where('c.qc_method', '<>', 'none')
      .orderBy('p.id')
      .executeTakeFirst()
    if (!buyer || !productSku) continue
    const created = ok(
      await createBuyerSku(
        db,
        { userId: kam },
        createBuyerSkuSchema.parse({
          buyer: buyer.name,
          productSkuCode: productSku.code,
          buyerCode: `BOOK-${product.toUpperCase()}`,
          price: '300',
          moq: '1',
          note: 'Inspected by the book (issue 39 demo)',
        }),
      ),
      'a buyer SKU',
    )
    const sku = { id: created.id, buyer_id: buyer.id, product_sku_id: productSku.id }
    const offer = await db
      .selectFrom('seller_skus')
      .select('id')
      .where('seller_id', '=', sellerId)
      .where('product_sku_id', '=', sku.product_sku_id)
      .executeTakeFirst()
    const now = new Date().toISOString()
    const offerId =
      offer?.id ??
      (
        await db
          .insertInto('seller_skus')
          .values({
            seller_id: sellerId,
            product_sku_id: sku.product_sku_id,
            seller_code: `S${sellerId}-BOOK-${product}`,
            cost_minor: 20_000,
            moq_milli: 1_000,
            lead_time_days: 21,
            monthly_capacity_milli: 50_000_000,
            status: 'live',
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    if (offer)
      await db
        .updateTable('seller_skus')
        .set({ status: 'live', published_at: now, updated_at: now })
        .where('id', '=', offerId)
        .execute()
    for (const plan of FATES) {
      n++
      // Placed four weeks ago or more, made, and ready for QC a few days before its inspection.
      const from = dayAt(-(26 + n), 10)
      const to = dayAt(Math.min(plan.offset, 0) - 3, 16)
      const sellerOrder = await placeAndMake(
        sku,
        offerId,
        n,
        quantity,
        clock.steps(from, to, (to.getTime() - from.getTime()) / 13),
      )
      // What was inspected in the past was scheduled two days before and inspected and decided on its day.
      await inspect(
        sellerOrder.id,
        plan,
        n,
        plan.offset < 0
          ? clock.steps(dayAt(plan.offset - 2, 15), dayAt(plan.offset, 17), 25 * 3_600_000)
          : (work) => work(),
      )
    }
  }

  async function placeAndMake(
    sku: { id: number; buyer_id: number },
    offerId: number,
    n: number,
    quantity: string,
    at: <T>(work: () => Promise<T>) => Promise<T>,
  ) {
    const order = await at(async () => {
      const { lineId } = ok(await addCartLine(db, placer, sku.buyer_id, sku.id), 'add a line')
      // At least the buyer's minimum (the line starts at it).
      const atLeast = await db
        .selectFrom('order_cart_lines')
        .select('quantity')
        .where('id', '=', lineId)
        .executeTakeFirstOrThrow()
      const ordered = String(Math.max(Number(atLeast.quantity || '0'), Number(quantity)))
      const cart = await db
        .selectFrom('order_carts')
        .select(['ship_to_address_id', 'bill_to_address_id'])
        .where('user_id', '=', placer.userId)
        .where('buyer_id', '=', sku.buyer_id)
        .executeTakeFirstOrThrow()
      ok(
        await saveCart(db, placer, sku.buyer_id, {
          shipTo: cart.ship_to_address_id,
          billTo: cart.bill_to_address_id,
          lines: [{ id: lineId, quantity: ordered, requiredBy: day(45), sellerSkuId: offerId }],
        }),
        'fill in the cart',
      )
      const placed = ok(await placeCart(db, placer, sku.buyer_id, `demo-book-${n}`), 'place the order')
      await releaseForDemo(db, admin, placed.id)
      return placed
    })
    const sellerOrder = await db
      .selectFrom('seller_orders')
      .select('id')
      .where('master_order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    await at(async () => ok(await takeSellerOrderStep(db, decider, sellerOrder.id, 'approve', ''), 'approve'))
    await at(async () =>
      ok(await takeSellerOrderStep(db, { userId: sellerUser.id }, sellerOrder.id, 'start_production', ''), 'start'),
    )
    for (const line of await db
      .selectFrom('sub_orders')
      .select('id')
      .where('seller_order_id', '=', sellerOrder.id)
      .execute()) {
      for (let k = 0; k < 9; k++) {
        const stage = await db
          .selectFrom('sub_orders')
          .select('stage_position')
          .where('id', '=', line.id)
          .executeTakeFirstOrThrow()
        if (!(await at(() => advanceLine(db, { userId: sellerUser.id }, null, line.id, stage.stage_position))).ok) break
      }
    }
    await at(async () =>
      ok(await takeSellerOrderStep(db, { userId: sellerUser.id }, sellerOrder.id, 'ready_for_qc', ''), 'ready for QC'),
    )
    return sellerOrder
  }

  async function inspect(
    sellerOrderId: number,
    plan: (typeof FATES)[number],
    n: number,
    at: <T>(work: () => Promise<T>) => Promise<T>,
  ) {
    // A free slot of the operator's on the day (the demo's other inspections hold some).
    let id: number | null = null
    const held = async (on: string) =>
      (
        await db
          .selectFrom('qc_inspections')
          .select('slot')
          .where('operator_id', '=', operator.userId)
          .where('scheduled_on', '=', on)
          .where('status', '<>', 'cancelled')
          .execute()
      ).map((r) => r.slot)
    // A lot inspected in the past is scheduled on a free day ahead, then dated back (demo history only).
    const on = plan.offset < 0 ? day(30 + n) : day(plan.offset)
    const taken = [...(await held(on)), ...(await held(day(plan.offset)))]
    await at(async () => {
      for (const slot of slots.filter((x) => !taken.includes(x))) {
        const scheduled = await scheduleInspection(db, bizOps, sellerOrderId, {
          day: on,
          slot,
          operatorId: operator.userId,
        })
        if (scheduled.ok) {
          id = scheduled.value.id
          break
        }
      }
    })
    if (id === null) throw new Error('demo QC by the book: no free slot')
    if (plan.offset < 0)
      await db
        .updateTable('qc_inspections')
        .set({ scheduled_on: day(plan.offset) })
        .where('id', '=', id)
        .execute()
    if (plan.fate === 'scheduled') return
    const inspection = id
    await at(() =>
      sendInspection(db, operator, inspection, {
        fail: plan.fail,
        notes: plan.fail ? 'Defects over the plan’s acceptance numbers.' : 'Sample drawn as the plan says.',
        key: `demo-book-qc-${n}`,
        verdictQuantities: true,
      }),
    )
    await at(() => decide(inspection, plan))
  }

  async function decide(id: number, plan: (typeof FATES)[number]) {
    if (plan.fate === 'approved')
      ok(await decideInspection(db, bizOps, id, { decision: 'approve', reason: '' }), 'approve')
    if (plan.fate === 'rejected')
      ok(
        await decideInspection(db, bizOps, id, {
          decision: 'reject',
          reason: 'Over the plan’s acceptance numbers: rework and call us for a new inspection',
        }),
        'reject',
      )
  }
}
