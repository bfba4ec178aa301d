// Several processes, one database (issue #10): on SQLite here, and on PostgreSQL in npm test's
// second pass. The servers are real (node server.js on the built app) and share this file's database.
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db.server'
import { createPriceRequest } from '~/features/price-requests/mutations.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { makeBuyerSku } from './support/catalogue'
import { userIdOf } from './support/db'
import { startServer, type RunningServer } from './support/server'

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))

async function signIn(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password: 'demo-pass-2026' }),
    redirect: 'manual',
  })
  expect(res.status).toBe(302)
  return cookieOf(res).join('; ')
}

describe('two servers on one database', () => {
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    ;[a, b] = await Promise.all([startServer(), startServer()])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  it('a person signed in through one is recognised by the other', async () => {
    const cookie = await signIn(a, 'internal@example.com')
    const page = await fetch(`${b.url}/dashboard`, { headers: { cookie }, redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Isha Internal')
    // Signing out through the second ends the session for the first as well.
    const out = await fetch(`${b.url}/logout`, { method: 'POST', headers: { cookie }, redirect: 'manual' })
    expect(out.status).toBe(302)
    expect((await fetch(`${a.url}/dashboard`, { headers: { cookie }, redirect: 'manual' })).status).toBe(302)
  })

  it('two admins deciding one price request through different servers: exactly one wins, the other is told', async () => {
    const db = getDb()
    const skuId = await makeBuyerSku({ buyerId: 1, productSkuId: 1, priceMinor: 25_000 })
    const { idHash } = await startSession(db, await userIdOf('demand_kam@example.com'))
    const kam = (await loadViewer(db, idHash))!
    const created = await createPriceRequest(
      db,
      kam,
      { intent: 'create', buyerSkuId: skuId, proposedPrice: 27_500, reason: 'Dyes cost more' },
      { effectiveDates: true },
    )
    if (!created.ok) throw new Error(created.message)
    const id = created.value.id
    const [first, second] = await Promise.all([signIn(a, 'admin@example.com'), signIn(b, 'admin@example.com')])

    const path = `/admin/approvals/buyer_skus/pricing_requests/${id}`
    const decide = (server: RunningServer, cookie: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { cookie },
        body: new URLSearchParams({ intent: 'approve' }),
        redirect: 'manual',
      })
    const answers = await Promise.all([decide(a, first), decide(b, second)])
    expect(answers.map((r) => r.status)).toEqual([302, 302])
    // Each admin lands on the request's page and reads what happened to their decision.
    const pages = await Promise.all(
      answers.map(async (res, i) => {
        const server = i === 0 ? a : b
        const cookie = [i === 0 ? first : second, ...cookieOf(res)].join('; ')
        return (await fetch(`${server.url}${res.headers.get('location')}`, { headers: { cookie } })).text()
      }),
    )
    expect(pages.filter((html) => html.includes(`Request #${id} is approved: version 2 is added`))).toHaveLength(1)
    expect(pages.filter((html) => html.includes('This request is already approved (by'))).toHaveLength(1)
    const versions = await db
      .selectFrom('buyer_sku_versions')
      .select('number')
      .where('buyer_sku_id', '=', skuId)
      .execute()
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2])
    const approvals = await db
      .selectFrom('audit_events')
      .select('id')
      .where('entity_type', '=', 'price_request')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'price_request.approved')
      .execute()
    expect(approvals).toHaveLength(1)
  })
})

describe('WEB_CONCURRENCY=2', () => {
  it('serves from two workers, replaces one that dies, and stops cleanly on SIGTERM', async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2' })
    try {
      const workers = () =>
        execFileSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' })
          .trim()
          .split('\n')
          .filter(Boolean)
          .map(Number)
      const before = workers()
      expect(before).toHaveLength(2)
      process.kill(before[0], 'SIGKILL')
      const ended = `Worker ${before[0]} ended (SIGKILL); starting another.`
      let after = workers()
      // The replacement can be forked before the primary's stderr line has reached this process.
      for (
        let waited = 0;
        (after.length < 2 || after.includes(before[0]) || !server.output().includes(ended)) && waited < 10_000;
        waited += 100
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        after = workers()
      }
      expect(after).toHaveLength(2)
      expect(after).not.toContain(before[0])
      expect(server.output()).toContain(ended)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${server.url}/login`).then((r) => r.status)),
      )
      expect(new Set(answers)).toEqual(new Set([200]))
    } finally {
      const started = Date.now()
      await server.stop()
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(server.exitCode()).toBe(0)
    }
  })
})
