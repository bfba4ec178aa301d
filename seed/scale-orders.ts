import { recountStatuses } from '../app/features/orders/counts.server'
import { rebuildOrderFacts } from '../app/features/reports/facts.server'
import { masterStatusOf } from '../app/features/orders/states'
import { kolkataDay } from '../app/utils/format'
import { advanceIdSequence, refreshAfterBulkLoad } from '#db/dialect.js'
import type { Database } from '#db/database'
import { randomSource } from './catalogue'
import type { SellerOrderStatus } from '#db/types'

// Orders at scale (npm run db:seed:scale, npm run bench -- orders): on top of the demo data, master
// orders over the last two years for the buyers whose SKUs sellers offer, each with one to nine
// lines (five on average) and a seller order per seller, in the states orders reach as they age.
// Plain batched Kysely inserts with ids given up front, portable to PostgreSQL; the code counters
// are moved on past the codes used, so orders placed afterwards go on numbering.

export const ORDERS_SCALE = { orders: 1_000_000 }

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits for these tables. */
const ROWS_PER_INSERT = 1_000
/** Orders per transaction. */
const ORDERS_PER_CHUNK = 5_000
const DAY = 86_400_000

/** A seller order's status for an order placed `ageDays` ago: old orders are delivered, young ones under way. */
function statusFor(ageDays: number, roll: number): SellerOrderStatus {
  if (roll < 0.03) return 'cancelled'
  if (ageDays > 60) return roll < 0.06 ? 'rejected' : 'delivered'
  if (ageDays > 30)
    return (['in_production', 'ready_for_qc', 'qc_passed', 'dispatched', 'delivered'] as const)[Math.floor(roll * 5)]!
  if (ageDays > 7)
    return (['approved', 'in_production', 'in_production', 'ready_for_qc', 'qc_failed'] as const)[Math.floor(roll * 5)]!
  return roll < 0.6 ? 'pending_approval' : 'approved'
}

async function insertRows(
  db: Database,
  table: 'master_orders' | 'seller_orders' | 'sub_orders' | 'master_order_categories',
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .execute()
}

