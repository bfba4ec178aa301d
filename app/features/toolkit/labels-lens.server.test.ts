import { getDb } from '~/db.server'
import { makeBuyer, makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { readPdf } from '../../../tests/support/barcodes'
import { userIdOf, viewerFor } from '../../../tests/support/db'
import { placeTestOrder, stagesAfter, stagesBefore } from '../../../tests/support/orders'
import { kolkataDay } from '~/utils/format'
import { createRequest } from '../logistics/requests.server'
import { addressChoices, linkedOrderByCode } from '../logistics/linked-orders.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { toolkitHome } from './home.server'
import { labelsPage, labelsPdf } from './pages.server'

// Shipping labels go through the viewer's lens (docs/domain.md "Toolkit"): a label only for an order
// the viewer may open, and the buyer's name, address and phone only where its lens shows the buyer's
// addresses. Each role reads the label data and the PDF's text, looking for the buyer's markers.

const db = () => getDb()
const BUYER = 'Marker Buyer Textiles'
const BUYER_CITY = 'Ichalkaranji'
const BUYER_PHONE = '9833300011'
const markers = [BUYER, BUYER_CITY, BUYER_PHONE]
const codes = { soOwn: '', soForeign: '', trFirst: '', trLast: '', smp: '' }
let sellerEmail = ''

const url = (path: string, params: Record<string, string>) =>
  new URL(`http://localhost${path}?${new URLSearchParams(params)}`)
const pdfText = async (response: Response) =>
  (await readPdf(Buffer.from(await response.arrayBuffer()))).pages.map((p) => p.text).join('\n')
const statusOf = (run: () => Promise<unknown>) =>
  run().then(
    () => 200,
    (error: Response) => error.status,
  )
const ahead = (days: number) => kolkataDay(new Date(Date.now() + days * 86_400_000))

beforeAll(async () => {
  const staff = { userId: await userIdOf('internal@example.com') }
  const agent = await userIdOf('supplier_agent@example.com')
  const buyerId = await makeBuyer({ name: BUYER, status: 'active', contact_phone: BUYER_PHONE }, [
    { kind: 'shipping', city: BUYER_CITY, isDefault: true },
    { kind: 'billing', city: BUYER_CITY, isDefault: true },
  ])
  const own = await makeSeller({
    name: 'Marker Mills Own',
    status: 'active',
    agent_user_id: agent,
    contact_phone: '9811100022',
  })
  const foreign = await makeSeller({ name: 'Marker Mills Foreign', status: 'active', agent_user_id: null })
  for (const id of [own, foreign])
    await db()
      .insertInto('addresses')
      .values({
        seller_id: id,
        kind: 'pickup',
        line1: 'Plot 9, MIDC',
        city: 'Tarapur',
        state: 'Maharashtra',
        pin: '401506',
        is_default: 1,
      })
      .execute()
  const ownOrder = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [own], key: 'marker-own' })
  const foreignOrder = await placeTestOrder({
    userId: staff.userId,
    buyerId,
    sellerIds: [foreign],
    key: 'marker-foreign',
  })
  codes.soOwn = ownOrder.sellerOrders[0]!.code
  codes.soForeign = foreignOrder.sellerOrders[0]!.code
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(ownOrder.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, ownOrder.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
    await stagesAfter(ownOrder.sellerOrderId, step)
  }
  // Its first mile (pickup to warehouse), then its last mile (warehouse to the buyer): the latest is the buyer's.
  for (const type of ['first_mile', 'last_mile'] as const) {
    const order = (await linkedOrderByCode(db(), codes.soOwn))!
    const choices = await addressChoices(db(), type, order)
    const made = await createRequest(
      db(),
      staff,
      type,
      codes.soOwn,
      {
        fromAddressId: choices.from[0]!.id,
        toAddressId: choices.to[0]!.id,
        pickupOn: ahead(2),
        weight: 12_000,
        packages: 2,
      },
      `marker-${type}`,
    )
    if (!made.ok) throw new Error(made.message)
    codes[type === 'first_mile' ? 'trFirst' : 'trLast'] = made.value.code
  }
  const sample = await db().selectFrom('sample_orders').select('code').orderBy('id').executeTakeFirstOrThrow()
  codes.smp = sample.code
  sellerEmail = 'marker.seller@example.com'
  await makeCompanyUser('seller', own, sellerEmail)
})

