import type { TransportType } from '#db/types'
import { dayEwayJson } from '~/features/logistics/pages.server'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { isValidGstin } from '~/utils/gstin'
import { createBooking } from '~/features/logistics/bookings.server'
import { consignments, ewayBillEntry, ewayProblems } from '~/features/logistics/eway-bill.server'
import { addressChoices, linkedOrderByCode } from '~/features/logistics/linked-orders.server'
import { createRequest } from '~/features/logistics/requests.server'
import { makeBuyer, makeSeller } from '../../tests/support/companies'
import { userIdOf } from '../../tests/support/db'
import { passStages, placeTestOrder, stagesBefore } from '../../tests/support/orders'
import { takeSellerOrderStep } from './seller-orders.server'
import { issueCreditNote } from './settlements.server'
import { takeBookingStep } from './shipments.server'

// A registration per state (issue 52, docs/domain.md "Registrations per state"): goods leaving a
// warehouse go under the registration of its state (GSTIN, tax against the place of supply, its own
// series); goods straight from the mill under the home one. Read back from the database.

const HOME = '27AABCS1429B1ZU'
const TN = '33AABCS1429B1Z1'
let staff: { userId: number }
let buyerId: number
let sellerId: number
let counter = 0
const db = () => getDb()
const DAY = 86_400_000
const where = {
  'Tamil Nadu': { city: 'Coimbatore', pin: '641001' },
  Maharashtra: { city: 'Pune', pin: '411001' },
  Karnataka: { city: 'Bengaluru', pin: '560001' },
} as const
type State = keyof typeof where

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  // The demo seed adds Tamil Nadu's; a bare database has the home one from the migration only.
  await db()
    .insertInto('gst_registrations')
    .values({
      state_code: '33',
      gstin: TN,
      legal_name: 'Sourcing Platform Private Limited',
      trade_name: 'Sourcing Platform',
      line1: 'Plot 6, SIDCO Industrial Estate',
      city: 'Tiruppur',
      state: 'Tamil Nadu',
      pin: '641607',
      series_code: 'TN',
    })
    .onConflict((oc) => oc.column('state_code').doNothing())
    .execute()
  buyerId = await makeBuyer({ name: 'Registration Garments', status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Coimbatore', isDefault: true },
    { kind: 'billing', city: 'Coimbatore', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Registration Mills', status: 'active', contact_phone: '9812345672' })
  await db()
    .insertInto('addresses')
    .values({ seller_id: sellerId, kind: 'pickup', line1: 'Plot 9', city: 'Surat', state: 'Gujarat', pin: '395003' })
    .execute()
})

/** A seller order passed at QC, shipping to a buyer in `state`, its product with warehouses in Tiruppur, Bhiwandi and Hubli. */
async function readyOrder(state: State) {
  const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: `gr-${++counter}` })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  await passStages(order.sellerOrderId, 'last')
  const so = await db()
    .selectFrom('seller_orders as so')
    .innerJoin('sub_orders as l', 'l.seller_order_id', 'so.id')
    .innerJoin('product_skus as ps', 'ps.id', 'l.product_sku_id')
    .select(['so.id', 'so.code', 'so.master_order_id', 'ps.product_id'])
    .where('so.id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  const address = JSON.stringify({ line1: '1 Mill Road', city: where[state].city, state, pin: where[state].pin })
  await db()
    .updateTable('master_orders')
    .set({ ship_to_json: address, bill_to_json: address })
    .where('id', '=', so.master_order_id)
    .execute()
  await db()
    .insertInto('addresses')
    .values(
      [
        ['Tiruppur', 'Tamil Nadu', '641607'],
        ['Bhiwandi', 'Maharashtra', '421302'],
        ['Hubli', 'Karnataka', '580030'],
      ].map(([city, st, pin]) => ({
        product_id: so.product_id,
        kind: 'warehouse' as const,
        label: `Warehouse, ${city}`,
        line1: 'Plot 1',
        city: city!,
        state: st!,
        pin: pin!,
      })),
    )
    .execute()
  return so
}

