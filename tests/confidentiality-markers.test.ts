/// <reference types="vite/client" />
/**
 * Nobody reads what is not theirs, in any channel (issue 34, section 1), checked by what a user
 * receives rather than by field names: orders are driven through every state (the demo's, and
 * orders of our own with distinctive prices, costs and codes: tests/support/confidential-orders.ts);
 * then, as a user of every buyer and every seller that has orders, every page (its HTML and its
 * `.data`), every CSV and PDF (text extracted) it reaches and every e-mail addressed to its users
 * are searched for the other side's markers, as stored and as shown: for a seller, every buyer's
 * name, other sellers' names, buyer SKU codes, buyer prices, order values, invoice totals and
 * document numbers; for a buyer, every seller's name, seller SKU codes, the costs and margins of its
 * orders, and its seller orders (rejected or not). None may be found.
 */
import { getDb } from '~/db.server'
import { startSession } from '~/auth/session.server'
import { formatMoney } from '~/utils/format'
import { allRoutes } from './access/all'
import { loadBuiltApp, requestOf } from './access/http'
import { companyUserThroughUsersFeature, driveOrders, DRIVEN, type Driven } from './support/confidential-orders'
import { cookieFor } from './support/db'
import { buyerMarkers, sellerMarkers } from './support/confidential-markers'
import { MarkerFinder, textOfData, textOfHtml, textOfPdf } from './support/markers'

type Kind = 'buyer' | 'seller'
type Channel = 'page' | '.data' | 'csv' | 'pdf' | 'email'
interface Identity {
  kind: Kind
  companyId: number
  company: string
  email: string
  userId: number
}
interface Read {
  channel: Channel
  url: string
  status: number
  text: string
}

/** The companies with orders: the demo's (seed/orders.ts) and the driven orders' buyer. */
const COMPANIES = [
  ['buyer', 'Indigo Threads Retail'],
  ['buyer', 'Saffron Apparel Co'],
  ['buyer', 'Blue Lotus Fashions'],
  ['buyer', DRIVEN.buyer],
  // The boutiques not registered for GST (seed/b2c.ts, issue 52).
  ['buyer', 'Casa Tecido Boutique'],
  ['buyer', 'Kasturi Handloom Studio'],
  // Yarn through the Tiruppur warehouse under the Tamil Nadu registration (seed/tamil-nadu.ts, issue 52).
  ['buyer', 'Coastal Weaves Trading'],
  ['buyer', 'Cedar Apparel'],
  ['seller', 'Tiruppur Knit Works'],
  ['seller', 'Surat Silk Mills'],
  ['seller', 'Ludhiana Yarn Spinners'],
] as const

let handle: (request: Request) => Promise<Response>
let driven: Driven
let identities: Identity[]

/** Pages fetched per identity at most (the route list, its own records and the links they show). */
const MAX_READS = 700

beforeAll(async () => {
  ;({ handle } = await loadBuiltApp())
  // The demo's companies with orders get their users first, so the driven orders' e-mails reach them.
  await identitiesWithOrders()
  driven = await driveOrders()
  identities = await identitiesWithOrders()
}, 120_000)

/** One active user of every buyer with master orders and every seller with seller orders; a company without one gets one through the users feature. */
async function identitiesWithOrders(): Promise<Identity[]> {
  const db = getDb()
  const buyers = await db
    .selectFrom('buyers')
    .select(['id', 'name'])
    .where('id', 'in', db.selectFrom('master_orders').select('buyer_id'))
    .orderBy('id')
    .execute()
  const sellers = await db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where('id', 'in', db.selectFrom('seller_orders').select('seller_id'))
    .orderBy('id')
    .execute()
  const found: Identity[] = []
  for (const [kind, companies] of [
    ['buyer', buyers],
    ['seller', sellers],
  ] as const) {
    for (const company of companies) {
      const column = kind === 'buyer' ? 'users.buyer_id' : 'users.seller_id'
      let user = await db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select(['users.id', 'users.email'])
        .where(column, '=', company.id)
        .where('users.status', '=', 'active')
        .where('user_roles.role', '=', kind)
        .orderBy('users.id')
        .executeTakeFirst()
      // A company whose users were never e-mailed (the demo's Cedar Apparel: its users seeded, its orders
      // placed by staff) gets one too: its invitation is the company's e-mail to read.
      const mailed = await db
        .selectFrom('outbox_emails')
        .select('id')
        .where('to_address', 'in', db.selectFrom('users').select('email').where(column, '=', company.id))
        .executeTakeFirst()
      if (!user || !mailed) {
        const email = `desk.${kind}.${company.id}@markers.example`
        user = { id: await companyUserThroughUsersFeature(kind, company.id, `${company.name} Desk`, email), email }
      }
      found.push({ kind, companyId: company.id, company: company.name, email: user.email, userId: user.id })
    }
  }
  return found
}

