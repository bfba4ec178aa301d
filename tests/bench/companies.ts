// Companies and users at scale: 100,000 buyers and 100,000 users on top of the demo data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../db/seed'
import { seedScale } from '../../db/seed-scale'
import { startServer, time } from './server'

const fmt = (n: number) => n.toFixed(1)
const BUDGET_MS = 50

async function signIn(url: string, email: string): Promise<string> {
  const form = new URLSearchParams({ email, password: 'demo-pass-2026' })
  const res = await fetch(`${url}/login`, { method: 'POST', body: form, redirect: 'manual' })
  if (res.status !== 302) throw new Error(`sign-in as ${email} answered ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]
}

export async function benchCompanies() {
  const rows: string[] = []
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-')), 'scale.db')
  const { db } = createDatabase(file)
  const loadStarted = performance.now()
  await migrateToLatest(db)
  await seedDemo(db)
  await seedScale(db, { buyers: 100_000, users: 100_000 })
  const kam = await db.selectFrom('users').select('id').where('email', '=', 'kam.neha@example.com').executeTakeFirstOrThrow()
  await db.destroy()
  rows.push(`scale seed (demo + 100,000 buyers with addresses + 100,000 users): ${fmt((performance.now() - loadStarted) / 1000)} s`)

  // Measured as deployed (the Dockerfile's NODE_ENV=production: React's production server renderer).
  const server = await startServer({ DATABASE_URL: file, NODE_ENV: 'production' }, 3191)
  const staff = await signIn(server.url, 'internal@example.com')
  const admin = await signIn(server.url, 'admin@example.com')
  const pages: [string, string, string][] = [
    ['buyers list', '/buyers/manage', staff],
    ['buyers, filtered search (q + status)', '/buyers/manage?q=prime+fashions&status=active', staff],
    ['buyers, city + KAM, newest first', `/buyers/manage?city=Pune&kam=${kam.id}&sort=created&dir=desc`, staff],
    ['buyers, page 1,000', '/buyers/manage?page=1000', staff],
    ['sellers list', '/sellers/manage', staff],
    ['users list', '/admin/users/manage', admin],
    ['users, filtered search (q + role + status)', '/admin/users/manage?q=priya+sha&role=buyer&status=active', admin],
    ['users, role filter only', '/admin/users/manage?role=buyer', admin],
  ]
  let over = 0
  for (const [label, url, cookie] of pages) {
    const check = await fetch(`${server.url}${url}`, { headers: { cookie } })
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`)
    const result = await time(100, () => fetch(`${server.url}${url}`, { headers: { cookie } }).then((r) => r.text()))
    if (result.p95 > BUDGET_MS) over++
    rows.push(`GET ${url} (${label}): p50 ${fmt(result.p50)} ms, p95 ${fmt(result.p95)} ms${result.p95 > BUDGET_MS ? `  OVER the ${BUDGET_MS} ms budget` : ''}`)
  }
  rows.push(over ? `${over} page(s) over budget` : `every list within the ${BUDGET_MS} ms p95 budget`)
  await server.stop()
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
  return rows
}
