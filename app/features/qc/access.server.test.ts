import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import sharp from 'sharp'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller, makeStaffUser } from '../../../tests/support/companies'
import { cookieFor, userIdOf } from '../../../tests/support/db'
import { formOf, placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { demoValue } from '../../../seed/qc'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { operatorInspection } from './field.server'
import { scheduleInspection } from './schedule.server'
import { menusOf } from '../../../tests/access/http'

// Through the built app, as a phone asks: another operator's inspection answers 404 to the page, its
// `.data` and a POST alike; a QC photo is found by the approvers and its operator only; the field
// pages carry no React runtime and weigh at most 20 KB (HTML and CSS, compressed).

let handle: (request: Request) => Promise<Response>
const ids = { a: 0, b: 0, photo: 0 }
const cookies: Record<string, string> = {}

async function inspectionFor(operatorId: number, buyerId: number, sellerId: number, slot: string) {
  const db = getDb()
  const staff = { userId: await userIdOf('biz_ops@example.com') }
  const order = await placeTestOrder({
    userId: await userIdOf('internal@example.com'),
    buyerId,
    sellerIds: [sellerId],
    key: `qc-access-${slot}`,
  })
  for (const step of ['approve', 'start_production', 'ready_for_qc'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    await takeSellerOrderStep(db, staff, order.sellerOrderId, step)
  }
  const done = await scheduleInspection(db, staff, order.sellerOrderId, { day: kolkataDay(), slot, operatorId })
  if (!done.ok) throw new Error(done.message)
  return done.value.id
}

beforeAll(async () => {
  if (!fs.existsSync(path.resolve('build/index.js'))) throw new Error('run `npm run build` first')
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  const context = { clientIp: '127.0.0.1', menus: menusOf(build) }
  handle = (request) => handler(request, context)
  const buyerId = await makeBuyer({ name: 'Field Access Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Erode', isDefault: true },
    { kind: 'billing', city: 'Erode', isDefault: true },
  ])
  const sellerId = await makeSeller({ name: 'Field Access Mills', status: 'active' })
  const a = await makeStaffUser('field_operator', 'field.a@example.com', 'Field A')
  const b = await makeStaffUser('field_operator', 'field.b@example.com', 'Field B')
  ids.a = await inspectionFor(a, buyerId, sellerId, '09:00')
  ids.b = await inspectionFor(b, buyerId, sellerId, '11:00')
  cookies.a = await cookieFor('field.a@example.com')
  cookies.b = await cookieFor('field.b@example.com')
  cookies.ops = await cookieFor('biz_ops@example.com')
  cookies.seller = await cookieFor('seller@example.com')
  // Operator A adds a photo through the form (review step), as a phone sends it.
  const viewerA = {
    userId: a,
    email: '',
    name: '',
    phone: null,
    roles: ['field_operator' as const],
    company: null,
    sessionIdHash: '',
  }
  const inspectionA = (await operatorInspection(getDb(), viewerA, ids.a))!
  const fields: Record<string, string> = { intent: 'review', notes: 'x', owner: inspectionA.ownerToken }
  for (const line of inspectionA.lines) {
    for (const c of line.conditions) fields[`value.${line.id}.${c.id}`] = demoValue(c)
    // Fabric is inspected by 4 points (issue 39): one clean roll.
    fields[`roll.${line.id}.0.length`] = '50'
    fields[`roll.${line.id}.0.width`] = '147'
    fields[`line.${line.id}.accepted`] = line.quantity
  }
  const form = formOf(fields)
  form.append(
    'photos',
    new File(
      [
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
          .png()
          .toBuffer(),
      ],
      'gate.png',
      { type: 'image/png' },
    ),
  )
  expect((await post(`/field_operator/orders/${ids.a}`, cookies.a!, form)).status).toBe(302)
  ids.photo = (
    await getDb().selectFrom('qc_photos').select('id').where('inspection_id', '=', ids.a).executeTakeFirstOrThrow()
  ).id
})

const get = (url: string, cookie: string) => handle(new Request(`http://localhost${url}`, { headers: { cookie } }))
const post = (url: string, cookie: string, body: FormData) =>
  handle(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { cookie, Origin: 'http://localhost', Host: 'localhost' },
      body,
    }),
  )

describe('the field operator’s pages', () => {
  it('answer 404 to another operator: page, .data and POST; the own one opens', async () => {
    for (const [cookie, own, foreign] of [
      [cookies.a!, ids.a, ids.b],
      [cookies.b!, ids.b, ids.a],
    ] as const) {
      expect((await get(`/field_operator/orders/${own}`, cookie)).status).toBe(200)
      expect((await get(`/field_operator/orders/${foreign}`, cookie)).status).toBe(404)
      expect((await get(`/field_operator/orders/${foreign}.data`, cookie)).status).toBe(404)
      expect(
        (await post(`/field_operator/orders/${foreign}`, cookie, formOf({ intent: 'submit', key: 'x' }))).status,
      ).toBe(404)
    }
    expect(
      await getDb().selectFrom('qc_inspections').select('status').where('id', 'in', [ids.a, ids.b]).execute(),
    ).toEqual([{ status: 'scheduled' }, { status: 'scheduled' }])
  })

  it('a QC photo is for the approvers and its operator; others find nothing', async () => {
    const photo = `/qc_photos/${ids.photo}`
    const own = await get(photo, cookies.a!)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/jpeg')
    expect((await get(`${photo}?size=thumb`, cookies.ops!)).status).toBe(200)
    expect((await get(photo, cookies.b!)).status).toBe(404)
    expect((await get(photo, cookies.seller!)).status).toBe(404)
  })

  it('carry no React runtime and weigh at most 20 KB compressed with their stylesheet', async () => {
    for (const url of ['/field_operator/orders', `/field_operator/orders/${ids.a}`]) {
      const html = await (await get(url, cookies.a!)).text()
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts).toEqual(['<script src="/field.js" defer=""></script>'.replace('</script>', '')])
      const css = html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!
      const cssBytes = fs.readFileSync(path.join('public', css))
      const weight = zlib.gzipSync(html).byteLength + zlib.gzipSync(cssBytes).byteLength
      expect(weight).toBeLessThan(20 * 1024)
    }
  })

  // 5 KiB until issue 39; the verdicts worked out on the phone (live and offline, by the plans the page serves) add about 1 KiB;
  // issue 51's roll tags checked as typed and the proposal less the rolls over the limit about half a KiB.
  it('the field script and its service worker travel in under 7 KiB (compressed, as served)', () => {
    const bytes = ['public/field.js', 'public/field-sw.js'].map(
      (file) => zlib.gzipSync(fs.readFileSync(file)).byteLength,
    )
    expect(bytes[0] + bytes[1]).toBeLessThan(7 * 1024)
  })
})