const markersOf = (identity: Identity) =>
  identity.kind === 'buyer' ? buyerMarkers(identity.companyId) : sellerMarkers(identity.companyId)

// ---------- What an identity reads ----------

/** Its own records' pages, and the toolkit's label pages asked for every order code it might type (probes: they may answer not found). */
async function ownPaths(identity: Identity): Promise<{ records: string[]; probes: string[] }> {
  const db = getDb()
  const drivenCodes = [
    ...(await db.selectFrom('master_orders').select('code').where('id', 'in', driven.masterOrderIds).execute()).map(
      (r) => r.code,
    ),
    ...(
      await db
        .selectFrom('seller_orders')
        .select('code')
        .where('master_order_id', 'in', driven.masterOrderIds)
        .execute()
    ).map((r) => r.code),
    ...(
      await db
        .selectFrom('transport_requests')
        .select('code')
        .where('master_order_id', 'in', driven.masterOrderIds)
        .execute()
    ).map((r) => r.code),
  ]
  const labels = (codes: string[]) => {
    // Labels are costly to draw (barcodes): the driven orders' codes and a few of the identity's own.
    const query = new URLSearchParams({ codes: [...new Set(codes)].slice(0, 16).join('\n') })
    return [`/toolkit/labels?${query}`, `/toolkit/labels.pdf?${query}`]
  }
  if (identity.kind === 'buyer') {
    const orders = await db
      .selectFrom('master_orders')
      .select(['id', 'code'])
      .where('buyer_id', '=', identity.companyId)
      .orderBy('id')
      .execute()
    const samples = await db
      .selectFrom('sample_orders')
      .select('id')
      .where('buyer_id', '=', identity.companyId)
      .orderBy('id')
      .execute()
    const codes = (
      await db
        .selectFrom('buyer_skus')
        .select('buyer_code')
        .where('buyer_id', '=', identity.companyId)
        .orderBy('id')
        .limit(16)
        .execute()
    ).map((r) => r.buyer_code)
    return {
      records: [
        `/buyer/${identity.companyId}/company`,
        ...orders.map((o) => `/buyer/master_orders/${o.id}`),
        ...samples.map((s) => `/buyer/sample_orders/${s.id}`),
      ],
      probes: [
        // A buyer knows its master orders' codes (not the seller orders' codes, which it must not read).
        ...labels([...drivenCodes.filter((c) => !c.startsWith('SO-')), ...orders.map((o) => o.code)]),
        `/toolkit/price-label-generator?${new URLSearchParams({ codes: codes.join('\n') })}`,
        `/toolkit/price-label-generator.pdf?${new URLSearchParams({ codes: codes.join('\n') })}`,
      ],
    }
  }
  const orders = await db
    .selectFrom('seller_orders')
    .select(['master_order_id', 'code'])
    .where('seller_id', '=', identity.companyId)
    // Not the orders on credit hold: they are not sent to their sellers until released (docs/domain.md "Credit").
    .where('master_order_id', 'not in', db.selectFrom('master_orders').select('id').where('credit_hold', '=', 'held'))
    .orderBy('id')
    .execute()
  return {
    records: [
      `/seller/${identity.companyId}/company`,
      ...new Set(orders.map((o) => `/seller/master_orders/${o.master_order_id}`)),
    ],
    probes: labels([...drivenCodes, ...orders.map((o) => o.code)]),
  }
}

/** Downloads (CSV, PDF): read as they are, they have no `.data`. */
const FILE = /\.(csv|pdf)(\?|$)/
const STATIC = /\.(css|js|mjs|map|png|jpe?g|webp|gif|svg|ico|woff2?|txt|webmanifest)(\?|$)/
const dataUrlOf = (url: string) => {
  const u = new URL(url, 'http://localhost')
  return `${u.pathname === '/' ? '/_root' : u.pathname.replace(/\/$/, '')}.data${u.search}`
}

/** The internal links a page offers (its anchors; assets are not pages). */
function linksOf(html: string): string[] {
  const links: string[] = []
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = textOfHtml(match[1]!)
    if (!href.startsWith('/') || href.startsWith('//') || STATIC.test(href) || href.startsWith('/logout')) continue
    // The same rows in another order: read once, unsorted.
    if (/[?&](sort|dir)=/.test(href)) continue
    links.push(href.split('#')[0]!)
  }
  return links
}