/** The labels a viewer gets for each code alone: the label's text (page data), or null where it is refused. */
async function labelsFor(who: string) {
  const viewer = await viewerFor(who)
  const out: Record<string, string | null> = {}
  for (const [name, code] of Object.entries(codes)) {
    const page = await labelsPage(db(), viewer, url('/toolkit/labels', { codes: code }))
    out[name] = page.labels.length ? JSON.stringify(page.labels) : null
    if (!page.labels.length) expect(page.problems, `${who} ${name}`).toHaveLength(1)
  }
  return { viewer, out }
}

const hasNoBuyer = (text: string | null) => markers.every((m) => !text?.includes(m))

describe('shipping labels through the viewer’s lens', () => {
  it('a supplier agent labels its own seller’s move to the warehouse, without the buyer; nothing of another seller', async () => {
    const { viewer, out } = await labelsFor('supplier_agent')
    expect(out.soOwn).toContain('Marker Mills Own')
    expect(out.soOwn).toContain('Platform warehouse')
    expect(out.trFirst).toContain('Platform warehouse')
    expect(out.trLast).toBeNull()
    expect(out.soForeign).toBeNull()
    expect(out.smp).toBeNull()
    for (const text of Object.values(out)) expect(hasNoBuyer(text)).toBe(true)
    const pdf = await pdfText(
      await labelsPdf(
        db(),
        viewer,
        url('/toolkit/labels.pdf', { codes: `${codes.soOwn}\n${codes.trLast}\n${codes.soForeign}` }),
      ),
    )
    expect(pdf).toContain('Marker Mills Own')
    for (const marker of markers) expect(pdf).not.toContain(marker)
    expect(
      await statusOf(() =>
        labelsPdf(db(), viewer, url('/toolkit/labels.pdf', { codes: `${codes.soForeign} ${codes.trLast}` })),
      ),
    ).toBe(404)
  })

  it('a field operator and a catalog manager label nothing, and their home says so', async () => {
    for (const role of ['field_operator', 'catalog_manager']) {
      const { viewer, out } = await labelsFor(role)
      expect(
        Object.values(out).every((text) => text === null),
        role,
      ).toBe(true)
      expect(
        await statusOf(() =>
          labelsPdf(db(), viewer, url('/toolkit/labels.pdf', { codes: Object.values(codes).join(' ') })),
        ),
        role,
      ).toBe(404)
      const home = await toolkitHome(db(), viewer)
      expect(home.tools.map((t) => t.to)).toEqual([
        '/toolkit/labels',
        '/toolkit/price-label-generator',
        '/toolkit/utm',
        '/toolkit/images',
      ])
      expect(home.tools[0]!.forYou, role).toBe('You have no orders to label.')
    }
  })

  it('a seller labels its own seller order from its pickup to the warehouse, never the buyer', async () => {
    const { viewer, out } = await labelsFor(sellerEmail)
    expect(out.soOwn).toContain('Marker Mills Own')
    expect(out.trFirst).not.toBeNull()
    expect([out.trLast, out.soForeign, out.smp]).toEqual([null, null, null])
    for (const text of Object.values(out)) expect(hasNoBuyer(text)).toBe(true)
    const pdf = await pdfText(
      await labelsPdf(db(), viewer, url('/toolkit/labels.pdf', { codes: Object.values(codes).join(' ') })),
    )
    for (const marker of markers) expect(pdf).not.toContain(marker)
    expect((await toolkitHome(db(), viewer)).tools[0]!.forYou).toContain('your own seller orders')
  })

  it('logistics and the main portal, whose lenses show the buyer’s addresses, get the buyer’s name, address and phone', async () => {
    for (const role of ['logistics', 'internal']) {
      const { viewer, out } = await labelsFor(role)
      for (const marker of markers) expect(out.trLast, role).toContain(marker)
      expect(out.soOwn, role).toContain(BUYER)
      expect(out.soForeign, role).not.toBeNull()
      const pdf = await pdfText(await labelsPdf(db(), viewer, url('/toolkit/labels.pdf', { codes: codes.trLast })))
      for (const marker of markers) expect(pdf, role).toContain(marker)
    }
    // The main portal opens the transport requests, sample couriers included.
    expect((await labelsFor('internal')).out.smp).not.toBeNull()
  })
})
