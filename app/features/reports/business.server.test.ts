import { sql } from 'kysely'
import { getDb } from '~/db.server'
import { kolkataDay, startOfKolkataDay } from '~/utils/format'
import { parseCsv } from '../../../tests/support/csv'
import { businessCsv, businessPage } from './pages.server'
import { addDays, readPeriod } from './period'

const db = () => getDb()
const page = (query: string) => businessPage(db(), new URL(`http://localhost/reports/master_order?${query}`))

/** Value and orders of the orders placed in a period, per buyer, straight from the lines. */
async function directByBuyer(from: string, to: string) {
  const rows = await db()
    .selectFrom('sub_orders as l')
    .innerJoin('seller_orders as so', 'so.id', 'l.seller_order_id')
    .innerJoin('master_orders as mo', 'mo.id', 'l.master_order_id')
    .where('mo.status', '!=', 'cancelled')
    .where('so.status', 'not in', ['rejected', 'cancelled'])
    .where('mo.placed_at', '>=', startOfKolkataDay(from))
    .where('mo.placed_at', '<', startOfKolkataDay(addDays(to, 1)))
    .select([
      'mo.buyer_id',
      sql<number>`count(distinct so.id)`.as('orders'),
      sql<number>`sum((cast(l.quantity_milli as bigint) * l.price_minor + 500) / 1000)`.as('value'),
    ])
    .groupBy('mo.buyer_id')
    .execute()
  return new Map(rows.map((r) => [String(r.buyer_id), { orders: Number(r.orders), value: Number(r.value) }]))
}

describe('the period of a report', () => {
  it('defaults to the month two months back to today, and the period before is as long', () => {
    expect(readPeriod(new URLSearchParams(), '2026-11-26')).toMatchObject({
      from: '2026-09-01',
      to: '2026-11-26',
      previous: { from: '2026-06-06', to: '2026-08-31' },
      problems: {},
    })
    expect(readPeriod(new URLSearchParams('from=2026-02-30&to=2026-03-01'), '2026-11-26')).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-01',
      problems: { from: 'Enter a date like 2027-01-31' },
    })
    expect(readPeriod(new URLSearchParams('from=2026-05-01&to=2026-04-01'), '2026-11-26')).toMatchObject({
      from: '2026-09-01',
      problems: { to: 'The end of the period comes before its start' },
    })
    expect(readPeriod(new URLSearchParams('from=2010-01-01&to=2026-01-01'), '2026-11-26').problems).toEqual({
      from: 'Choose a period of at most three years',
    })
  })
})

describe('the business report', () => {
  it('its totals and its buyers equal a direct aggregate of the orders placed in the period', async () => {
    const to = kolkataDay()
    const from = addDays(to, -400)
    const report = await page(`from=${from}&to=${to}&group=buyer`)
    const direct = await directByBuyer(from, to)
    expect(report.report.totals.orders).toBe([...direct.values()].reduce((n, r) => n + r.orders, 0))
    expect(report.report.totals.value).toBe([...direct.values()].reduce((n, r) => n + r.value, 0))
    expect(report.report.rows.length).toBeGreaterThan(0)
    for (const row of report.report.rows)
      expect({ key: row.key, orders: row.orders, value: row.value }).toEqual({ key: row.key, ...direct.get(row.key) })
    expect(report.report.rows[0]!.drill).toBe(`buyer=${report.report.rows[0]!.key}`)
    const byMonth = await page(`from=${from}&to=${to}&group=month`)
    expect(byMonth.report.rows.reduce((n, r) => n + r.value, 0)).toBe(report.report.totals.value)
    const oneBuyer = await page(`from=${from}&to=${to}&buyer=${report.report.rows[0]!.key}`)
    expect(oneBuyer.report.totals.value).toBe(report.report.rows[0]!.value)
    expect(oneBuyer.names.buyer).toBe(report.report.rows[0]!.label)
  })

  it('the previous period is counted the same way, and a period without orders is all zeros', async () => {
    const empty = await page('from=2001-01-01&to=2001-03-31&group=category')
    expect(empty.report.totals).toEqual({ orders: 0, lines: 0, value: 0, cost: 0, gst: 0 })
    expect(empty.report.rows).toEqual([])
    const to = kolkataDay()
    const from = addDays(to, -30)
    const now = await page(`from=${from}&to=${to}`)
    const before = await page(`from=${now.period.previous.from}&to=${now.period.previous.to}`)
    expect(now.report.previous).toEqual(before.report.totals)
  })

  it('downloads the table as CSV with a total line', async () => {
    const to = kolkataDay()
    const response = await businessCsv(
      db(),
      new URL(`http://localhost/reports/master_order.csv?from=${addDays(to, -400)}&to=${to}&group=seller`),
    )
    const rows = parseCsv(await response.text())
    expect(Object.keys(rows[0]!)).toEqual([
      'Group',
      'Orders',
      'Lines',
      'Value (₹)',
      'Cost (₹)',
      'Margin (₹)',
      'Margin %',
      'GST (₹)',
      'Value in the previous period (₹)',
    ])
    expect(rows.at(-1)!.Group).toBe('Total')
  })
})
