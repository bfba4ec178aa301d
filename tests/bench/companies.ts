// Companies and users at scale: 100,000 buyers and 100,000 users on top of the demo data.
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { seedScale } from '../../seed/scale-companies'
import { benchDatabase, benchDatabaseKind } from './database'
import { measurePages, signIn } from './pages'
import { startServer } from './server'

const fmt = (n: number) => n.toFixed(1)

export async function benchCompanies() {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  // BENCH_COMPANIES_DATABASE_URL: a database already loaded (demo + 100,000 buyers and users), used as it is and kept.
  const reused = process.env.BENCH_COMPANIES_DATABASE_URL?.trim()
  const database = reused ? { url: reused, drop: async () => {} } : await benchDatabase('companies', kind)
  rows.push(
    `database: ${database.url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}${reused ? ` (reused: ${reused})` : ''}`,
  )
  const { db } = createDatabase(database.url)
  const loadStarted = performance.now()
  await migrateToLatest(db)
  if (!reused) {
    await seedDemo(db)
    await seedScale(db, { buyers: 100_000, users: 100_000 })
  }
  const kam = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'kam.neha@example.com')
    .executeTakeFirstOrThrow()
  await db.destroy()
  rows.push(
    `${reused ? 'loaded' : 'scale seed'} (demo + 100,000 buyers with addresses + 100,000 users): ${fmt((performance.now() - loadStarted) / 1000)} s`,
  )

  // Measured as deployed (the Dockerfile's NODE_ENV=production: React's production server renderer).
  const server = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' }, 3191)
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
  rows.push(...(await measurePages(server, pages)))
  await server.stop()
  await database.drop()
  return rows
}
