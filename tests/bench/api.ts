// The integration API's reads against the same pages' HTML (issue 40), on the orders bench's data
// (tests/bench/orders.ts: the demo and SCALE_ORDERS master orders) and server: the buyer's order list
// and one order, as JSON through a token and as the buyer's pages through a session; p50/p95 of 100
// requests each, then throughput with 50 connections in interleaved rounds (the median kept).
import type { Database } from '#db/database'
import { newApiToken } from '~/auth/api-tokens.server'
import { atLeast } from './budgets'
import { throughput } from './overhead'
import { time } from './server'

const fmt = (n: number) => n.toFixed(1)
/** The API's JSON of a page's rows should cost no more than the page that renders them. */
const SHARE_BUDGET = 1

export async function benchApiReads(db: Database, url: string, buyerCookie: string): Promise<string[]> {
  const rows: string[] = []
  const buyer = await db
    .selectFrom('users')
    .select(['id', 'buyer_id'])
    .where('email', '=', 'buyer@example.com')
    .executeTakeFirstOrThrow()
  const { token, hash, prefix } = newApiToken()
  await db
    .insertInto('api_tokens')
    .values({
      user_id: buyer.id,
      name: 'bench',
      token_hash: hash,
      prefix,
      scopes: JSON.stringify(['orders:read']),
      created_by: buyer.id,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute()
  const order = await db
    .selectFrom('master_orders')
    .select('id')
    .where('buyer_id', '=', buyer.buyer_id!)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const bearer = `Bearer ${token}`
  const pairs: [label: string, api: string, page: string][] = [
    ['the buyer’s orders, newest first (25 rows)', '/api/v1/master-orders?limit=25', '/buyer/master_orders'],
    ['one order', `/api/v1/master-orders/${order.id}`, `/buyer/master_orders/${order.id}`],
  ]
  for (const [label, api, page] of pairs) {
    const apiCheck = await fetch(url + api, { headers: { authorization: bearer } })
    if (apiCheck.status !== 200) throw new Error(`${api} answered ${apiCheck.status}: ${await apiCheck.text()}`)
    const apiTime = await time(100, () =>
      fetch(url + api, { headers: { authorization: bearer } }).then((r) => r.text()),
    )
    const pageTime = await time(100, () =>
      fetch(url + page, { headers: { cookie: buyerCookie } }).then((r) => r.text()),
    )
    const runs = { api: [] as number[], page: [] as number[] }
    for (let round = 0; round < 3; round++) {
      runs.api.push((await throughput(url + api, { authorization: bearer }, 10)).rps)
      runs.page.push((await throughput(url + page, { cookie: buyerCookie }, 10)).rps)
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]
    const share = median(runs.api) / median(runs.page)
    atLeast(`API throughput of ${label} against its page`, share * 100, SHARE_BUDGET * 100, '%')
    rows.push(
      `GET ${api} against GET ${page} (${label}): p50 ${fmt(apiTime.p50)} / ${fmt(pageTime.p50)} ms, p95 ${fmt(apiTime.p95)} / ${fmt(pageTime.p95)} ms; throughput (50 connections, 3 rounds of 10 s, median) ${median(runs.api).toFixed(0)} / ${median(runs.page).toFixed(0)} req/s = ${(share * 100).toFixed(0)} % of the page`,
    )
  }
  return rows
}