/** A booked move of the order, from and to the addresses whose labels start so. */
async function booked(type: TransportType, code: string, fromLabel: string, toLabel?: string) {
  const order = (await linkedOrderByCode(db(), code))!
  const choices = await addressChoices(db(), type, order)
  const pick = (list: typeof choices.from, label?: string) =>
    (label ? list.find((a) => a.label.includes(label)) : list[0])?.id ?? list[0]!.id
  const tomorrow = new Date(Date.now() + DAY)
  const request = await createRequest(
    db(),
    staff,
    type,
    code,
    {
      fromAddressId: pick(choices.from, fromLabel),
      toAddressId: pick(choices.to, toLabel),
      pickupOn: kolkataDay(tomorrow),
      weight: 10_000,
      packages: 1,
    },
    `gr-rq-${++counter}`,
  )
  if (!request.ok) throw new Error(request.message)
  const booking = await createBooking(
    db(),
    staff,
    request.value.id,
    {
      transporter: 'Registration Freight',
      vehicleNumber: 'TN39AB1234',
      pickupAt: tomorrow.toISOString(),
      expectedDeliveryAt: new Date(tomorrow.getTime() + DAY).toISOString(),
      freight: 300_000,
      distanceKm: 60,
    },
    `gr-bk-${counter}`,
  )
  if (!booking.ok) throw new Error(booking.message)
  return { requestId: request.value.id, bookingId: booking.value.id }
}

