import { PostgresAdapter } from 'kysely'
import type { Database } from '#db/database'
import { holdWorkLock, REPORT_ROWS_LOCK_KEY } from '#db/locks'
import type { OrderFactsTable, OrderSkuFactsTable } from '#db/types'
import { kolkataDay } from '~/utils/format'
import { inTransaction, type Executor } from '~/platform/executor'
import { gstOf, lineValue } from '../orders/lines'
import { rebuildQcFacts } from './qc-facts.server'

// The business report's exact summary rows (docs/domain.md "Reports"). An order counts from the
// day it was placed (Asia/Kolkata) with the lines of its seller orders that go ahead: not those
// rejected or cancelled, nothing of a cancelled order. Each seller order is one order, under the
// category of its first line; value, cost, GST and lines go under each line's own category.
// refreshOrderFacts runs in the transaction of every change that moves these (placing, a seller
// order's step, a line's quantity, price or seller), so order_day_facts is always exact.

export type OrderFact = Omit<OrderFactsTable, never>
const MEASURES = ['orders', 'lines', 'quantity_milli', 'value_minor', 'cost_minor', 'gst_minor'] as const
const NOT_COUNTED = new Set(['rejected', 'cancelled'])

export type SkuFact = OrderSkuFactsTable

/** The facts of these master orders as their rows say now: per category and seller, and per buyer SKU. */
export async function factsOfOrders(
  db: Executor,
  masterOrderIds: readonly number[],
): Promise<{ facts: OrderFact[]; skus: SkuFact[] }> {
  if (!masterOrderIds.length) return { facts: [], skus: [] }
  const lines = await db
    .selectFrom('sub_orders as l')
    .innerJoin('seller_orders as so', 'so.id', 'l.seller_order_id')
    .innerJoin('master_orders as mo', 'mo.id', 'l.master_order_id')
    .select([
      'l.master_order_id',
      'l.seller_order_id',
      'l.line_no',
      'l.category_id',
      'l.buyer_sku_id',
      'l.quantity_milli',
      'l.price_minor',
      'l.cost_minor',
      'l.gst_rate_bp',
      'so.seller_id',
      'so.status as sellerStatus',
      'mo.status as masterStatus',
      'mo.buyer_id',
      'mo.placed_at',
    ])
    .where('l.master_order_id', 'in', masterOrderIds)
    .execute()
  const counted = lines.filter((l) => l.masterStatus !== 'cancelled' && !NOT_COUNTED.has(l.sellerStatus))
  // Each seller order's first line: its category carries the order.
  const first = new Map<number, number>()
  for (const l of counted)
    if ((first.get(l.seller_order_id) ?? Infinity) > l.line_no) first.set(l.seller_order_id, l.line_no)
  const facts = new Map<string, OrderFact>()
  const skus = new Map<string, SkuFact>()
  for (const l of counted) {
    const key = `${l.master_order_id}:${l.category_id}:${l.seller_id}`
    const fact = facts.get(key) ?? {
      master_order_id: l.master_order_id,
      category_id: l.category_id,
      seller_id: l.seller_id,
      day: kolkataDay(l.placed_at),
      buyer_id: l.buyer_id,
      orders: 0,
      lines: 0,
      quantity_milli: 0,
      value_minor: 0,
      cost_minor: 0,
      gst_minor: 0,
    }
    const value = lineValue(Number(l.quantity_milli), Number(l.price_minor))
    fact.orders += first.get(l.seller_order_id) === l.line_no ? 1 : 0
    fact.lines += 1
    fact.quantity_milli += Number(l.quantity_milli)
    fact.value_minor += value
    fact.cost_minor += lineValue(Number(l.quantity_milli), Number(l.cost_minor))
    fact.gst_minor += gstOf(value, l.gst_rate_bp)
    facts.set(key, fact)
    const skuKey = `${l.master_order_id}:${l.buyer_sku_id}`
    const sku = skus.get(skuKey) ?? {
      master_order_id: l.master_order_id,
      buyer_sku_id: l.buyer_sku_id,
      month: fact.day.slice(0, 7),
      buyer_id: l.buyer_id,
      lines: 0,
      quantity_milli: 0,
      value_minor: 0,
    }
    sku.lines += 1
    sku.quantity_milli += Number(l.quantity_milli)
    sku.value_minor += value
    skus.set(skuKey, sku)
  }
  return { facts: [...facts.values()], skus: [...skus.values()] }
}

const dayKey = (f: Pick<OrderFact, 'day' | 'category_id' | 'buyer_id' | 'seller_id'>) =>
  `${f.day}|${f.category_id}|${f.buyer_id}|${f.seller_id}`
const sameFacts = (a: OrderFact[], b: OrderFact[]) => {
  const key = (f: OrderFact) =>
    JSON.stringify([f.category_id, f.seller_id, f.day, f.buyer_id, ...MEASURES.map((m) => Number(f[m]))])
  const left = a.map(key).sort()
  const right = b.map(key).sort()
  return left.length === right.length && left.every((k, i) => k === right[i])
}

