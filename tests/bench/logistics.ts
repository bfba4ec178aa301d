// Logistics and money at scale (issue 15): SCALE_LOGISTICS_ORDERS master orders (default 1,000,000,
// with their seller orders), then SCALE_BOOKINGS transport bookings (default 1,000,000) and
// SCALE_LEDGER_ROWS buyer ledger rows (default 2,000,000) on top of the demo data. The lists, the
// calendar, the dues and the busiest buyer's settlement over HTTP against the production server,
// 100 requests each: p50 and p95 against the 50 ms budget. SQLite by default, PostgreSQL with --db postgres.
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { seedOrdersScale } from '../../seed/scale-orders'
import { LOGISTICS_SCALE, seedLogisticsScale } from '../../seed/scale-logistics'
import { benchDatabase, benchDatabaseKind } from './database'
import { measurePages, signIn } from './pages'
import { startServer } from './server'

export async function benchLogistics(): Promise<string[]> {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  const orders = Number(process.env.SCALE_LOGISTICS_ORDERS ?? 1_000_000)
  const bookings = Number(process.env.SCALE_BOOKINGS ?? LOGISTICS_SCALE.bookings)
  const ledgerRows = Number(process.env.SCALE_LEDGER_ROWS ?? LOGISTICS_SCALE.ledgerRows)
  // BENCH_LOGISTICS_DATABASE_URL: a database this benchmark loaded before (kept with BENCH_KEEP=1), measured again without loading.
  const loaded = process.env.BENCH_LOGISTICS_DATABASE_URL?.trim()
  const fresh = loaded ? null : await benchDatabase('logistics', kind)
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
  }
  const ordersAt = performance.now()
  if (!loaded) await seedLogisticsScale(db, { bookings, ledgerRows })
  if (process.env.BENCH_KEEP === '1') rows.push(`kept for BENCH_LOGISTICS_DATABASE_URL=${database.url}`)
  const count = async (table: 'transport_bookings' | 'transport_requests' | 'buyer_ledger' | 'buyer_invoices') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const [b, r, l, i] = await Promise.all([
    count('transport_bookings'),
    count('transport_requests'),
    count('buyer_ledger'),
    count('buyer_invoices'),
  ])
  rows.push(
    `${loaded ? 'loaded before' : 'scale seed'}: demo + ${orders.toLocaleString('en-IN')} master orders (${((ordersAt - started) / 1000).toFixed(0)} s), then ${b.toLocaleString('en-IN')} bookings of ${r.toLocaleString('en-IN')} requests, ${l.toLocaleString('en-IN')} ledger rows of ${i.toLocaleString('en-IN')} invoices (${((performance.now() - ordersAt) / 1000).toFixed(0)} s)`,
  )
  const busiestBuyer = await db
    .selectFrom('buyer_accounts')
    .select(['buyer_id', 'entries'])
    .orderBy('entries', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const transporter = await db
    .selectFrom('transport_bookings')
    .select(['transporter_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('transporter_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const busiestDay = await db
    .selectFrom('transport_bookings')
    .select(['pickup_on', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('pickup_on')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const request = await db
    .selectFrom('transport_requests')
    .select('id')
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const booking = await db
    .selectFrom('transport_bookings')
    .select(['id', 'request_id'])
    .where('status', '=', 'delivered')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const orderCode = await db
    .selectFrom('transport_requests')
    .select('order_code')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const month = busiestDay.pickup_on.slice(0, 7)
  await db.destroy()

  const server = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' }, 3197)
  try {
    const internal = await signIn(server.url, 'internal@example.com')
    const settlement = `/logistics/settlements/buyers/${busiestBuyer.buyer_id}`
    rows.push(
      ...(await measurePages(server, [
        ['requests, newest pickup first', '/logistics/transport_requests', internal],
        ['requests, open ones', '/logistics/transport_requests?status=open', internal],
        ['requests, last mile delivered', '/logistics/transport_requests?type=last_mile&status=delivered', internal],
        ['requests, one city', '/logistics/transport_requests?city=Surat', internal],
        ['requests, an order code', `/logistics/transport_requests?order=${orderCode.order_code}`, internal],
        [
          'requests, a month of pickups',
          `/logistics/transport_requests?pickupFrom=${month}-01&pickupTo=${month}-28`,
          internal,
        ],
        ['requests, page 100', '/logistics/transport_requests?page=100', internal],
        ['a request', `/logistics/transport_requests/${request.id}/edit`, internal],
        ['bookings, newest first', '/logistics/transport_bookings', internal],
        [
          `bookings, the busiest transporter (${Number(transporter.n).toLocaleString('en-IN')})`,
          `/logistics/transport_bookings?transporter=${transporter.transporter_id}`,
          internal,
        ],
        ['bookings, picked up', '/logistics/transport_bookings?status=picked_up', internal],
        [
          'a booking',
          `/logistics/transport_requests/${booking.request_id}/transport_bookings/${booking.id}/edit`,
          internal,
        ],
        [
          'billing details',
          `/logistics/transport_requests/${booking.request_id}/transport_bookings/${booking.id}/edit/billing_details`,
          internal,
        ],
        ['calendar, this month', '/logistics/transport_bookings/calendar', internal],
        [
          `calendar, the busiest month (${month}, ${Number(busiestDay.n)} on its busiest day)`,
          `/logistics/transport_bookings/calendar?month=${month}&day=${busiestDay.pickup_on}`,
          internal,
        ],
        [
          'calendar, one transporter, deliveries',
          `/logistics/transport_bookings/calendar?month=${month}&transporter=${transporter.transporter_id}&show=delivery`,
          internal,
        ],
        ['payment dues', '/logistics/transport_payment_dues', internal],
        ['payment dues, overdue', '/logistics/transport_payment_dues?bucket=overdue', internal],
        [
          'payment dues, one transporter',
          `/logistics/transport_payment_dues?transporter=${transporter.transporter_id}`,
          internal,
        ],
        [
          `settlement of the busiest buyer (${Number(busiestBuyer.entries).toLocaleString('en-IN')} ledger rows)`,
          settlement,
          internal,
        ],
        ['settlement, ledger page 200', `${settlement}?page=200`, internal],
        ['settlement, a month of the ledger', `${settlement}?from=${month}-01&to=${month}-28`, internal],
      ])),
    )
  } finally {
    await server.stop()
    await database.drop()
  }
  return rows
}