/**
 * Everything the identity receives: every route's page (the access rules' paths) and its own
 * records, then every link those pages offer (CSV and PDF downloads among them), each page's HTML
 * and its `.data`; and every e-mail to its company's users.
 */
async function readAll(identity: Identity): Promise<{ reads: Read[]; own: string[]; capped: boolean }> {
  const { cookie } = await startSession(getDb(), identity.userId)
  const session = cookie.split(';')[0]!
  const { records: own, probes } = await ownPaths(identity)
  const queue = [...own, ...probes, ...Object.values(allRoutes()).map((rule) => rule.path)]
  const seen = new Set<string>()
  const reads: Read[] = []
  let fetched = 0
  while (queue.length && fetched < MAX_READS) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    fetched++
    if (!FILE.test(url)) {
      // A page's `.data` first: what its loader gives the browser. A refusal, a redirect or a missing
      // record is told there too (and its document would carry nothing more), so only a page that
      // answered is then read as a document.
      const data = await handle(requestOf(dataUrlOf(url), 'page', session))
      if (data.headers.get('Content-Type')?.startsWith('text/x-script')) {
        const raw = await data.text()
        const redirect = data.status === 202 && raw.match(/"redirect","([^"]*)"/)?.[1]
        if (redirect) {
          if (redirect.startsWith('/') && !redirect.startsWith('/login')) queue.push(redirect)
          continue
        }
        reads.push({
          channel: '.data',
          url: dataUrlOf(url),
          status: data.status,
          text: await textOfData(new Response(raw)),
        })
        if (data.status !== 200 || raw.includes('RouteErrorResponse')) continue
      } else await data.body?.cancel()
    }
    const response = await handle(requestOf(url, 'page', session))
    const type = response.headers.get('Content-Type') ?? ''
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location')
      if (location?.startsWith('/') && !location.startsWith('/login')) queue.push(location)
      await response.body?.cancel()
      continue
    }
    if (type.startsWith('application/pdf')) {
      reads.push({ channel: 'pdf', url, status: response.status, text: await textOfPdf(await response.arrayBuffer()) })
      continue
    }
    const body = await response.text()
    if (type.startsWith('text/csv')) {
      reads.push({ channel: 'csv', url, status: response.status, text: body })
      continue
    }
    reads.push({
      channel: 'page',
      url,
      status: response.status,
      text: type.startsWith('text/html') ? textOfHtml(body) : body,
    })
    if (response.status === 200 && type.startsWith('text/html'))
      queue.push(...linksOf(body).filter((link) => !seen.has(link)))
  }
  reads.push(...(await emailsOf(identity)))
  return { reads, own, capped: queue.some((url) => !seen.has(url)) }
}

/** What the identity owns and must find in what it reads: its name, and in the driven orders its own codes, prices and costs. */
function ownMarkers(identity: Identity): string[] {
  const shown = (minor: number) => formatMoney(minor).slice(1)
  const [first, second] = DRIVEN.lines
  const driven: Record<string, string[]> = {
    [DRIVEN.buyer]: [
      first!.buyerCode,
      second!.buyerCode,
      shown(first!.priceMinor),
      String(first!.priceMinor),
      shown(second!.priceMinor),
    ],
    'Tiruppur Knit Works': [DRIVEN.counterCost],
    'Surat Silk Mills': [shown(DRIVEN.takerCostMinor)],
    'Ludhiana Yarn Spinners': [DRIVEN.rejectReason],
  }
  return [identity.company, ...(driven[identity.company] ?? [])]
}

/** Every e-mail to a user of the identity's company. */
async function emailsOf(identity: Identity): Promise<Read[]> {
  const db = getDb()
  const column = identity.kind === 'buyer' ? 'buyer_id' : 'seller_id'
  const addresses = (await db.selectFrom('users').select('email').where(column, '=', identity.companyId).execute()).map(
    (u) => u.email,
  )
  const mails = await db
    .selectFrom('outbox_emails')
    .select(['id', 'to_address', 'subject', 'body_text'])
    .where('to_address', 'in', addresses)
    .orderBy('id')
    .execute()
  return mails.map((mail) => ({
    channel: 'email' as const,
    url: `outbox_emails #${mail.id} to ${mail.to_address}`,
    status: 200,
    text: `${mail.subject}\n${mail.body_text}`,
  }))
}

const who = (identity: Identity) => `${identity.kind} ${identity.company} (${identity.email})`