/** Picks up a last mile and answers the invoice it raised. */
async function pickedUp(requestId: number, bookingId: number, sellerOrderId: number) {
  expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({ ok: true })
  const invoice = await db()
    .selectFrom('buyer_invoices')
    .select(['number', 'supply', 'place_of_supply', 'seller_json', 'cgst_minor', 'sgst_minor', 'igst_minor'])
    .where('seller_order_id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  return { ...invoice, seller: JSON.parse(invoice.seller_json) as { gstin: string; state: string; city: string } }
}
const consignment = async (bookingId: number) => (await consignments(db(), [bookingId])).get(bookingId)!
const serial = (number: string) => Number(number.split('/').at(-1))

describe('documents go under the registration of the place the goods leave', () => {
  it('the registrations’ GSTINs are valid', async () => {
    const rows = await db().selectFrom('gst_registrations').select(['gstin', 'state_code', 'is_home']).execute()
    expect(rows.every((r) => isValidGstin(r.gstin) && r.gstin.startsWith(r.state_code))).toBe(true)
    expect(rows.filter((r) => r.is_home === 1).map((r) => r.gstin)).toEqual([HOME])
  })

  it('from the Tiruppur warehouse to a Tamil Nadu buyer: 33…, CGST + SGST, its own series; the e-way bill is from 33…', async () => {
    const so = await readyOrder('Tamil Nadu')
    const { requestId, bookingId } = await booked('last_mile', so.code, 'Tiruppur')
    // Before the invoice the e-way bill already goes under the warehouse's registration.
    expect((await consignment(bookingId)).from.gstin).toBe(TN)
    const invoice = await pickedUp(requestId, bookingId, so.id)
    expect(invoice.number).toMatch(/^INVTN\/\d\d-\d\d\/\d{4}$/)
    expect(invoice.number.length).toBeLessThanOrEqual(16)
    expect(invoice.seller).toMatchObject({ gstin: TN, state: 'Tamil Nadu', city: 'Tiruppur' })
    expect(invoice).toMatchObject({ supply: 'intra', place_of_supply: 'Tamil Nadu', igst_minor: 0 })
    expect(Number(invoice.cgst_minor)).toBeGreaterThan(0)
    const c = await consignment(bookingId)
    expect(c).toMatchObject({ docNo: invoice.number, userGstin: TN, unregisteredState: null })
    const entry = ewayBillEntry(c)
    expect(entry).toMatchObject({ userGstin: TN, fromGstin: TN, fromStateCode: 33, actualFromStateCode: 33 })
    expect(ewayProblems(c).join(' ')).not.toMatch(/No GST registration/)
    const audit = await db()
      .selectFrom('audit_events')
      .select('note')
      .where('action', '=', 'buyer_invoice.raised')
      .where('entity_type', '=', 'seller_order')
      .where('entity_id', '=', String(so.id))
      .executeTakeFirstOrThrow()
    expect(audit.note).toMatch(/under the Tamil Nadu registration 33AABCS1429B1Z1$/)
  })

  it('from the Tiruppur warehouse to a Maharashtra buyer: 33…, IGST', async () => {
    const so = await readyOrder('Maharashtra')
    const { requestId, bookingId } = await booked('last_mile', so.code, 'Tiruppur')
    const invoice = await pickedUp(requestId, bookingId, so.id)
    expect(invoice.seller.gstin).toBe(TN)
    expect(invoice).toMatchObject({ supply: 'inter', cgst_minor: 0, sgst_minor: 0 })
    expect(Number(invoice.igst_minor)).toBeGreaterThan(0)
    expect(ewayBillEntry(await consignment(bookingId))).toMatchObject({ fromGstin: TN, toStateCode: 27 })

    // Its credit note is the same registration's, in its series, with the invoice's supply.
    const id = await db()
      .selectFrom('buyer_invoices')
      .select('id')
      .where('number', '=', invoice.number)
      .executeTakeFirstOrThrow()
    const note = await issueCreditNote(
      db(),
      staff,
      buyerId,
      { invoiceId: id.id, reasonCode: 'other', reason: 'Goodwill', amountMinor: 1_000 },
      `gr-cn-${++counter}`,
    )
    expect(note).toMatchObject({ ok: true, value: { number: expect.stringMatching(/^CNTN\/\d\d-\d\d\/\d{5}$/) } })
  })

  it('from the Bhiwandi warehouse (Maharashtra): 27…, the home series; straight from the mill: 27…', async () => {
    const so = await readyOrder('Maharashtra')
    const { requestId, bookingId } = await booked('last_mile', so.code, 'Bhiwandi')
    const invoice = await pickedUp(requestId, bookingId, so.id)
    expect(invoice.number).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/)
    expect(invoice).toMatchObject({ supply: 'intra', igst_minor: 0 })
    expect(invoice.seller.gstin).toBe(HOME)
    expect(ewayBillEntry(await consignment(bookingId))).toMatchObject({ userGstin: HOME, fromGstin: HOME })

    const direct = await readyOrder('Tamil Nadu')
    const move = await booked('last_mile', direct.code, 'Registration Mills')
    const fromMill = await pickedUp(move.requestId, move.bookingId, direct.id)
    expect(fromMill.number).toMatch(/^INV\//)
    expect(fromMill).toMatchObject({ supply: 'inter', cgst_minor: 0 })
    expect(fromMill.seller.gstin).toBe(HOME)
  })

  it('the two series are gapless and separate', async () => {
    const numbers: string[] = []
    for (const from of ['Tiruppur', 'Bhiwandi', 'Tiruppur', 'Bhiwandi']) {
      const so = await readyOrder('Tamil Nadu')
      const { requestId, bookingId } = await booked('last_mile', so.code, from)
      numbers.push((await pickedUp(requestId, bookingId, so.id)).number)
    }
    const [tn1, mh1, tn2, mh2] = numbers as [string, string, string, string]
    expect(tn1.startsWith('INVTN/') && tn2.startsWith('INVTN/')).toBe(true)
    expect(mh1.startsWith('INV/') && mh2.startsWith('INV/')).toBe(true)
    expect(serial(tn2)).toBe(serial(tn1) + 1)
    expect(serial(mh2)).toBe(serial(mh1) + 1)
  })

  it('a first mile to the Tiruppur warehouse arrives under 33…', async () => {
    const so = await readyOrder('Maharashtra')
    const { bookingId } = await booked('first_mile', so.code, 'Registration Mills', 'Tiruppur')
    const entry = ewayBillEntry(await consignment(bookingId))
    expect(entry).toMatchObject({ userGstin: TN, toGstin: TN, toStateCode: 33, actualToStateCode: 33 })
    // A day's bulk file is one registration's: the portal takes a file of the GSTIN logged in.
    const c = await consignment(bookingId)
    const day = kolkataDay(new Date(Date.now() + DAY))
    const fileOf = async (gstin?: string) =>
      (await (
        await dayEwayJson(db(), new URL(`http://x/e.json?day=${day}${gstin ? `&gstin=${gstin}` : ''}`))
      ).json()) as { billLists: { userGstin: string; docNo: string }[] }
    const tn = await fileOf(TN)
    const home = await fileOf()
    for (const e of tn.billLists) expect(e.userGstin).toBe(TN)
    for (const e of home.billLists) expect(e.userGstin).toBe(HOME)
    if (c.needed && c.docNo) {
      expect(tn.billLists.map((e) => e.docNo)).toContain(c.docNo)
      expect(home.billLists.map((e) => e.docNo)).not.toContain(c.docNo)
    }
  })

  it('a warehouse in a state with no registration: the home one stands in, and the e-way bill says so', async () => {
    const so = await readyOrder('Karnataka')
    const { requestId, bookingId } = await booked('last_mile', so.code, 'Hubli')
    const before = await consignment(bookingId)
    expect(before).toMatchObject({ userGstin: HOME, unregisteredState: 'Karnataka' })
    expect(ewayProblems(before)).toContain(
      'No GST registration in Karnataka: the goods leave under the home registration.',
    )
    const invoice = await pickedUp(requestId, bookingId, so.id)
    expect(invoice.seller.gstin).toBe(HOME)
    expect(invoice.supply).toBe('inter')
  })
})
