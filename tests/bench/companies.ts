// The buyers list at scale: 100,000 buyers with two addresses each, through the real server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../db/seed'
import { startServer, time } from './server'

const BUYERS = 100_000
const CITIES = ['Mumbai', 'Pune', 'Bengaluru', 'Chennai', 'New Delhi', 'Kolkata', 'Hyderabad', 'Ahmedabad', 'Surat', 'Jaipur', 'Lucknow', 'Kanpur', 'Nagpur', 'Indore', 'Bhopal', 'Patna', 'Vadodara', 'Ludhiana', 'Agra', 'Nashik', 'Coimbatore', 'Tiruppur', 'Erode', 'Madurai', 'Kochi', 'Mysuru', 'Rajkot', 'Varanasi', 'Amritsar', 'Guwahati']
const WORDS = ['Indigo', 'Saffron', 'Lotus', 'Coastal', 'Urban', 'Royal', 'Silk', 'Cotton', 'Heritage', 'Modern', 'Sun', 'Moon', 'Star', 'River', 'Ocean', 'Mountain', 'Green', 'Golden', 'Silver', 'Crimson']
const TRADES = ['Fashions', 'Retail', 'Apparel', 'Textiles', 'Traders', 'Brands', 'Exports', 'Garments']

/** A migrated database with the demo data and 100,000 more buyers (2% pending, 3% suspended, a third without a KAM). */
export async function scaleDatabase(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-companies-')), 'app.db')
  const { db, sqlite } = createDatabase(file)
  await migrateToLatest(db)
  await seedDemo(db)
  const kam = (sqlite.prepare("select user_id from user_roles where role = 'demand_kam'").get() as { user_id: number }).user_id
  const buyer = sqlite.prepare(
    'insert into buyers (name, legal_name, gstin, contact_email, status, kam_user_id, credit_limit_minor, payment_terms_days, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const address = sqlite.prepare("insert into addresses (buyer_id, kind, line1, city, state, pin, is_default) values (?, ?, ?, ?, 'State', '400001', 1)")
  sqlite.transaction(() => {
    for (let i = 0; i < BUYERS; i++) {
      const name = `${WORDS[i % 20]} ${WORDS[(i * 7) % 20]} ${TRADES[i % 8]} ${i}`
      const status = i % 50 === 0 ? 'pending' : i % 33 === 0 ? 'suspended' : 'active'
      const created = new Date(Date.UTC(2024, 0, 1) + i * 600_000).toISOString()
      const gstin = `27AAB${String(i).padStart(6, '0')}1Z${i % 10}`
      const { lastInsertRowid } = buyer.run(name, `${name} Pvt Ltd`, gstin, `accounts${i}@buyer${i}.example`, status, i % 3 === 0 ? null : kam, (i % 50) * 1_00_000_00, 30, created, created)
      address.run(lastInsertRowid, 'billing', `${i} Commerce Road`, CITIES[i % CITIES.length])
      address.run(lastInsertRowid, 'shipping', `${i} Ring Road`, CITIES[(i * 13) % CITIES.length])
    }
  })()
  await db.destroy()
  return file
}

export async function benchCompanies(port = 3190) {
  const rows: string[] = []
  const started = performance.now()
  const databaseFile = await scaleDatabase()
  rows.push(`made ${BUYERS.toLocaleString('en-IN')} buyers with two addresses each in ${(performance.now() - started).toFixed(0)} ms`)
  const server = await startServer({ DATABASE_URL: databaseFile }, port)
  const form = new URLSearchParams({ email: 'internal@example.com', password: 'demo-pass-2026' })
  const res = await fetch(`${server.url}/login`, { method: 'POST', body: form, redirect: 'manual' })
  const cookie = res.headers.get('set-cookie')!.split(';')[0]
  const pages: [string, string][] = [
    ['list, first page', '/buyers/manage'],
    ['list, page 1,000', '/buyers/manage?page=1000'],
    ['newest first', '/buyers/manage?sort=created&dir=desc'],
    ['by status', '/buyers/manage?sort=status&dir=desc'],
    ['waiting for approval', '/buyers/manage?status=pending'],
    ['search "lotus" (10,000 match)', '/buyers/manage?q=lotus'],
    ['search "99999" (1 match)', '/buyers/manage?q=99999'],
    ['search + status', '/buyers/manage?q=golden&status=active'],
    ['KAM filter', '/buyers/manage?kam=6'],
    ['KAM + active', '/buyers/manage?kam=6&status=active'],
    ['no KAM', '/buyers/manage?kam=none&status=active'],
    ['city "pune"', '/buyers/manage?city=pune'],
    ['city + search + status', '/buyers/manage?city=pune&q=silk&status=active'],
  ]
  for (const [label, url] of pages) {
    const check = await fetch(`${server.url}${url}`, { headers: { cookie } })
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`)
    const { p50, p95 } = await time(60, () => fetch(`${server.url}${url}`, { headers: { cookie } }).then((r) => r.text()))
    rows.push(`GET ${url} (${label}): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`)
  }
  const csv = await time(3, () => fetch(`${server.url}/buyers/manage.csv?status=pending`, { headers: { cookie } }).then((r) => r.text()))
  rows.push(`GET /buyers/manage.csv?status=pending (2,000 rows): p50 ${csv.p50.toFixed(1)} ms`)
  await server.stop()
  fs.rmSync(path.dirname(databaseFile), { recursive: true, force: true })
  return rows
}
