import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { getDb } from '~/db.server'
import { makeSampleSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeStaffUser } from '../../../tests/support/companies'
import { cookieFor, userIdOf } from '../../../tests/support/db'
import { addSampleLine, placeSampleCart, saveSampleCart } from './cart.server'
import { menusOf } from '../../../tests/access/http'

// The internal user who requested a sample order opens it in the main portal, read-only: from the
// samples cart's list of its requests and through /redirect/sample_orders/{id}. Another internal user,
// who did not request it, finds nothing (404), and nobody can post to the page.

let handle: (request: Request) => Promise<Response>
const cookies: Record<string, string> = {}
let orderId = 0
let code = ''

beforeAll(async () => {
  if (!fs.existsSync(path.resolve('build/index.js'))) throw new Error('run `npm run build` first')
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  const context = { clientIp: '127.0.0.1', menus: menusOf(build) }
  handle = (request) => handler(request, context)
  const db = getDb()
  const requester = { userId: await userIdOf('internal@example.com') }
  const buyerId = await makeBuyer({ name: 'Requester Samples Buyer', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
  ])
  const added = await addSampleLine(db, requester, buyerId, await makeSampleSku({ stock: 9 }))
  if (!added.ok) throw new Error(added.message)
  const shipTo = (
    await db
      .selectFrom('addresses')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('kind', '=', 'shipping')
      .executeTakeFirstOrThrow()
  ).id
  await saveSampleCart(db, requester, buyerId, {
    shipTo,
    note: 'For the autumn range review',
    lines: [{ id: added.value.lineId, quantity: '2' }],
  })
  const placed = await placeSampleCart(db, requester, buyerId, crypto.randomUUID())
  if (!placed.ok) throw new Error(placed.message)
  orderId = placed.value.id
  code = (await db.selectFrom('sample_orders').select('code').where('id', '=', orderId).executeTakeFirstOrThrow()).code
  await makeStaffUser('internal', 'internal.other@example.com', 'Other Internal')
  cookies.requester = await cookieFor('internal@example.com')
  cookies.other = await cookieFor('internal.other@example.com')
  cookies.admin = await cookieFor('admin@example.com')
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

describe('the requester’s sample order page', () => {
  it('opens to the requester, linked from its samples cart and its redirect, with no step to take', async () => {
    const page = await get(`/sample_orders/${orderId}`, cookies.requester!)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`Sample order ${code}`)
    expect(html).toContain('Requester Samples Buyer')
    expect(html).toContain('For the autumn range review')
    // Read-only: the KAM and business operations take the steps.
    for (const step of ['Approve', 'Reject', 'Dispatch']) expect(html).not.toContain(`aria-label="${step} ${code}"`)
    expect((await post(`/sample_orders/${orderId}`, cookies.requester!, 'intent=approve&form=approve')).status).toBe(
      405,
    )
    expect(
      (await getDb().selectFrom('sample_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
        .status,
    ).toBe('requested')

    const cart = await (await get('/samples_order_cart', cookies.requester!)).text()
    expect(cart).toContain(`href="/sample_orders/${orderId}"`)
    const redirect = await get(`/redirect/sample_orders/${orderId}`, cookies.requester!)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`/sample_orders/${orderId}`)
    // An admin follows it to its own portal's page, where it may act.
    expect((await get(`/redirect/sample_orders/${orderId}`, cookies.admin!)).headers.get('location')).toBe(
      `/admin/sample_orders/${orderId}`,
    )
  })

  it('is not found for another internal user, who did not request it: page, .data and redirect', async () => {
    expect((await get(`/sample_orders/${orderId}`, cookies.other!)).status).toBe(404)
    expect((await get(`/sample_orders/${orderId}.data`, cookies.other!)).status).toBe(404)
    expect((await get(`/redirect/sample_orders/${orderId}`, cookies.other!)).status).toBe(404)
    const cart = await (await get('/samples_order_cart', cookies.other!)).text()
    expect(cart).not.toContain(code)
  })
})