/**
 * Brings a master order's facts up to date in the caller's transaction: its contribution replaced,
 * and the day rows moved by the difference (rows are added to under their lock, in key order, so
 * concurrent orders never lose a change or wait on each other in a circle).
 */
export async function refreshOrderFacts(trx: Executor, masterOrderId: number): Promise<void> {
  const [before, beforeSkus, after] = await Promise.all([
    trx
      .selectFrom('order_facts')
      .select(['master_order_id', 'category_id', 'seller_id', 'day', 'buyer_id', ...MEASURES])
      .where('master_order_id', '=', masterOrderId)
      .execute(),
    trx
      .selectFrom('order_sku_facts')
      .select(['master_order_id', 'buyer_sku_id', 'month', 'buyer_id', ...SKU_MEASURES])
      .where('master_order_id', '=', masterOrderId)
      .execute(),
    factsOfOrders(trx, [masterOrderId]),
  ])
  if (!sameFacts(before, after.facts)) await moveDayFacts(trx, masterOrderId, before as OrderFact[], after.facts)
  if (!sameSkus(beforeSkus, after.skus)) await moveSkuFacts(trx, masterOrderId, beforeSkus, after.skus)
}

async function moveDayFacts(trx: Executor, masterOrderId: number, before: OrderFact[], after: OrderFact[]) {
  await trx.deleteFrom('order_facts').where('master_order_id', '=', masterOrderId).execute()
  if (after.length) await trx.insertInto('order_facts').values(after).execute()
  const deltas = new Map<string, OrderFact>()
  const add = (f: OrderFact, sign: 1 | -1) => {
    const key = dayKey(f)
    const d = deltas.get(key) ?? {
      ...f,
      orders: 0,
      lines: 0,
      quantity_milli: 0,
      value_minor: 0,
      cost_minor: 0,
      gst_minor: 0,
    }
    for (const m of MEASURES) d[m] += sign * Number(f[m])
    deltas.set(key, d)
  }
  for (const f of before) add(f, -1)
  for (const f of after) add(f, 1)
  for (const key of [...deltas.keys()].sort()) {
    const d = deltas.get(key)!
    if (MEASURES.every((m) => d[m] === 0)) continue
    const row = {
      day: d.day,
      category_id: d.category_id,
      buyer_id: d.buyer_id,
      seller_id: d.seller_id,
      orders: d.orders,
      lines: d.lines,
      quantity_milli: d.quantity_milli,
      value_minor: d.value_minor,
      cost_minor: d.cost_minor,
      gst_minor: d.gst_minor,
    }
    await trx
      .insertInto('order_day_facts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['day', 'category_id', 'buyer_id', 'seller_id']).doUpdateSet((eb) => ({
          orders: eb('order_day_facts.orders', '+', d.orders),
          lines: eb('order_day_facts.lines', '+', d.lines),
          quantity_milli: eb('order_day_facts.quantity_milli', '+', d.quantity_milli),
          value_minor: eb('order_day_facts.value_minor', '+', d.value_minor),
          cost_minor: eb('order_day_facts.cost_minor', '+', d.cost_minor),
          gst_minor: eb('order_day_facts.gst_minor', '+', d.gst_minor),
        })),
      )
      .execute()
    // A row that nothing is in any more goes.
    await trx
      .deleteFrom('order_day_facts')
      .where('day', '=', d.day)
      .where('category_id', '=', d.category_id)
      .where('buyer_id', '=', d.buyer_id)
      .where('seller_id', '=', d.seller_id)
      .where('lines', '=', 0)
      .execute()
  }
}

const SKU_MEASURES = ['lines', 'quantity_milli', 'value_minor'] as const
const skuKey = (f: Pick<SkuFact, 'buyer_id' | 'month' | 'buyer_sku_id'>) => `${f.buyer_id}|${f.month}|${f.buyer_sku_id}`
const sameSkus = (a: SkuFact[], b: SkuFact[]) => {
  const key = (f: SkuFact) => JSON.stringify([skuKey(f), ...SKU_MEASURES.map((m) => Number(f[m]))])
  const left = a.map(key).sort()
  const right = b.map(key).sort()
  return left.length === right.length && left.every((k, i) => k === right[i])
}

