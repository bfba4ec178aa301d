// Sample orders at scale (issue 13): SCALE_SAMPLE_ORDERS (default 200,000) sample orders on top of
// the demo data. Every list (each portal, each filter) and detail page over HTTP against the
// production server, 100 requests each: p50 and p95 against the 50 ms budget. SQLite by default,
// PostgreSQL with --db postgres.
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { SAMPLE_ORDERS_SCALE, seedSampleOrdersScale } from '../../seed/scale-sample-orders'
import { benchDatabase, benchDatabaseKind } from './database'
import { measurePages, signIn } from './pages'
import { startServer } from './server'

export async function benchSamples(): Promise<string[]> {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  const orders = Number(process.env.SCALE_SAMPLE_ORDERS ?? SAMPLE_ORDERS_SCALE.orders)
  const database = await benchDatabase('samples', kind)
  rows.push(`database: ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}`)
  const { db } = createDatabase(database.url)
  const started = performance.now()
  await migrateToLatest(db)
  await seedDemo(db)
  await seedSampleOrdersScale(db, { orders })
  const count = Number(
    (
      await db
        .selectFrom('sample_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  rows.push(
    `scale seed (demo + ${count.toLocaleString('en-IN')} sample orders): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )

  const kam = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'demand_kam@example.com')
    .executeTakeFirstOrThrow()
  const buyerId = (
    await db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()
  ).buyer_id!
  const busiest = await db
    .selectFrom('sample_order_items')
    .select(['sample_sku_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('sample_sku_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const sku = await db
    .selectFrom('sample_skus')
    .select('code')
    .where('id', '=', busiest.sample_sku_id)
    .executeTakeFirstOrThrow()
  const newest = await db
    .selectFrom('sample_orders')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const own = await db
    .selectFrom('sample_orders')
    .select('id')
    .where('buyer_id', '=', buyerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const year = new Date().getFullYear()
  await db.destroy()

  const server = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' }, 3197)
  try {
    const [admin, kamCookie, ops, buyer] = await Promise.all(
      ['admin@example.com', 'demand_kam@example.com', 'biz_ops@example.com', 'buyer@example.com'].map((email) =>
        signIn(server.url, email),
      ),
    )
    rows.push(
      ...(await measurePages(server, [
        ['admin, no filter', '/admin/sample_orders', admin],
        ['admin, requests to approve, oldest first', '/admin/sample_orders?status=requested&dir=asc', admin],
        ['admin, open orders', '/admin/sample_orders?status=open', admin],
        ['admin, by the KAM', `/admin/sample_orders?kam=${kam.id}`, admin],
        [
          `admin, by the busiest sample SKU (${Number(busiest.n).toLocaleString('en-IN')} orders)`,
          `/admin/sample_orders?sampleSku=${encodeURIComponent(sku.code)}`,
          admin,
        ],
        ['admin, code prefix', `/admin/sample_orders?q=SMP-${year}-0001`, admin],
        [
          'admin, requested in a month',
          `/admin/sample_orders?requestedFrom=${year - 1}-06-01&requestedTo=${year - 1}-06-30`,
          admin,
        ],
        ['admin, page 40', '/admin/sample_orders?page=40', admin],
        ['KAM, its buyers’', '/demand_kam/sample_orders', kamCookie],
        ['KAM, its buyers’ requests', '/demand_kam/sample_orders?status=requested', kamCookie],
        ['business operations, to dispatch', '/biz_ops_team/sample_orders?status=approved&dir=asc', ops],
        ['buyer, its own', '/buyer/sample_orders', buyer],
        ['admin, one sample order', `/admin/sample_orders/${newest.id}`, admin],
        ['buyer, one of its own', `/buyer/sample_orders/${own.id}`, buyer],
        ['business operations home (queues)', '/biz_ops_team', ops],
        ['KAM home (queues)', '/demand_kam', kamCookie],
      ])),
    )
  } finally {
    await server.stop()
    await database.drop()
  }
  return rows
}
