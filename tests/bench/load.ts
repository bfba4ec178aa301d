// Load (issues 17 and 41): 50 connections for 60 s over a mix of real pages as several roles — the
// orders lists and an order of the staff, the buyer, the seller and the KAM, the buyers list, the
// dashboard, the field operator's tasks — and a form POST every tenth request (a UTM link saved),
// against the production server with WEB_CONCURRENCY=1 and then 2: 0 errors (no failed connection,
// no timeout, no 4xx or 5xx), p50/p95/p99 and throughput printed as one table.
//
// Which databases: SQLite alone by default (`--db sqlite`). `--db postgres` runs the same mix on
// SQLite and on PostgreSQL in the same run, on the same data scale — SQLite ×1, SQLite ×2,
// PostgreSQL ×1, PostgreSQL ×2 — and adds the budget PostgreSQL ×2 / SQLite ×2 throughput ≥ 1.
//
// The data: the demo plus SCALE_LOAD_ORDERS master orders (default 100,000) and the QC scale seed,
// made on each database, or BENCH_LOAD_DATABASE_URL: one loaded database per kind (a SQLite file
// and/or a postgres:// URL, comma-separated; `npm run db:seed:scale` loads one), each used for its
// kind. LOAD_SECONDS and LOAD_CONNECTIONS change the run; LOAD_ROUNDS (default 1) runs every
// configuration that many times, interleaved, and reports the medians.
//
// Fair to both: SQLite runs in WAL with synchronous=FULL (db/database.ts), so the PostgreSQL cluster
// made here keeps PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes) and
// both keep their data on the same disk (the temporary folder). PostgreSQL runs on the same cores as
// the app processes and the load generator; the output says so.
import os from 'node:os'
import autocannon, { type Result } from 'autocannon'
import { createDatabase, isPostgresUrl } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { seedOrdersScale } from '../../seed/scale-orders'
import { seedQcScale } from '../../seed/scale-qc'
import { benchDatabase, benchDatabaseKind, type BenchDatabaseKind } from './database'
import { atLeast, none } from './budgets'
import { signIn } from './pages'
import { percentile, startServer } from './server'
import { cpuMs, hasEnv, ownCpuMs } from './cpu'

type Step = { method: string; path: string; headers: Record<string, string>; body?: string }
/** CPU milliseconds a request of the app's processes, the database server's backends and the load generator. */
type Cpu = { app: number; database: number; generator: number }
type Run = { perSecond: number; p50: number; p95: number; p99: number; errors: number; detail: string; cpu: Cpu }

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50)
const ROUNDS = Math.max(1, Number(process.env.LOAD_ROUNDS ?? 1))
const TITLE: Record<BenchDatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' }

export async function benchLoad(): Promise<string[]> {
  const kinds: BenchDatabaseKind[] = benchDatabaseKind() === 'postgres' ? ['sqlite', 'postgres'] : ['sqlite']
  const rows: string[] = [
    `${os.cpus().length} cores shared by the app processes, the load generator${kinds.includes('postgres') ? ' and the PostgreSQL server' : ''}; ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} run(s) per configuration${ROUNDS > 1 ? ' (medians)' : ''}`,
  ]
  const databases: { kind: BenchDatabaseKind; url: string; drop: () => Promise<void> }[] = []
  try {
    for (const kind of kinds) {
      const database = await loadedDatabase(kind, rows)
      databases.push({ kind, ...database })
    }
    const runs = new Map<string, Run[]>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const { kind, url } of databases) {
        for (const processes of [1, 2]) {
          const key = `${kind} ${processes}`
          runs.set(key, [...(runs.get(key) ?? []), await runLoad(url, processes)])
        }
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      const middle = sorted.length / 2
      return Number.isInteger(middle) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)]
    }
    const summary = new Map<string, Run>()
    rows.push(
      '',
      '| database | processes | req/s | p50 ms | p95 ms | p99 ms | errors | CPU ms a request: app | database server | load generator |' +
        (ROUNDS > 1 ? ' req/s of each run |' : ''),
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |' + (ROUNDS > 1 ? ' --- |' : ''),
    )
    for (const { kind } of databases) {
      for (const processes of [1, 2]) {
        const all = runs.get(`${kind} ${processes}`)!
        const run: Run = {
          perSecond: median(all.map((r) => r.perSecond)),
          p50: median(all.map((r) => r.p50)),
          p95: median(all.map((r) => r.p95)),
          p99: median(all.map((r) => r.p99)),
          errors: all.reduce((n, r) => n + r.errors, 0),
          cpu: {
            app: median(all.map((r) => r.cpu.app)),
            database: median(all.map((r) => r.cpu.database)),
            generator: median(all.map((r) => r.cpu.generator)),
          },
          detail: all
            .filter((r) => r.errors)
            .map((r) => r.detail)
            .join(' '),
        }
        summary.set(`${kind} ${processes}`, run)
        none(
          `errors under load, ${TITLE[kind]}, WEB_CONCURRENCY=${processes} (p95 ${run.p95.toFixed(0)} ms)`,
          run.errors,
        )
        rows.push(
          `| ${TITLE[kind]} | ${processes} | ${run.perSecond.toFixed(0)} | ${run.p50.toFixed(0)} | ${run.p95.toFixed(0)} | ${run.p99.toFixed(0)} | ${run.errors}${run.errors ? ` ${run.detail} FAIL` : ''} | ${run.cpu.app.toFixed(2)} | ${run.cpu.database.toFixed(2)} | ${run.cpu.generator.toFixed(2)} |` +
            (ROUNDS > 1 ? ` ${all.map((r) => r.perSecond.toFixed(0)).join(', ')} |` : ''),
        )
      }
    }
    const postgres = summary.get('postgres 2')
    if (postgres) {
      const sqlite = summary.get('sqlite 2')!
      const ratio = postgres.perSecond / sqlite.perSecond
      atLeast('throughput PostgreSQL ×2 / SQLite ×2 (same mix and scale)', ratio, 1, '×')
      rows.push(
        '',
        `PostgreSQL ×2 / SQLite ×2: ${ratio.toFixed(2)} × the throughput, p95 ${postgres.p95.toFixed(0)} against ${sqlite.p95.toFixed(0)} ms`,
        `CPU a request, PostgreSQL ×2 against SQLite ×2: the app's processes ${postgres.cpu.app.toFixed(2)} against ${sqlite.cpu.app.toFixed(2)} ms, and the PostgreSQL server's backends ${postgres.cpu.database.toFixed(2)} ms more on the same cores (SQLite runs inside the app's processes)`,
      )
    }
  } finally {
    for (const database of databases) await database.drop()
  }
  return rows
}

