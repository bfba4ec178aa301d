import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { getDb } from '~/db.server'
import { makeSampleSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeCompanyUser } from '../../../tests/support/companies'
import { cookieFor, userIdOf } from '../../../tests/support/db'
import { addSampleLine, placeSampleCart, saveSampleCart } from './cart.server'
import { menusOf } from '../../../tests/access/http'

// Through the built app, as a browser asks: another buyer's sample order, or one of a buyer a KAM
// does not manage, answers 404 to the page, its `.data` and a POST alike; the buyer's own `.data`
// holds no internal note, requester or stock.

let handle: (request: Request) => Promise<Response>
const ids = { orderA: 0, orderB: 0 }
const cookies: Record<string, string> = {}

async function requestFor(buyerId: number, note: string) {
  const db = getDb()
  const user = { userId: await userIdOf('internal@example.com') }
  const added = await addSampleLine(db, user, buyerId, await makeSampleSku({ stock: 9 }))
  if (!added.ok) throw new Error(added.message)
  const shipTo = (
    await db
      .selectFrom('addresses')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('kind', '=', 'shipping')
      .executeTakeFirstOrThrow()
  ).id
  await saveSampleCart(db, user, buyerId, { shipTo, note, lines: [{ id: added.value.lineId, quantity: '1' }] })
  const placed = await placeSampleCart(db, user, buyerId, crypto.randomUUID())
  if (!placed.ok) throw new Error(placed.message)
  return placed.value.id
}

beforeAll(async () => {
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
  if (!fs.existsSync(path.resolve('build/index.js'))) throw new Error('run `npm run build` first')
  const handler = createRequestHandler(build, 'production')
  const context = { clientIp: '127.0.0.1', menus: menusOf(build) }
  handle = (request) => handler(request, context)
  const kam = await userIdOf('demand_kam@example.com')
  const addresses = [{ kind: 'shipping' as const, city: 'Pune', isDefault: true }]
  const buyerA = await makeBuyer({ name: 'Idor Samples A', status: 'active', kam_user_id: kam }, addresses)
  const buyerB = await makeBuyer({ name: 'Idor Samples B', status: 'active', kam_user_id: null }, addresses)
  ids.orderA = await requestFor(buyerA, 'Internal: A’s range review')
  ids.orderB = await requestFor(buyerB, 'Internal: B’s range review')
  await makeCompanyUser('buyer', buyerA, 'idor.samples.a@example.com')
  await makeCompanyUser('buyer', buyerB, 'idor.samples.b@example.com')
  cookies.a = await cookieFor('idor.samples.a@example.com')
  cookies.b = await cookieFor('idor.samples.b@example.com')
  cookies.kam = await cookieFor('demand_kam@example.com')
})

const get = (url: string, cookie: string) => handle(new Request(`http://localhost${url}`, { headers: { cookie } }))
const post = (url: string, cookie: string, body: string) =>
  handle(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: {
        cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost',
        Host: 'localhost',
      },
      body,
    }),
  )

describe('sample orders out of scope', () => {
  it('answer 404 to another buyer and to a KAM outside its buyers: page, .data and POST', async () => {
    const cases: [who: string, cookie: string, base: string, own: number, foreign: number][] = [
      ['buyer A', cookies.a!, '/buyer/sample_orders', ids.orderA, ids.orderB],
      ['buyer B', cookies.b!, '/buyer/sample_orders', ids.orderB, ids.orderA],
      ['the KAM of buyer A', cookies.kam!, '/demand_kam/sample_orders', ids.orderA, ids.orderB],
    ]
    for (const [who, cookie, base, own, foreign] of cases) {
      expect((await get(`${base}/${own}`, cookie)).status, who).toBe(200)
      expect((await get(`${base}/${foreign}`, cookie)).status, who).toBe(404)
      expect((await get(`${base}/${foreign}.data`, cookie)).status, who).toBe(404)
      expect((await post(`${base}/${foreign}`, cookie, 'intent=approve&form=approve')).status, who).toBe(404)
      expect((await get(`/redirect/sample_orders/${foreign}`, cookie)).status, who).toBe(404)
    }
    // Nothing moved.
    const statuses = await getDb()
      .selectFrom('sample_orders')
      .select('status')
      .where('id', 'in', [ids.orderA, ids.orderB])
      .execute()
    expect(statuses.map((s) => s.status)).toEqual(['requested', 'requested'])
  })

  it('give the buyer its own order without the internal note, the requester or stock', async () => {
    const data = await (await get(`/buyer/sample_orders/${ids.orderA}.data`, cookies.a!)).text()
    expect(data).toContain('Idor Samples A')
    for (const hidden of ['range review', 'Isha Internal', 'requestedBy', 'kamName', 'stock'])
      expect(data).not.toContain(hidden)
    const list = await (await get('/buyer/sample_orders.data', cookies.a!)).text()
    for (const hidden of ['Isha Internal', 'requestedBy', 'Idor Samples B']) expect(list).not.toContain(hidden)
    // The buyer cannot take a staff step on its own order either.
    expect((await post(`/buyer/sample_orders/${ids.orderA}`, cookies.a!, 'intent=approve&form=approve')).status).toBe(
      404,
    )
  })
})
