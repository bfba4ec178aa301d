import { sql } from 'kysely'
import { getDb } from '~/db.server'
import { kolkataDay, startOfKolkataDay } from '~/utils/format'
import { parseCsv } from '../../../tests/support/csv'
import { addDays } from './period'
import { buyerReportCsv, buyerReportPage, buyersPage } from './pages.server'

const db = () => getDb()
const to = kolkataDay()
// Whole months, so the day and month grains cover the same orders.
const from = `${addDays(to, -700).slice(0, 7)}-01`
const query = `from=${from}&to=${to}`

describe('the buyer reports', () => {
  it('rank buyers by ordered value with their SKU counts, equal to a direct aggregate', async () => {
    const page = await buyersPage(db(), new URL(`http://localhost/reports/buyer_skus?${query}`))
    const direct = await db()
      .selectFrom('sub_orders as l')
      .innerJoin('seller_orders as so', 'so.id', 'l.seller_order_id')
      .innerJoin('master_orders as mo', 'mo.id', 'l.master_order_id')
      .where('mo.status', '!=', 'cancelled')
      .where('so.status', 'not in', ['rejected', 'cancelled'])
      .where('mo.placed_at', '>=', startOfKolkataDay(from))
      .where('mo.placed_at', '<', startOfKolkataDay(addDays(to, 1)))
      .select([
        'mo.buyer_id',
        sql<number>`sum((cast(l.quantity_milli as bigint) * l.price_minor + 500) / 1000)`.as('value'),
        sql<number>`count(distinct l.buyer_sku_id)`.as('skus'),
      ])
      .groupBy('mo.buyer_id')
      .execute()
    const expected = direct
      .map((d) => ({ buyerId: d.buyer_id, value: Number(d.value), skus: Number(d.skus) }))
      .sort((a, b) => b.value - a.value || a.buyerId - b.buyerId)
    expect(page.ranking.rows.map((r) => ({ buyerId: r.buyerId, value: r.value, skus: r.skus }))).toEqual(
      expected.slice(0, 50),
    )
    expect(page.ranking.rows[0]!.rank).toBe(1)
  })

  it('show a buyer’s SKUs with quantities and value, and a SKU’s price versions; an unknown buyer is not found', async () => {
    const top = (await buyersPage(db(), new URL(`http://localhost/reports/buyer_skus?${query}`))).ranking.rows[0]!
    const data = (await buyerReportPage(
      db(),
      String(top.buyerId),
      new URL(`http://localhost/reports/buyer_skus/${top.buyerId}/report?${query}`),
    ))!
    expect(data.report.buyer.name).toBe(top.name)
    expect(data.report.totals.value).toBe(top.value)
    expect(data.report.skus.reduce((n, s) => n + s.value, 0)).toBe(top.value)
    expect(data.report.totals.skus).toBe(top.skus)
    const first = data.report.skus[0]!
    const versions = await db()
      .selectFrom('buyer_sku_versions')
      .select(['number', 'price_minor'])
      .where('buyer_sku_id', '=', first.buyerSkuId)
      .orderBy('number')
      .execute()
    expect(data.report.history).toMatchObject({ buyerSkuId: first.buyerSkuId, code: first.code })
    expect(data.report.history!.versions.map((v) => [v.number, v.priceMinor])).toEqual(
      versions.map((v) => [v.number, Number(v.price_minor)]),
    )
    // Another buyer's SKU is never shown as this buyer's.
    const other = await db()
      .selectFrom('buyer_skus')
      .select('id')
      .where('buyer_id', '!=', top.buyerId)
      .executeTakeFirstOrThrow()
    const guarded = (await buyerReportPage(
      db(),
      String(top.buyerId),
      new URL(`http://localhost/x?${query}&sku=${other.id}`),
    ))!
    expect(guarded.report.history?.buyerSkuId).toBe(first.buyerSkuId)
    expect(await buyerReportPage(db(), '99999999', new URL('http://localhost/x'))).toBeUndefined()
    expect(await buyerReportPage(db(), 'abc', new URL('http://localhost/x'))).toBeUndefined()
    const csv = parseCsv(
      await (await buyerReportCsv(db(), String(top.buyerId), new URL(`http://localhost/x?${query}`))).text(),
    )
    expect(csv[0]).toMatchObject({ 'Buyer SKU': first.code, Lines: String(first.lines) })
  })
})