/** BENCH_LOAD_DATABASE_URL's database of this kind, or a fresh one seeded at SCALE_LOAD_ORDERS. */
async function loadedDatabase(
  kind: BenchDatabaseKind,
  rows: string[],
): Promise<{ url: string; drop: () => Promise<void> }> {
  const loaded = (process.env.BENCH_LOAD_DATABASE_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .find((url) => url && isPostgresUrl(url) === (kind === 'postgres'))
  if (loaded) {
    rows.push(`${TITLE[kind]}: the loaded database of BENCH_LOAD_DATABASE_URL`)
    return { url: loaded, drop: async () => {} }
  }
  const database = await benchDatabase('load', kind, { durable: true })
  const { db } = createDatabase(database.url)
  try {
    const started = performance.now()
    const orders = Number(process.env.SCALE_LOAD_ORDERS ?? 100_000)
    await migrateToLatest(db)
    await seedDemo(db)
    await seedOrdersScale(db, { orders })
    await seedQcScale(db, { inspections: Math.round(orders / 10) })
    rows.push(
      `${TITLE[kind]}: scale seed of ${orders.toLocaleString('en-IN')} master orders, ${Math.round(orders / 10).toLocaleString('en-IN')} inspections (${((performance.now() - started) / 1000).toFixed(0)} s)${kind === 'postgres' ? (process.env.BENCH_DATABASE_URL ? ' on BENCH_DATABASE_URL (its own settings)' : ' on a throwaway cluster with durable defaults') : ', synchronous=FULL'}`,
    )
  } finally {
    await db.destroy()
  }
  return database
}

/** One run of the mix against `processes` server processes on the database at `url`. */
async function runLoad(url: string, processes: number): Promise<Run> {
  const { db } = createDatabase(url)
  const [buyerId, order] = await Promise.all([
    db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow(),
    db.selectFrom('master_orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
  ])
  const buyerOrder = await db
    .selectFrom('master_orders')
    .select('id')
    .where('buyer_id', '=', buyerId.buyer_id!)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  await db.destroy()
  const port = 3197
  const server = await startServer(
    { DATABASE_URL: url, NODE_ENV: 'production', WEB_CONCURRENCY: String(processes), LOG_LEVEL: 'warn' },
    port,
  )
  // Where the cores went: the app's processes (the server and its workers, started with this PORT),
  // the PostgreSQL backends serving this database (their title names it), and this process.
  const database = isPostgresUrl(url) ? new URL(url).pathname.slice(1) : null
  const cpu = (): Cpu => ({
    app: cpuMs((line, pid) => line.includes('server.js') && hasEnv(pid, 'PORT', String(port))),
    database: database ? cpuMs((line) => line.startsWith('postgres: ') && line.split(' ').includes(database)) : 0,
    generator: ownCpuMs(),
  })
  try {
    const [internal, buyer, seller, kam, operator] = await Promise.all(
      ['internal', 'buyer', 'seller', 'demand_kam', 'field_operator'].map((role) =>
        signIn(server.url, `${role}@example.com`),
      ),
    )
    const get = (path: string, cookie: string): Step => ({ method: 'GET', path, headers: { cookie } })
    const sequence: Step[] = [
      get('/master_orders', internal),
      get(`/master_orders/${order.id}`, internal),
      get('/buyer/master_orders', buyer),
      get(`/buyer/master_orders/${buyerOrder.id}`, buyer),
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
          // Short links lead only to the app's own host (SHORT_LINK_HOSTS).
          url: `${server.url}/spring`,
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
    const before = cpu()
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
    const after = cpu()
    const per = (key: keyof Cpu) => (after[key] - before[key]) / Math.max(1, times.length)
    const failed = [...statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0)
    return {
      perSecond: times.length / SECONDS,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      errors: result.errors + result.timeouts + failed,
      cpu: { app: per('app'), database: per('database'), generator: per('generator') },
      detail: `(${result.errors} failed, ${result.timeouts} timed out, statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
    }
  } finally {
    await server.stop()
  }
}
