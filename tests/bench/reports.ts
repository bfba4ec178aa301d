// Reports and the dashboard at scale (issue 16): SCALE_REPORTS_ORDERS master orders (default
// 1,000,000, with their seller orders and about 5,000,000 lines over two years) and
// SCALE_QC_INSPECTIONS decided inspections (default 100,000) on top of the demo data; the summary
// rows are built by the scale seed as after any bulk load. Every report over HTTP against the
// production server, 100 requests each: p50 and p95 against the 200 ms budget; the dashboard
// against the pages' 50 ms. SQLite by default, PostgreSQL with --db postgres.
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { seedOrdersScale } from '../../seed/scale-orders'
import { QC_SCALE, seedQcScale } from '../../seed/scale-qc'
import { benchDatabase, benchDatabaseKind } from './database'
import { measurePages, signIn } from './pages'
import { startServer } from './server'

export async function benchReports(): Promise<string[]> {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  const orders = Number(process.env.SCALE_REPORTS_ORDERS ?? 1_000_000)
  const inspections = Number(process.env.SCALE_QC_INSPECTIONS ?? QC_SCALE.inspections)
  // BENCH_REPORTS_DATABASE_URL: a database this benchmark loaded before (kept with BENCH_KEEP=1), measured again without loading.
  const loaded = process.env.BENCH_REPORTS_DATABASE_URL?.trim()
  const fresh = loaded ? null : await benchDatabase('reports', kind)
  const database = loaded
    ? { url: loaded, drop: async () => {} }
    : process.env.BENCH_KEEP === '1'
      ? { url: fresh!.url, drop: async () => {} }
      : fresh!
  rows.push(`database: ${kind === 'postgres' || loaded?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`)
  const { db } = createDatabase(database.url)
  const started = performance.now()
  if (!loaded) {
    await migrateToLatest(db)
    await seedDemo(db)
    await seedOrdersScale(db, { orders })
    await seedQcScale(db, { inspections })
  }
  if (process.env.BENCH_KEEP === '1') rows.push(`kept for BENCH_REPORTS_DATABASE_URL=${database.url}`)
  const count = async (table: 'master_orders' | 'order_day_facts' | 'buyer_sku_month_facts' | 'qc_day_facts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const [m, d, s, q] = await Promise.all([
    count('master_orders'),
    count('order_day_facts'),
    count('buyer_sku_month_facts'),
    count('qc_day_facts'),
  ])
  rows.push(
    `${loaded ? 'loaded before' : `scale seed (${((performance.now() - started) / 1000).toFixed(0)} s)`}: ${m.toLocaleString('en-IN')} master orders; summary rows: ${d.toLocaleString('en-IN')} day, ${s.toLocaleString('en-IN')} buyer SKU month, ${q.toLocaleString('en-IN')} QC day`,
  )
  const last = await db
    .selectFrom('order_day_facts')
    .select('day')
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const first = await db.selectFrom('order_day_facts').select('day').orderBy('day').limit(1).executeTakeFirstOrThrow()
  const busiest = await db
    .selectFrom('order_day_facts')
    .select(['buyer_id', (eb) => eb.fn.sum<number>('value_minor').as('v')])
    .where('day', '>=', `${last.day.slice(0, 4)}-01-01`)
    .groupBy('buyer_id')
    .orderBy('v', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const seller = await db
    .selectFrom('order_day_facts')
    .select('seller_id')
    .where('day', '=', last.day)
    .limit(1)
    .executeTakeFirstOrThrow()
  await db.destroy()
  const to = last.day
  const year = `${Number(to.slice(0, 4)) - 1}${to.slice(4, 10)}`
  const whole = `from=${first.day}&to=${to}`

  const server = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' }, 3196)
  try {
    const internal = await signIn(server.url, 'internal@example.com')
    rows.push(
      ...(await measurePages(
        server,
        [
          ['business, three months by month', `/reports/master_order?to=${to}`, internal],
          ['business, a year by month', `/reports/master_order?from=${year}&to=${to}`, internal],
          ['business, a year by buyer', `/reports/master_order?from=${year}&to=${to}&group=buyer`, internal],
          ['business, a year by seller', `/reports/master_order?from=${year}&to=${to}&group=seller`, internal],
          ['business, a year by category', `/reports/master_order?from=${year}&to=${to}&group=category`, internal],
          ['business, everything by month', `/reports/master_order?${whole}`, internal],
          [
            'business, one buyer, a year',
            `/reports/master_order?from=${year}&to=${to}&buyer=${busiest.buyer_id}`,
            internal,
          ],
          ['business, one seller, everything', `/reports/master_order?${whole}&seller=${seller.seller_id}`, internal],
          ['business CSV, a year by buyer', `/reports/master_order.csv?from=${year}&to=${to}&group=buyer`, internal],
          ['QC, a year by seller', `/reports/qc?from=${year}&to=${to}`, internal],
          ['QC, everything by category', `/reports/qc?${whole}&group=category`, internal],
          ['QC, a year by month', `/reports/qc?from=${year}&to=${to}&group=month`, internal],
          ['buyers ranked, three months', `/reports/buyer_skus?to=${to}`, internal],
          ['buyers ranked, a year', `/reports/buyer_skus?from=${year}&to=${to}`, internal],
          [
            'the busiest buyer, a year',
            `/reports/buyer_skus/${busiest.buyer_id}/report?from=${year}&to=${to}`,
            internal,
          ],
          ['the busiest buyer, everything', `/reports/buyer_skus/${busiest.buyer_id}/report?${whole}`, internal],
        ],
        200,
      )),
    )
    rows.push(...(await measurePages(server, [['the dashboard', '/dashboard', internal]])))
  } finally {
    await server.stop()
    await database.drop()
  }
  return rows
}
