import type { Database } from '#db/database'
import type { Period } from './period'

// The buyer reports (/reports/buyer_skus and /reports/buyer_skus/:buyerId/report): buyers ranked by
// what they ordered in a period, with how many of their SKUs they ordered; and one buyer's SKUs with
// quantities, value and each SKU's price history. Values come from order_day_facts (days); SKUs from
// buyer_sku_month_facts, whose grain is the month: SKU figures cover the whole months of the period.

export const TOP_BUYERS = 50
export const TOP_SKUS = 100
const monthsRange = (period: { from: string; to: string }) => ({
  from: period.from.slice(0, 7),
  to: period.to.slice(0, 7),
})

export async function buyersRanking(db: Database, period: Period) {
  const ranked = await db
    .selectFrom('order_day_facts')
    .select([
      'buyer_id',
      (eb) => eb.fn.sum<number>('orders').as('orders'),
      (eb) => eb.fn.sum<number>('value_minor').as('value'),
    ])
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .groupBy('buyer_id')
    .execute()
  const sorted = ranked
    .map((r) => ({ buyerId: r.buyer_id, orders: Number(r.orders), value: Number(r.value) }))
    .sort((a, b) => b.value - a.value || a.buyerId - b.buyerId)
  const top = sorted.slice(0, TOP_BUYERS)
  const ids = top.map((r) => r.buyerId)
  const months = monthsRange(period)
  const [names, skuCounts] = ids.length
    ? await Promise.all([
        db.selectFrom('buyers').select(['id', 'name']).where('id', 'in', ids).execute(),
        db
          .selectFrom('buyer_sku_month_facts')
          .select(['buyer_id', (eb) => eb.fn.count<number>('buyer_sku_id').distinct().as('skus')])
          .where('buyer_id', 'in', ids)
          .where('month', '>=', months.from)
          .where('month', '<=', months.to)
          .groupBy('buyer_id')
          .execute(),
      ])
    : [[], []]
  const nameOf = new Map(names.map((n) => [n.id, n.name]))
  const skusOf = new Map(skuCounts.map((s) => [s.buyer_id, Number(s.skus)]))
  return {
    buyers: sorted.length,
    totalValue: sorted.reduce((n, r) => n + r.value, 0),
    rows: top.map((r, i) => ({
      rank: i + 1,
      ...r,
      name: nameOf.get(r.buyerId) ?? `#${r.buyerId}`,
      skus: skusOf.get(r.buyerId) ?? 0,
    })),
  }
}
export type BuyersRanking = Awaited<ReturnType<typeof buyersRanking>>

/** One buyer's report; undefined when there is no such buyer (404). */
export async function buyerSkuReport(db: Database, buyerId: number, period: Period, chosenSku: number | null) {
  const buyer = await db.selectFrom('buyers').select(['id', 'name']).where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) return undefined
  const months = monthsRange(period)
  const [totals, skus] = await Promise.all([
    db
      .selectFrom('order_day_facts')
      .select((eb) => [
        eb.fn.sum<number>('orders').as('orders'),
        eb.fn.sum<number>('value_minor').as('value'),
        eb.fn.sum<number>('lines').as('lines'),
      ])
      .where('buyer_id', '=', buyerId)
      .where('day', '>=', period.from)
      .where('day', '<=', period.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('buyer_sku_month_facts as f')
      .innerJoin('buyer_skus as b', 'b.id', 'f.buyer_sku_id')
      .innerJoin('product_skus as p', 'p.id', 'b.product_sku_id')
      .innerJoin('products as pr', 'pr.id', 'p.product_id')
      .select([
        'f.buyer_sku_id',
        'b.buyer_code',
        'p.name',
        'pr.unit',
        (eb) => eb.fn.sum<number>('f.lines').as('lines'),
        (eb) => eb.fn.sum<number>('f.quantity_milli').as('quantity'),
        (eb) => eb.fn.sum<number>('f.value_minor').as('value'),
      ])
      .where('f.buyer_id', '=', buyerId)
      .where('f.month', '>=', months.from)
      .where('f.month', '<=', months.to)
      .groupBy(['f.buyer_sku_id', 'b.buyer_code', 'p.name', 'pr.unit'])
      .execute(),
  ])
  const rows = skus
    .map((s) => ({
      buyerSkuId: s.buyer_sku_id,
      code: s.buyer_code,
      name: s.name,
      unit: s.unit,
      lines: Number(s.lines),
      quantityMilli: Number(s.quantity),
      value: Number(s.value),
    }))
    .sort((a, b) => b.value - a.value || a.code.localeCompare(b.code))
  const chosen = rows.find((r) => r.buyerSkuId === chosenSku) ?? rows[0] ?? null
  // A SKU chosen that the buyer did not order in the period is still the buyer's own to show.
  const sku =
    chosenSku && !rows.some((r) => r.buyerSkuId === chosenSku)
      ? await db
          .selectFrom('buyer_skus')
          .select(['id', 'buyer_code'])
          .where('id', '=', chosenSku)
          .where('buyer_id', '=', buyerId)
          .executeTakeFirst()
      : undefined
  const historyOf = sku
    ? { buyerSkuId: sku.id, code: sku.buyer_code }
    : chosen
      ? { buyerSkuId: chosen.buyerSkuId, code: chosen.code }
      : null
  const versions = historyOf
    ? await db
        .selectFrom('buyer_sku_versions')
        .select(['number', 'price_minor', 'effective_from', 'note'])
        .where('buyer_sku_id', '=', historyOf.buyerSkuId)
        .orderBy('number')
        .execute()
    : []
  return {
    buyer,
    totals: {
      orders: Number(totals.orders ?? 0),
      value: Number(totals.value ?? 0),
      lines: Number(totals.lines ?? 0),
      skus: rows.length,
    },
    skus: rows.slice(0, TOP_SKUS),
    more: Math.max(0, rows.length - TOP_SKUS),
    history: historyOf
      ? {
          ...historyOf,
          versions: versions.map((v) => ({
            number: v.number,
            priceMinor: Number(v.price_minor),
            effectiveFrom: v.effective_from,
            note: v.note,
          })),
        }
      : null,
  }
}
export type BuyerSkuReport = NonNullable<Awaited<ReturnType<typeof buyerSkuReport>>>
