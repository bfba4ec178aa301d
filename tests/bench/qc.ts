// QC at scale (issue 14): SCALE_QC_ORDERS master orders (default 100,000, with their seller orders)
// and SCALE_QC_INSPECTIONS inspections (default 100,000) on top of the demo data. The calendar and
// the approvals of both portals, and the field operator's pages, over HTTP against the production
// server, 100 requests each: p50 and p95 against the 50 ms budget; and the weight of the field
// operator's task list over the wire (HTML and CSS, gzip), against its 20 KB budget. SQLite by
// default, PostgreSQL with --db postgres.
import { atMost } from './budgets'
import zlib from 'node:zlib'
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { seedOrdersScale } from '../../seed/scale-orders'
import { QC_SCALE, seedQcScale } from '../../seed/scale-qc'
import { benchDatabase, benchDatabaseKind } from './database'
import { measurePages, signIn } from './pages'
import { startServer } from './server'

export async function benchQc(): Promise<string[]> {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  const orders = Number(process.env.SCALE_QC_ORDERS ?? 100_000)
  const inspections = Number(process.env.SCALE_QC_INSPECTIONS ?? QC_SCALE.inspections)
  const database = await benchDatabase('qc', kind)
  rows.push(`database: ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}`)
  const { db } = createDatabase(database.url)
  const started = performance.now()
  await migrateToLatest(db)
  await seedDemo(db)
  // Field operators for the scale: sixty more besides the demo one (240 slots a day).
  const hash = (
    await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'field_operator@example.com')
      .executeTakeFirstOrThrow()
  ).password_hash
  for (let i = 1; i <= 60; i++) {
    const user = await db
      .insertInto('users')
      .values({ email: `field.${i}@scale.example`, name: `Field Operator ${i}`, password_hash: hash })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'field_operator' }).execute()
  }
  await seedOrdersScale(db, { orders })
  await seedQcScale(db, { inspections })
  const count = Number(
    (
      await db
        .selectFrom('qc_inspections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  rows.push(
    `scale seed (demo + ${orders.toLocaleString('en-IN')} master orders + ${count.toLocaleString('en-IN')} inspections): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const busiest = await db
    .selectFrom('qc_inspections')
    .select(['operator_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('operator_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const operator = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', busiest.operator_id)
    .executeTakeFirstOrThrow()
  const busiestSeller = await db
    .selectFrom('qc_inspections')
    .innerJoin('sellers', 'sellers.id', 'qc_inspections.seller_id')
    .select(['sellers.id', 'sellers.name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['sellers.id', 'sellers.name'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  // As the seller picker sends it.
  const seller = encodeURIComponent(`${busiestSeller.name} (#${busiestSeller.id})`)
  const category = await db.selectFrom('categories').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  const task = await db
    .selectFrom('qc_inspections')
    .select('id')
    .where('operator_id', '=', operator.id)
    .where('status', '=', 'scheduled')
    .orderBy('scheduled_on')
    .limit(1)
    .executeTakeFirstOrThrow()
  const busiestDay = await db
    .selectFrom('qc_inspections')
    .select(['scheduled_on', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('scheduled_on')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const month = busiestDay.scheduled_on.slice(0, 7)
  await db.destroy()

  const server = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' }, 3196)
  try {
    const [admin, ops, field] = await Promise.all(
      ['admin@example.com', 'biz_ops@example.com', operator.email].map((email) => signIn(server.url, email)),
    )
    const calendar = '/biz_ops_team/master_orders/qc/calendar'
    rows.push(
      ...(await measurePages(server, [
        ['calendar, this month', calendar, ops],
        [
          `calendar, the busiest month (${month}, ${Number(busiestDay.n)} on its busiest day)`,
          `${calendar}?month=${month}`,
          ops,
        ],
        ['calendar, one operator', `${calendar}?month=${month}&operator=${operator.id}`, ops],
        [
          `calendar, the busiest seller (${Number(busiestSeller.n).toLocaleString('en-IN')} inspections)`,
          `${calendar}?month=${month}&seller=${seller}`,
          ops,
        ],
        ['calendar, one category', `${calendar}?month=${month}&category=${category.id}`, ops],
        ['calendar, the busiest day’s list', `${calendar}?day=${busiestDay.scheduled_on}`, ops],
        ['calendar, waiting orders page 20', `${calendar}?waiting=20`, ops],
        ['admin calendar', '/admin/master_orders/qc/calendar', admin],
        ['approvals, oldest first', '/biz_ops_team/approvals/qc', ops],
        ['approvals, conditions not met', '/biz_ops_team/approvals/qc?failing=1', ops],
        ['approvals, the busiest seller', `/biz_ops_team/approvals/qc?seller=${seller}`, ops],
        ['admin approvals, page 10', '/admin/approvals/qc?page=10', admin],
        ['business operations home (QC and order figures)', '/biz_ops_team', ops],
        ['field operator home', '/field_operator', field],
        ['field operator, task list', '/field_operator/orders', field],
        ['field operator, an inspection', `/field_operator/orders/${task.id}`, field],
      ])),
    )
    // The field operator's task list over the wire, as a phone fetches it: HTML and CSS, gzip.
    const page = await fetch(`${server.url}/field_operator/orders`, { headers: { cookie: field } })
    const html = await page.text()
    const cssPath = html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!
    const css = await (await fetch(`${server.url}${cssPath}`)).text()
    const scripts = [...html.matchAll(/<script\b[^>]*src="([^"]+)"/g)].map((m) => m[1])
    const htmlKb = zlib.gzipSync(html).byteLength / 1024
    const cssKb = zlib.gzipSync(css).byteLength / 1024
    atMost('field operator task list over the wire (HTML + CSS, gzip, JavaScript off)', htmlKb + cssKb, 20, 'KB')
    rows.push(
      `field operator task list over the wire: HTML ${htmlKb.toFixed(1)} KB + CSS ${cssKb.toFixed(1)} KB gzip = ${(htmlKb + cssKb).toFixed(1)} KB (budget 20 KB: ${htmlKb + cssKb <= 20 ? 'met' : 'NOT met'}); scripts: ${scripts.join(', ')}`,
    )
  } finally {
    await server.stop()
    await database.drop()
  }
  return rows
}