export async function seedOrdersScale(db: Database, scale: { orders: number }, now = new Date()): Promise<void> {
  const random = randomSource(11)
  // What can be ordered: buyer SKUs (the version in force) whose product SKU some seller offers.
  const items = await db
    .selectFrom('buyer_skus')
    .innerJoin('buyer_sku_versions as v', (join) =>
      join.onRef('v.buyer_sku_id', '=', 'buyer_skus.id').onRef('v.number', '=', 'buyer_skus.current_version'),
    )
    .innerJoin('product_skus as p', 'p.id', 'buyer_skus.product_sku_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('seller_skus as s', 's.product_sku_id', 'buyer_skus.product_sku_id')
    .select([
      'buyer_skus.id',
      'buyer_skus.buyer_id',
      'buyer_skus.product_sku_id',
      'v.number',
      'v.price_minor',
      'v.moq_milli',
      'c.id as category_id',
      'c.gst_rate_bp',
      's.id as offer_id',
      's.seller_id',
      's.cost_minor',
    ])
    .where('buyer_skus.status', '=', 'active')
    .orderBy('buyer_skus.id')
    .execute()
  if (items.length === 0)
    throw new Error('orders at scale need buyer SKUs that sellers offer: load the demo data first')
  const byBuyer = new Map<number, typeof items>()
  for (const item of items) byBuyer.set(item.buyer_id, [...(byBuyer.get(item.buyer_id) ?? []), item])
  const buyers = [...byBuyer.keys()]
  const addresses = await db
    .selectFrom('addresses')
    .select(['id', 'buyer_id', 'kind', 'city', 'state', 'pin', 'line1'])
    .where('buyer_id', 'in', buyers)
    .where('is_default', '=', 1)
    .execute()
  // Each category's workflow: where a line stands in each state (production gates, docs/domain.md "Orders").
  const stageRows = await db.selectFrom('workflow_stages').select(['category_id', 'position', 'qc_gate']).execute()
  const workflows = new Map<number, { gate: number; last: number; afterGate: number }>()
  for (const categoryId of new Set(stageRows.map((r) => r.category_id))) {
    const own = stageRows.filter((r) => r.category_id === categoryId).sort((a, b) => a.position - b.position)
    const last = own.at(-1)!.position
    const gate = own.find((r) => r.qc_gate)?.position ?? last
    workflows.set(categoryId, { gate, last, afterGate: own.find((r) => r.position > gate)?.position ?? gate })
  }
  /** A line's stage in a seller order's state: partway in production, at the QC gate for QC, past it once passed, at the last stage once dispatched. */
  const stageIn = (status: SellerOrderStatus, categoryId: number) => {
    const workflow = workflows.get(categoryId)
    if (!workflow) return 0
    switch (status) {
      case 'in_production':
        return Math.min(1, workflow.gate)
      case 'ready_for_qc':
      case 'qc_failed':
        return workflow.gate
      case 'qc_passed':
        return workflow.afterGate
      case 'dispatched':
      case 'delivered':
        return workflow.last
      default:
        return 0
    }
  }
  const placer = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'internal@example.com')
    .executeTakeFirstOrThrow()

  const [lastMaster, lastSeller, counters] = await Promise.all([
    db
      .selectFrom('master_orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db
      .selectFrom('seller_orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db.selectFrom('code_counters').select(['scope', 'last']).execute(),
  ])
  let masterId = Number(lastMaster?.id ?? 0)
  let sellerOrderId = Number(lastSeller?.id ?? 0)
  const last = new Map(counters.map((c) => [c.scope, Number(c.last)]))
  const code = (prefix: 'MO' | 'SO', at: Date) => {
    const scope = `${prefix}-${kolkataDay(at).slice(0, 4)}`
    const next = (last.get(scope) ?? 0) + 1
    last.set(scope, next)
    return `${scope}-${String(next).padStart(6, '0')}`
  }
  const span = 730 * DAY
  const start = now.getTime() - span

  for (let offset = 0; offset < scale.orders; offset += ORDERS_PER_CHUNK) {
    const masters: Record<string, unknown>[] = []
    const sellerOrders: Record<string, unknown>[] = []
    const lines: Record<string, unknown>[] = []
    const categories: Record<string, unknown>[] = []
    for (let i = offset; i < Math.min(offset + ORDERS_PER_CHUNK, scale.orders); i++) {
      const placedAt = new Date(start + Math.floor((i / scale.orders) * span) + random.int(0, 3_600_000))
      const ageDays = (now.getTime() - placedAt.getTime()) / DAY
      const buyerId = buyers[random.int(0, buyers.length - 1)]!
      const own = byBuyer.get(buyerId)!
      const count = Math.min(random.int(1, 9), own.length)
      const chosen = Array.from({ length: count }, () => own[random.int(0, own.length - 1)]!)
      const requiredBy = new Date(placedAt.getTime() + random.int(20, 60) * DAY).toISOString().slice(0, 10)
      const id = ++masterId
      const at = placedAt.toISOString()
      const bySeller = new Map<number, typeof chosen>()
      for (const item of chosen) bySeller.set(item.seller_id, [...(bySeller.get(item.seller_id) ?? []), item])
      const statuses: { status: SellerOrderStatus; movedOn: boolean }[] = []
      let value = 0
      let cost = 0
      let gst = 0
      let lineNo = 0
      for (const [sellerId, ofSeller] of bySeller) {
        const soId = ++sellerOrderId
        const status = statusFor(ageDays, random.next())
        statuses.push({ status, movedOn: false })
        let soValue = 0
        let soCost = 0
        for (const item of ofSeller) {
          const quantityMilli = Math.max(Number(item.moq_milli ?? 1000), 1000) * random.int(1, 4)
          const lineValue = Math.round((quantityMilli * Number(item.price_minor)) / 1000)
          const lineCost = Math.round((quantityMilli * Number(item.cost_minor ?? item.price_minor)) / 1000)
          soValue += lineValue
          soCost += lineCost
          gst += Math.round((lineValue * item.gst_rate_bp) / 10_000)
          lines.push({
            master_order_id: id,
            seller_order_id: soId,
            line_no: ++lineNo,
            buyer_sku_id: item.id,
            buyer_sku_version: item.number,
            product_sku_id: item.product_sku_id,
            category_id: item.category_id,
            seller_sku_id: item.offer_id,
            quantity_milli: quantityMilli,
            price_minor: item.price_minor,
            cost_minor: item.cost_minor ?? item.price_minor,
            gst_rate_bp: item.gst_rate_bp,
            required_by: requiredBy,
            ready_by: null,
            stage_position: stageIn(status, item.category_id),
            created_at: at,
            updated_at: at,
          })
        }
        value += soValue
        cost += soCost
        const decided = status === 'pending_approval' ? null : new Date(placedAt.getTime() + DAY).toISOString()
        sellerOrders.push({
          id: soId,
          code: code('SO', placedAt),
          master_order_id: id,
          seller_id: sellerId,
          status,
          value_minor: soValue,
          cost_minor: soCost,
          decided_by: null,
          decided_at: decided,
          decision_note: null,
          counter_offer_json: null,
          moved_to_id: null,
          created_at: at,
          updated_at: at,
        })
      }
      const ship = addresses.find((a) => a.buyer_id === buyerId && a.kind === 'shipping')
      const bill = addresses.find((a) => a.buyer_id === buyerId && a.kind === 'billing')
      const snapshot = (a: typeof ship) =>
        JSON.stringify(a ? { label: null, line1: a.line1, line2: null, city: a.city, state: a.state, pin: a.pin } : {})
      const status = masterStatusOf(statuses)
      for (const categoryId of new Set(chosen.map((item) => item.category_id)))
        categories.push({ master_order_id: id, category_id: categoryId, buyer_id: buyerId, status, placed_at: at })
      masters.push({
        id,
        code: code('MO', placedAt),
        buyer_id: buyerId,
        source: i % 50 === 0 ? 'solv' : i % 50 === 1 ? 'gt' : 'cart',
        channel_order_id: i % 50 < 2 ? `CH-${i}` : null,
        status,
        ship_to_address_id: ship?.id ?? null,
        bill_to_address_id: bill?.id ?? null,
        ship_to_json: snapshot(ship),
        bill_to_json: snapshot(bill),
        required_by: requiredBy,
        value_minor: value,
        cost_minor: cost,
        gst_minor: gst,
        line_count: lineNo,
        placed_by: placer.id,
        placed_at: at,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
      })
    }
    await db.transaction().execute(async (trx) => {
      const tx = trx as unknown as Database
      await insertRows(tx, 'master_orders', masters)
      await insertRows(tx, 'seller_orders', sellerOrders)
      await insertRows(tx, 'sub_orders', lines)
      await insertRows(tx, 'master_order_categories', categories)
    })
  }
  // Orders placed from now on number after these.
  for (const [scope, value] of last) {
    await db
      .insertInto('code_counters')
      .values({ scope, last: value })
      .onConflict((oc) => oc.column('scope').doUpdateSet({ last: value }))
      .execute()
  }
  // The ids were given: orders placed from now on are numbered after them.
  await advanceIdSequence(db, 'master_orders')
  await advanceIdSequence(db, 'seller_orders')
  await recountStatuses(db)
  await rebuildOrderFacts(db)
  await refreshAfterBulkLoad(db)
}