async function moveSkuFacts(trx: Executor, masterOrderId: number, before: SkuFact[], after: SkuFact[]) {
  await trx.deleteFrom('order_sku_facts').where('master_order_id', '=', masterOrderId).execute()
  if (after.length) await trx.insertInto('order_sku_facts').values(after).execute()
  const deltas = new Map<string, SkuFact>()
  const add = (f: SkuFact, sign: 1 | -1) => {
    const key = skuKey(f)
    const d = deltas.get(key) ?? { ...f, lines: 0, quantity_milli: 0, value_minor: 0 }
    for (const m of SKU_MEASURES) d[m] += sign * Number(f[m])
    deltas.set(key, d)
  }
  for (const f of before) add(f, -1)
  for (const f of after) add(f, 1)
  for (const key of [...deltas.keys()].sort()) {
    const d = deltas.get(key)!
    if (SKU_MEASURES.every((m) => d[m] === 0)) continue
    await trx
      .insertInto('buyer_sku_month_facts')
      .values({
        buyer_id: d.buyer_id,
        month: d.month,
        buyer_sku_id: d.buyer_sku_id,
        lines: d.lines,
        quantity_milli: d.quantity_milli,
        value_minor: d.value_minor,
      })
      .onConflict((oc) =>
        oc.columns(['buyer_id', 'month', 'buyer_sku_id']).doUpdateSet((eb) => ({
          lines: eb('buyer_sku_month_facts.lines', '+', d.lines),
          quantity_milli: eb('buyer_sku_month_facts.quantity_milli', '+', d.quantity_milli),
          value_minor: eb('buyer_sku_month_facts.value_minor', '+', d.value_minor),
        })),
      )
      .execute()
    await trx
      .deleteFrom('buyer_sku_month_facts')
      .where('buyer_id', '=', d.buyer_id)
      .where('month', '=', d.month)
      .where('buyer_sku_id', '=', d.buyer_sku_id)
      .where('lines', '=', 0)
      .execute()
  }
}

/**
 * The facts worked out again from every order (after a bulk load, or to check the kept ones): each
 * order's contribution in batches by id, then the day and month rows summed from them in SQL.
 */
export async function rebuildOrderFacts(db: Executor, batch = 2_000): Promise<{ orders: number; rows: number }> {
  for (const table of ['order_day_facts', 'order_facts', 'buyer_sku_month_facts', 'order_sku_facts'] as const)
    await db.deleteFrom(table).execute()
  let after = 0
  let orders = 0
  for (;;) {
    const ids = (
      await db.selectFrom('master_orders').select('id').where('id', '>', after).orderBy('id').limit(batch).execute()
    ).map((r) => r.id)
    if (!ids.length) break
    after = ids.at(-1)!
    orders += ids.length
    const { facts, skus } = await factsOfOrders(db, ids)
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < facts.length; i += 500)
        await trx
          .insertInto('order_facts')
          .values(facts.slice(i, i + 500))
          .execute()
      for (let i = 0; i < skus.length; i += 500)
        await trx
          .insertInto('order_sku_facts')
          .values(skus.slice(i, i + 500))
          .execute()
    })
  }
  await db
    .insertInto('order_day_facts')
    .columns(['day', 'category_id', 'buyer_id', 'seller_id', ...MEASURES])
    .expression((eb) =>
      eb
        .selectFrom('order_facts')
        .select(['day', 'category_id', 'buyer_id', 'seller_id'])
        .select((inner) => MEASURES.map((m) => inner.fn.sum<number>(m).as(m)))
        .groupBy(['day', 'category_id', 'buyer_id', 'seller_id']),
    )
    .execute()
  await db
    .insertInto('buyer_sku_month_facts')
    .columns(['buyer_id', 'month', 'buyer_sku_id', ...SKU_MEASURES])
    .expression((eb) =>
      eb
        .selectFrom('order_sku_facts')
        .select(['buyer_id', 'month', 'buyer_sku_id'])
        .select((inner) => SKU_MEASURES.map((m) => inner.fn.sum<number>(m).as(m)))
        .groupBy(['buyer_id', 'month', 'buyer_sku_id']),
    )
    .execute()
  const rows = await db
    .selectFrom('order_day_facts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return { orders, rows: Number(rows.n) }
}

/**
 * The reports' rows built where a database has orders but none of the rows (one that had orders
 * before the reports came): at start-up, after the migrations. Answers what it built.
 */
export async function buildMissingReportRows(db: Database): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return buildMissing(db)
  // Several machines may start at once: one builds the rows in one transaction under a lock; the
  // others wait for it, then find them (two building at once deleted and inserted each other's rows).
  return db.transaction().execute(async (trx) => {
    await holdWorkLock(trx, REPORT_ROWS_LOCK_KEY)
    return buildMissing(trx)
  })
}

async function buildMissing(db: Executor): Promise<string[]> {
  const built: string[] = []
  const [order, fact, sku] = await Promise.all([
    db.selectFrom('master_orders').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('order_facts').select('master_order_id').limit(1).executeTakeFirst(),
    db.selectFrom('order_sku_facts').select('master_order_id').limit(1).executeTakeFirst(),
  ])
  if (order && (!fact || !sku)) {
    const { orders } = await rebuildOrderFacts(db)
    built.push(`business and buyer rows of ${orders} orders`)
  }
  const [decided, qcFact] = await Promise.all([
    db
      .selectFrom('qc_inspections')
      .select('id')
      .where('status', 'in', ['approved', 'partly_approved', 'rejected'])
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('qc_day_facts').select('day').limit(1).executeTakeFirst(),
  ])
  if (decided && !qcFact) {
    const { inspections } = await rebuildQcFacts(db)
    built.push(`QC rows of ${inspections} inspections`)
  }
  return built
}
