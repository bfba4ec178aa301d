// Bulk imports at scale (issue 40): a file of 100,000 buyer SKUs and prices previewed (read, every
// row checked, the preview kept) and applied (in chunks, each row checked again and written with its
// version, search words and audit entry), through the import's own functions on the demo data.
// Twice: 100,000 new buyer SKUs, then 100,000 rows of a mix (price changes, new SKUs, unchanged and
// refused rows) over them. Rows per second of the file, against the budget of 1,000 (Odoo's import
// runs at about 100-130). SQLite by default, PostgreSQL with --db postgres.
import { createDatabase, type Database } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { applyDueImports, requestApply } from '~/features/imports/apply.server'
import { previewImport } from '~/features/imports/preview.server'
import { atLeast } from './budgets'
import { benchDatabase, benchDatabaseKind } from './database'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const BUDGET_ROWS_PER_S = 1_000

const encoder = new TextEncoder()
const csv = (lines: string[][]) => encoder.encode(lines.map((cells) => cells.join(',')).join('\n') + '\n')
const rate = (rows: number, ms: number) => rows / (ms / 1000)
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN')

async function previewAndApply(db: Database, userId: number, label: string, bytes: Uint8Array, out: string[]) {
  const started = performance.now()
  const preview = await previewImport(db, { userId }, { kind: 'buyer_skus', fileName: `${label}.csv`, bytes })
  if (!preview.ok) throw new Error(preview.message)
  const previewMs = performance.now() - started
  const job = await db
    .selectFrom('import_jobs')
    .select(['rows_total', 'create_count', 'change_count', 'unchanged_count', 'refused_count'])
    .where('id', '=', preview.value.id)
    .executeTakeFirstOrThrow()
  const applyStarted = performance.now()
  const asked = await requestApply(db, { userId }, preview.value.id)
  if (!asked.ok) throw new Error(asked.message)
  await applyDueImports(db, 'bench-worker')
  const applyMs = performance.now() - applyStarted
  const done = await db
    .selectFrom('import_jobs')
    .select(['status', 'created_count', 'changed_count', 'kept_count', 'refused_at_apply_count'])
    .where('id', '=', preview.value.id)
    .executeTakeFirstOrThrow()
  if (done.status !== 'applied') throw new Error(`import ${label} ended ${done.status}`)
  out.push(
    `${label}: ${fmt(job.rows_total)} rows (${fmt(job.create_count)} to create, ${fmt(job.change_count)} to change, ${fmt(job.unchanged_count)} unchanged, ${fmt(job.refused_count)} refused)`,
    `  preview: ${(previewMs / 1000).toFixed(1)} s, ${fmt(rate(job.rows_total, previewMs))} rows/s`,
    `  apply: ${(applyMs / 1000).toFixed(1)} s, ${fmt(rate(job.rows_total, applyMs))} rows/s of the file (${fmt(done.created_count)} created, ${fmt(done.changed_count)} changed, ${fmt(done.kept_count + done.refused_at_apply_count)} left as they were)`,
  )
  atLeast(`import preview, ${label}`, rate(job.rows_total, previewMs), BUDGET_ROWS_PER_S, 'rows/s')
  atLeast(`import apply, ${label}`, rate(job.rows_total, applyMs), BUDGET_ROWS_PER_S, 'rows/s')
}

export async function benchImports(): Promise<string[]> {
  const out: string[] = []
  const kind = benchDatabaseKind()
  const database = await benchDatabase('imports', kind)
  out.push(`database: ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}`)
  const { db } = createDatabase(database.url)
  try {
    await migrateToLatest(db)
    await seedDemo(db)
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'internal@example.com')
      .executeTakeFirstOrThrow()
    const buyers = (
      await db.selectFrom('buyers').select('name').where('status', '=', 'active').orderBy('id').execute()
    ).map((b) => (b.name.includes(',') ? `"${b.name}"` : b.name))
    const skus = (
      await db.selectFrom('product_skus').select('code').where('status', '=', 'active').orderBy('id').execute()
    ).map((s) => s.code)
    const header = ['buyer', 'product_sku', 'buyer_code', 'price', 'moq', 'note']
    const row = (i: number, code: string, price: string) => [
      buyers[i % buyers.length]!,
      skus[i % skus.length]!,
      code,
      price,
      '100',
      '',
    ]

    // 1. Every row a new buyer SKU.
    const fresh = [header]
    for (let i = 0; i < ROWS; i++) fresh.push(row(i, `BULK-${i}`, `${5_000 + (i % 900)}.50`))
    await previewAndApply(db, user.id, `${fmt(ROWS)} new buyer SKUs`, csv(fresh), out)

    // 2. A mix over them: 60 % price changes (a new version each), 30 % new, 5 % unchanged, 5 % refused.
    const mixed = [header]
    for (let i = 0; i < ROWS; i++) {
      const share = i % 20
      if (share < 12) mixed.push(row(i, `BULK-${i}`, `${5_100 + (i % 900)}.00`))
      else if (share < 18) mixed.push(row(i, `BULK-NEW-${i}`, '4999'))
      else if (share < 19) mixed.push(row(i, `BULK-${i}`, `${5_000 + (i % 900)}.50`))
      else mixed.push(row(i, `BULK-${i}`, 'not a price'))
    }
    await previewAndApply(
      db,
      user.id,
      `${fmt(ROWS)} rows of changes, new SKUs, unchanged and refused rows`,
      csv(mixed),
      out,
    )
  } finally {
    await db.destroy()
    await database.drop()
  }
  return out
}
