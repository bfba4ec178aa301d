// Load (issue 17): 50 connections for 60 s over a mix of real pages as several roles — the orders
// lists and an order of the staff, the buyer, the seller and the KAM, the buyers list, the
// dashboard, the field operator's tasks — and a form POST every tenth request (a UTM link saved),
// against the production server with WEB_CONCURRENCY=1 and then 2 on one database: 0 errors (no
// failed connection, no timeout, no 4xx or 5xx), p50/p95/p99 and throughput printed. The data:
// the demo plus SCALE_LOAD_ORDERS master orders (default 100,000) and the QC scale seed, or
// BENCH_LOAD_DATABASE_URL (a database `npm run db:seed:scale` loaded). SQLite by default,
// PostgreSQL with --db postgres. LOAD_SECONDS and LOAD_CONNECTIONS change the run.
import autocannon, { type Result } from 'autocannon'
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { seedOrdersScale } from '../../seed/scale-orders'
import { seedQcScale } from '../../seed/scale-qc'
import { benchDatabase, benchDatabaseKind } from './database'
import { none } from './budgets'
import { signIn } from './pages'
import { percentile, startServer } from './server'

type Step = { method: string; path: string; headers: Record<string, string>; body?: string }

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50)

export async function benchLoad(): Promise<string[]> {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  const loaded = process.env.BENCH_LOAD_DATABASE_URL?.trim()
  const database = loaded ? { url: loaded, drop: async () => {} } : await benchDatabase('load', kind)
  rows.push(`database: ${database.url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`)
  try {
    const { db } = createDatabase(database.url)
    if (!loaded) {
      const started = performance.now()
      const orders = Number(process.env.SCALE_LOAD_ORDERS ?? 100_000)
      await migrateToLatest(db)
      await seedDemo(db)
      await seedOrdersScale(db, { orders })
      await seedQcScale(db, { inspections: Math.round(orders / 10) })
      rows.push(
        `scale seed: ${orders.toLocaleString('en-IN')} master orders, ${Math.round(orders / 10).toLocaleString('en-IN')} inspections (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      )
    }
    const idOf = async (sql: () => Promise<{ id: number } | undefined>) => (await sql())?.id
    const buyerId = (
      await db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()
    ).buyer_id!
    const order = await idOf(() =>
      db.selectFrom('master_orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    )
    const buyerOrder = await idOf(() =>
      db
        .selectFrom('master_orders')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    )
    await db.destroy()

    for (const processes of [1, 2]) {
      const server = await startServer(
        { DATABASE_URL: database.url, NODE_ENV: 'production', WEB_CONCURRENCY: String(processes), LOG_LEVEL: 'warn' },
        3197,
      )
      try {
        const [internal, buyer, seller, kam, operator] = await Promise.all(
          ['internal', 'buyer', 'seller', 'demand_kam', 'field_operator'].map((role) =>
            signIn(server.url, `${role}@example.com`),
          ),
        )
        const get = (path: string, cookie: string): Step => ({ method: 'GET', path, headers: { cookie } })
        const sequence: Step[] = [
          get('/master_orders', internal),
          get(`/master_orders/${order}`, internal),
          get('/buyer/master_orders', buyer),
          get(`/buyer/master_orders/${buyerOrder}`, buyer),
          get('/seller/master_orders', seller),
          get('/demand_kam/master_orders', kam),
          get('/buyers/manage', internal),
          get('/dashboard', internal),
          get('/field_operator', operator),
          {
            method: 'POST',
            path: '/toolkit/utm',
            headers: { cookie: internal, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              intent: 'save',
              url: 'https://example.com/spring',
              source: 'newsletter',
              medium: 'email',
              campaign: 'load-test',
            }).toString(),
          },
        ]
        // Each request is checked once before the load: a page that fails here would only add noise.
        for (const step of sequence) {
          const res = await fetch(`${server.url}${step.path}`, {
            method: step.method,
            headers: step.headers,
            body: step.body,
            redirect: 'manual',
          })
          if (res.status >= 400) throw new Error(`${step.method} ${step.path} answered ${res.status}`)
        }
        const times: number[] = []
        const statuses = new Map<number, number>()
        const result = await new Promise<Result>((resolve, reject) => {
          const instance = autocannon(
            { url: server.url, connections: CONNECTIONS, duration: SECONDS, timeout: 10, requests: sequence },
            (error, done) => (error ? reject(error) : resolve(done)),
          )
          instance.on('response', (_client, status, _bytes, ms) => {
            times.push(ms)
            statuses.set(status, (statuses.get(status) ?? 0) + 1)
          })
        })
        const failed = [...statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0)
        const errors = result.errors + result.timeouts + failed
        none(
          `errors under load, ${CONNECTIONS} connections, WEB_CONCURRENCY=${processes} (p95 ${percentile(times, 95).toFixed(0)} ms)`,
          errors,
        )
        const posts = Math.round(times.length / sequence.length)
        rows.push(
          `WEB_CONCURRENCY=${processes}: ${times.length.toLocaleString('en-IN')} requests in ${SECONDS} s (${(times.length / SECONDS).toFixed(0)}/s, about ${posts.toLocaleString('en-IN')} POSTs) over ${CONNECTIONS} connections; p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms; ${errors} errors${errors ? ` (${result.errors} failed, ${result.timeouts} timed out, statuses ${JSON.stringify(Object.fromEntries(statuses))})  FAIL` : ''}`,
        )
      } finally {
        await server.stop()
      }
    }
  } finally {
    await database.drop()
  }
  return rows
}