/** Each marker found, as identity / channel / URL / marker. */
function findingsIn(identity: Identity, reads: Read[], finder: MarkerFinder): string[] {
  const found: string[] = []
  for (const read of reads)
    for (const marker of finder.find(read.text))
      if (!marker.vocabularyAt?.test(read.url))
        found.push(`${who(identity)} / ${read.channel} / ${read.url} / ${marker.what}: "${marker.text}"`)
  return found
}

// ---------- The tests ----------

describe('the finder', () => {
  it('finds a planted marker wherever the text carries it, and not inside a longer number', async () => {
    const finder = new MarkerFinder([
      { text: 'Marigold Couture House', what: 'buyer name' },
      { text: '7,391.37', what: 'buyer price' },
      { text: '739137', what: 'buyer price as stored' },
      { text: 'INV/26-27/000031', what: 'invoice number' },
    ])
    const html = textOfHtml(
      '<li>Invoice <!-- -->INV/26-27/000031<!-- --> raised, total ₹<!-- -->7,391.37</li><td>MARIGOLD COUTURE HOUSE</td>',
    )
    expect(
      finder
        .find(html)
        .map((m) => m.what)
        .sort(),
    ).toEqual(['buyer name', 'buyer price', 'invoice number'])
    expect(finder.find('Rs. 7,391.37 due; 7391.37')).toHaveLength(1)
    expect(finder.find('{"unitPriceMinor":739137}')).toEqual([{ text: '739137', what: 'buyer price as stored' }])
    // Inside longer numbers it is something else.
    expect(finder.find('17,391.37 and 7,391.375 and 1739137 and 7391370')).toEqual([])
    expect(finder.find(textOfHtml('Marigold Couture House&#x27;s order'))).toHaveLength(1)
    expect(finder.find(textOfHtml('Marigold &amp; Couture House'))).toEqual([])
  })

  it('the `.data` reader sees every string and number of a page, so an amount in a field is found', async () => {
    const { cookie } = await startSession(getDb(), driven.buyerUserId)
    const response = await handle(
      requestOf(`/buyer/master_orders/${driven.masterOrderIds[0]}`, 'data', cookie.split(';')[0]!),
    )
    expect(response.status).toBe(200)
    const text = await textOfData(response)
    const own = new MarkerFinder([
      { text: DRIVEN.buyer, what: 'its own name' },
      { text: DRIVEN.lines[0]!.buyerCode, what: 'its own code' },
      { text: String(DRIVEN.lines[0]!.priceMinor), what: 'its own price, as stored' },
    ])
    expect(
      own
        .find(text)
        .map((m) => m.what)
        .sort(),
    ).toEqual(['its own code', 'its own name', 'its own price, as stored'])
  })

  it('staff read the driven order with its buyer, sellers, prices and costs: the markers are the real ones', async () => {
    const response = await handle(
      requestOf(`/master_orders/${driven.masterOrderIds[0]}`, 'page', await cookieFor('admin@example.com')),
    )
    expect(response.status).toBe(200)
    const text = textOfHtml(await response.text())
    const seller = new MarkerFinder(await sellerMarkers(driven.sellerIds.maker))
    const buyer = new MarkerFinder(await buyerMarkers(driven.buyerId))
    const sellerSees = seller.find(text).map((m) => m.text)
    const buyerSees = buyer.find(text).map((m) => m.text)
    expect(sellerSees).toEqual(
      expect.arrayContaining([DRIVEN.buyer, formatMoney(DRIVEN.lines[0]!.priceMinor).slice(1)]),
    )
    expect(buyerSees).toEqual(expect.arrayContaining(['Tiruppur Knit Works', 'Surat Silk Mills', DRIVEN.counterCost]))
  })

  it('another seller order’s needed-by and the state it gives the order are markers for the seller whose own is delivered (issue 51)', async () => {
    const db = getDb()
    const split = driven.masterOrderIds[2]!
    const order = await db
      .selectFrom('master_orders')
      .select(['status', 'required_by'])
      .where('id', '=', split)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'in_qc', required_by: DRIVEN.siblingNeededBy() })
    // The sibling's day is no other line's: finding it anywhere is the sibling's date leaking.
    const sameDay = await db
      .selectFrom('sub_orders')
      .select('master_order_id')
      .where('required_by', '=', DRIVEN.siblingNeededBy())
      .execute()
    expect(sameDay).toEqual([{ master_order_id: split }])
    const markers = new MarkerFinder(await sellerMarkers(driven.sellerIds.maker))
    // Staff read both on the order's page: the markers are the real ones.
    const response = await handle(requestOf(`/master_orders/${split}`, 'page', await cookieFor('admin@example.com')))
    expect(response.status).toBe(200)
    const found = markers.find(textOfHtml(await response.text())).map((m) => m.what)
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^needed-by of a line of SO-.*another seller's \(as shown\)$/),
        expect.stringMatching(/^status of MO-.* \(all its seller orders'\)$/),
      ]),
    )
  })
})

describe('every buyer and seller with orders', () => {
  it('an e-mail planted for a seller’s user with the buyer’s name and price is found, and reported as such', async () => {
    const seller = identities.find((i) => i.company === 'Tiruppur Knit Works')!
    const db = getDb()
    const planted = await db
      .insertInto('outbox_emails')
      .values({
        to_address: seller.email,
        subject: 'Planted',
        body_text: `For ${DRIVEN.buyer}: ₹${formatMoney(DRIVEN.lines[0]!.priceMinor).slice(1)} a metre`,
        kind: 'test.planted',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    try {
      const found = findingsIn(seller, await emailsOf(seller), new MarkerFinder(await sellerMarkers(seller.companyId)))
      expect(found).toEqual([
        `${who(seller)} / email / outbox_emails #${planted.id} to ${seller.email} / buyer name: "${DRIVEN.buyer}"`,
        expect.stringMatching(
          new RegExp(
            `^${who(seller).replace(/[().]/g, '\\$&')} / email / outbox_emails #${planted.id} .* / buyer price .*: "7,391.37"$`,
          ),
        ),
      ])
    } finally {
      await db.deleteFrom('outbox_emails').where('id', '=', planted.id).execute()
    }
  })

  it('the driven orders reached every state and every company with orders has a user', async () => {
    const db = getDb()
    const statuses = await db
      .selectFrom('seller_orders')
      .select(['seller_id', 'status', 'moved_to_id'])
      .where('master_order_id', 'in', driven.masterOrderIds)
      .orderBy('id')
      .execute()
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'cancelled',
      'delivered',
      'delivered',
      'delivered',
      'pending_approval',
      'ready_for_qc',
      'rejected',
    ])
    expect(statuses.find((s) => s.status === 'rejected')?.moved_to_id).not.toBeNull()
    const invoices = await db
      .selectFrom('buyer_invoices')
      .select(['status', 'paid_minor', 'credited_minor'])
      .where('id', 'in', driven.invoiceIds)
      .orderBy('id')
      .execute()
    expect(invoices.map((i) => [i.status, Number(i.paid_minor) > 0, Number(i.credited_minor) > 0])).toEqual([
      ['settled', true, false],
      ['open', false, true],
    ])
    expect(identities.map((i) => i.company)).toEqual(
      expect.arrayContaining([
        DRIVEN.buyer,
        'Indigo Threads Retail',
        'Tiruppur Knit Works',
        'Ludhiana Yarn Spinners',
        'Surat Silk Mills',
      ]),
    )
  })

  // One test per company with orders (the demo's, and the driven orders' buyer); the test below
  // checks that this list is every company with orders.
  for (const [kind, company] of COMPANIES) {
    it(`a ${kind} user of ${company} reads none of the other side’s markers in any page, .data, CSV, PDF or e-mail`, async () => {
      const identity = identities.find((i) => i.kind === kind && i.company === company)
      expect(identity, `no ${kind} ${company} with orders`).toBeDefined()
      const { reads, own, capped } = await readAll(identity!)
      // Its own pages were read: answered 200 with something in them.
      for (const url of own) {
        const page = reads.find((r) => r.url === url)
        expect(page?.status, `${who(identity!)}: ${url}`).toBe(200)
        expect(page!.text.length).toBeGreaterThan(200)
      }
      expect(capped, `${who(identity!)} reached more than ${MAX_READS} pages`).toBe(false)
      // It read every channel, and what it owns is found in what it read: the reading and the finder see real content.
      expect(new Set(reads.map((r) => r.channel))).toEqual(new Set(['page', '.data', 'csv', 'pdf', 'email']))
      const owned = new MarkerFinder(ownMarkers(identity!).map((text) => ({ text, what: 'its own' })))
      const seenOwn = new Set(reads.flatMap((r) => owned.find(r.text).map((m) => m.text)))
      expect([...seenOwn].sort()).toEqual(owned.markers.map((m) => m.text).sort())
      const finder = new MarkerFinder(await markersOf(identity!))
      expect(finder.markers.length).toBeGreaterThan(50)
      const found = findingsIn(identity!, reads, finder)
      expect(found, found.join('\n')).toEqual([])
    }, 120_000)
  }

  it('every buyer and seller with orders has its test above', () => {
    expect(identities.map((i) => `${i.kind} ${i.company}`).sort()).toEqual(
      COMPANIES.map(([kind, company]) => `${kind} ${company}`).sort(),
    )
  })
})
