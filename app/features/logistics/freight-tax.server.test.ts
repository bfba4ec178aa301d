import type { TransportType } from '#db/types'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { createRequest } from './requests.server'
import { addressChoices, linkedOrderByCode } from './linked-orders.server'
import { createBooking, markBillsPaid, saveBilling } from './bookings.server'
import { saveTransporterTax } from './transporters.server'
import { freightRegisters } from './freight-registers.server'
import { financialYearOf, rcmMonth, reverseChargeTax, tds194C } from './freight-tax'

// Freight under reverse charge and TDS 194C (docs/domain.md, issue 52): a transporter's bill fits its
// GTA option or is refused at the GST field; reverse-charge tax goes to the platform's register;
// paying a bill deducts 194C (1 %, 2 %, 20 % without a PAN, none under 194C(6) or the thresholds), the
// year's threshold read under the transporter's year row. Both databases.

let staff: { userId: number }
let buyerId: number
let sellerId: number
let counter = 0
const db = () => getDb()
const today = kolkataDay()
const ahead = (days: number) => kolkataDay(new Date(Date.now() + days * 86_400_000))

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Freight Tax Apparel', status: 'active', payment_terms_days: 15 }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Freight Tax Mills', status: 'active', contact_phone: '9812345678' })
  await db()
    .insertInto('addresses')
    .values({
      seller_id: sellerId,
      kind: 'pickup',
      line1: 'Gate 2',
      city: 'Vapi',
      state: 'Gujarat',
      pin: '396195',
      is_default: 1,
    })
    .execute()
})

/** A booking of a new first-mile request with the named transporter: { requestId, bookingId, transporterId }. */
async function bookingWith(transporter: string, gstin?: string) {
  const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: `ft-${++counter}` })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  const so = await db()
    .selectFrom('seller_orders')
    .select('code')
    .where('id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  const linked = (await linkedOrderByCode(db(), so.code))!
  const type: TransportType = 'first_mile'
  const choices = await addressChoices(db(), type, linked)
  const request = await createRequest(
    db(),
    staff,
    type,
    so.code,
    {
      fromAddressId: choices.from[0]!.id,
      toAddressId: choices.to[0]!.id,
      pickupOn: ahead(2),
      weight: 125_500,
      packages: 4,
      notes: '',
    },
    `ft-rq-${counter}`,
  )
  if (!request.ok) throw new Error(request.message)
  const booked = await createBooking(
    db(),
    staff,
    request.value.id,
    {
      transporter,
      vehicleNumber: 'MH04AB1234',
      driverPhone: '9876543210',
      lrNumber: `LR-FT-${counter}`,
      pickupAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      expectedDeliveryAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      freight: 1_000_000,
      transporterGstin: gstin,
    },
    undefined,
  )
  if (!booked.ok) throw new Error(booked.message)
  const row = await db()
    .selectFrom('transport_bookings')
    .select('transporter_id')
    .where('id', '=', booked.value.id)
    .executeTakeFirstOrThrow()
  return { requestId: request.value.id, bookingId: booked.value.id, transporterId: row.transporter_id }
}

const bill = (b: { requestId: number; bookingId: number }, amount: number, gst = 0) =>
  saveBilling(db(), staff, b.requestId, b.bookingId, {
    billNumber: `FT/${++counter}`,
    billDate: today,
    amount,
    gst,
    dueOn: today,
  })

const bookingRow = (id: number) =>
  db()
    .selectFrom('transport_bookings')
    .select(['bill_gta_option', 'bill_tds_minor', 'paid_amount_minor', 'bill_state'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const tdsRow = (bookingId: number) =>
  db()
    .selectFrom('transporter_tds')
    .select(['section', 'rate_bp', 'base_minor', 'tds_minor', 'month'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow()

const setTax = async (transporterId: number, input: Parameters<typeof saveTransporterTax>[3]) => {
  const done = await saveTransporterTax(db(), staff, transporterId, input)
  if (!done.ok) throw new Error(done.message)
}

describe('the arithmetic', () => {
  it('takes 194C by the PAN, the thresholds and the declaration', () => {
    const year = { paidMinor: 0, undeductedMinor: 0 }
    const person = { pan: 'ABCPS1234K', small_fleet_declared: 0 }
    const firm = { pan: 'AABCV3609C', small_fleet_declared: 0 }
    expect(tds194C(person, 30_000_00, year)).toMatchObject({ section: 'below', tdsMinor: 0 })
    expect(tds194C(person, 30_000_01, year)).toMatchObject({ section: '194C', rateBp: 100, tdsMinor: 30_000 })
    expect(tds194C(firm, 40_000_00, year)).toMatchObject({ section: '194C', rateBp: 200, tdsMinor: 80_000 })
    expect(tds194C({ pan: null, small_fleet_declared: 0 }, 40_000_00, year)).toMatchObject({
      section: '206AA',
      rateBp: 2000,
      tdsMinor: 8_000_00,
    })
    // Declared small fleet: nothing, however large; without a PAN the declaration does not count.
    expect(tds194C({ ...firm, small_fleet_declared: 1 }, 90_000_00, year)).toMatchObject({
      section: '194C(6)',
      tdsMinor: 0,
    })
    expect(tds194C({ pan: null, small_fleet_declared: 1 }, 90_000_00, year)).toMatchObject({ section: '206AA' })
    // The year: ₹1,00,000 exactly is not above it; a paisa more deducts on the whole year's undeducted sums.
    expect(tds194C(firm, 25_000_00, { paidMinor: 75_000_00, undeductedMinor: 75_000_00 })).toMatchObject({
      section: 'below',
    })
    expect(tds194C(firm, 25_000_01, { paidMinor: 75_000_00, undeductedMinor: 75_000_00 })).toMatchObject({
      section: '194C',
      baseMinor: 1_00_000_01,
      tdsMinor: 2_00_000,
      catchUp: true,
    })
  })

  it('splits reverse-charge tax by the GTA’s state against the receiving registration’s, and dates it by s.13(3)', () => {
    expect(reverseChargeTax(10_000_01, '27AAACT7966R1ZS', '27')).toEqual({
      supply: 'intra',
      cgst: 25_000,
      sgst: 25_000,
      igst: 0,
      total: 50_000,
    })
    expect(reverseChargeTax(10_000_00, '07AAACS4517R1ZN', '27')).toMatchObject({
      supply: 'inter',
      igst: 50_000,
      cgst: 0,
    })
    // Received by the Tamil Nadu registration (a move out of Tiruppur): a Tamil Nadu GTA is intra-state, a Maharashtra one not.
    expect(reverseChargeTax(10_000_00, '33AAACK7421M1ZS', '33')).toMatchObject({ supply: 'intra', cgst: 25_000 })
    expect(reverseChargeTax(10_000_00, '27AAACT7966R1ZS', '33')).toMatchObject({ supply: 'inter', igst: 50_000 })
    // Without a GSTIN: the receiving registration's state.
    expect(reverseChargeTax(10_000_00, null, '33')).toMatchObject({ supply: 'intra' })
    expect(rcmMonth('2026-10-15', null)).toBe('2026-12')
    expect(rcmMonth('2026-10-15', '2026-11-02')).toBe('2026-11')
    expect(financialYearOf('2027-03-31')).toBe('2026-27')
    expect(financialYearOf('2027-04-01')).toBe('2027-28')
  })
})

describe('transporter bills under the GTA option', () => {
  it('under reverse charge refuses GST at its field, and registers 5 % for the platform to pay', async () => {
    const intra = await bookingWith(`Deccan Roadways ${crypto.randomUUID().slice(0, 6)}`, '27AAACT7966R1ZS')
    const refused = await bill(intra, 20_000_00, 2_400_00)
    expect(refused).toMatchObject({ ok: false, fields: { gst: expect.stringContaining('reverse charge') } })
    expect(await bill(intra, 20_000_00, 0)).toMatchObject({ ok: true })
    expect(await bookingRow(intra.bookingId)).toMatchObject({ bill_gta_option: 'reverse' })
    const month = rcmMonth(today, null)
    const register = await freightRegisters(db(), month)
    const row = register.reverseCharge.find((r) => r.booking && r.taxableMinor === 20_000_00 && r.cgstMinor === 50_000)
    expect(row).toMatchObject({ cgstMinor: 50_000, sgstMinor: 50_000, igstMinor: 0 })

    const inter = await bookingWith(`Capital Carriers ${crypto.randomUUID().slice(0, 6)}`, '07AAACS4517R1ZN')
    expect(await bill(inter, 12_000_00, 0)).toMatchObject({ ok: true })
    const rows = await db()
      .selectFrom('freight_rcm_register')
      .select(['igst_minor', 'cgst_minor', 'month'])
      .where('booking_id', '=', inter.bookingId)
      .execute()
    expect(rows.map((r) => [Number(r.igst_minor), Number(r.cgst_minor), r.month])).toEqual([[60_000, 0, month]])
  })

  it('under forward charge wants the GTA’s rate (none refused), and registers nothing', async () => {
    const b = await bookingWith(`Forward Freight ${crypto.randomUUID().slice(0, 6)}`, '27AAACB0446L1ZQ')
    await setTax(b.transporterId, {
      pan: 'AAACB0446L',
      gtaOption: 'forward',
      forwardRate: '1800',
      optionFy: financialYearOf(today),
      smallFleet: false,
    })
    expect(await bill(b, 10_000_00, 0)).toMatchObject({
      ok: false,
      fields: { gst: expect.stringContaining('₹1,800.00') },
    })
    expect(await bill(b, 10_000_00, 1_200_00)).toMatchObject({ ok: false, fields: { gst: expect.any(String) } })
    expect(await bill(b, 10_000_00, 1_800_00)).toMatchObject({ ok: true })
    expect(await bookingRow(b.bookingId)).toMatchObject({ bill_gta_option: 'forward' })
    expect(
      await db().selectFrom('freight_rcm_register').select('id').where('booking_id', '=', b.bookingId).execute(),
    ).toEqual([])
    // A transporter's PAN must be its GSTIN's.
    expect(
      await saveTransporterTax(db(), staff, b.transporterId, {
        pan: 'AAACS4517R',
        gtaOption: 'reverse',
        smallFleet: false,
      }),
    ).toMatchObject({ ok: false, field: 'pan' })
  })
})

describe('TDS under 194C on paying transporter bills', () => {
  it('deducts 1 % for an individual above ₹30,000, 2 % for a firm, 20 % without a PAN, none when declared', async () => {
    const person = await bookingWith(`Sharma Roadlines ${crypto.randomUUID().slice(0, 6)}`)
    await setTax(person.transporterId, { pan: 'ABCPS1234K', gtaOption: 'reverse', smallFleet: false })
    const firm = await bookingWith(`Firm Logistics ${crypto.randomUUID().slice(0, 6)}`)
    await setTax(firm.transporterId, { pan: 'AABCF1234K', gtaOption: 'reverse', smallFleet: false })
    const nopan = await bookingWith(`Nameless Cargo ${crypto.randomUUID().slice(0, 6)}`)
    const declared = await bookingWith(`Small Fleet ${crypto.randomUUID().slice(0, 6)}`)
    await setTax(declared.transporterId, { pan: 'ABCPD1234K', gtaOption: 'reverse', smallFleet: true })
    const small = await bookingWith(`Sharma Roadlines Two ${crypto.randomUUID().slice(0, 6)}`)
    await setTax(small.transporterId, { pan: 'ABCPT1234K', gtaOption: 'reverse', smallFleet: false })
    for (const b of [person, firm, nopan, declared]) expect(await bill(b, 40_000_00)).toMatchObject({ ok: true })
    expect(await bill(small, 30_000_00)).toMatchObject({ ok: true })

    const paid = await markBillsPaid(
      db(),
      staff,
      [person, firm, nopan, declared, small].map((b) => b.bookingId),
      today,
      'UTR-194C',
    )
    expect(paid).toMatchObject({ ok: true })
    expect(paid.ok && paid.value.tdsMinor).toBe(40_000 + 80_000 + 8_000_00)
    expect(paid.ok && paid.value.totalMinor).toBe(5 * 40_000_00 - 40_000_00 + 30_000_00 - (40_000 + 80_000 + 8_000_00))
    expect(await tdsRow(person.bookingId)).toMatchObject({ section: '194C', rate_bp: 100 })
    expect(Number((await tdsRow(person.bookingId)).tds_minor)).toBe(40_000)
    expect(await bookingRow(person.bookingId)).toMatchObject({ bill_state: 'paid' })
    expect(Number((await bookingRow(person.bookingId)).paid_amount_minor)).toBe(40_000_00 - 40_000)
    expect(await tdsRow(firm.bookingId)).toMatchObject({ section: '194C', rate_bp: 200 })
    expect(await tdsRow(nopan.bookingId)).toMatchObject({ section: '206AA', rate_bp: 2000 })
    expect(await tdsRow(declared.bookingId)).toMatchObject({ section: '194C(6)', rate_bp: 0 })
    expect(await tdsRow(small.bookingId)).toMatchObject({ section: 'below', rate_bp: 0 })
    // The month's register lists them, with the total.
    const register = await freightRegisters(db(), today.slice(0, 7))
    expect(register.tds194C.length).toBeGreaterThanOrEqual(5)
    expect(register.tds194CTotalMinor).toBe(register.tds194C.reduce((s, r) => s + r.tdsMinor, 0))
  })

  it('crosses the year’s ₹1,00,000 and deducts on the earlier sums too; two payments at once do not both skip it', async () => {
    const name = `Yearly Movers ${crypto.randomUUID().slice(0, 6)}`
    const bookings = []
    for (let i = 0; i < 5; i++) bookings.push(await bookingWith(name))
    await setTax(bookings[0]!.transporterId, { pan: 'AABCY1234K', gtaOption: 'reverse', smallFleet: false })
    for (const b of bookings) expect(await bill(b, 25_000_00)).toMatchObject({ ok: true })
    // Three paid one by one: ₹75,000 in the year, nothing deducted.
    for (const b of bookings.slice(0, 3))
      expect(await markBillsPaid(db(), staff, [b.bookingId], today, `UTR-Y-${b.bookingId}`)).toMatchObject({
        ok: true,
        value: { tdsMinor: 0 },
      })
    // Two at once: ₹1,00,000 is not above the limit, ₹1,25,000 is. Whichever comes second deducts 2 % on all five.
    const [a, b] = await Promise.all(
      bookings.slice(3).map((x) => markBillsPaid(db(), staff, [x.bookingId], today, `UTR-Y-${x.bookingId}`)),
    )
    const deducted = [a, b].map((r) => (r!.ok ? r!.value.tdsMinor : -1)).sort((x, y) => x - y)
    expect(deducted).toEqual([0, (2 * (5 * 25_000_00)) / 100])
    const year = await db()
      .selectFrom('transporter_tds_years')
      .select(['paid_minor', 'undeducted_minor'])
      .where('transporter_id', '=', bookings[0]!.transporterId)
      .executeTakeFirstOrThrow()
    expect([Number(year.paid_minor), Number(year.undeducted_minor)]).toEqual([125_000_00, 0])
  })
})

describe('the demo', () => {
  it('bills under each transporter’s option and pays under 194C', async () => {
    const bills = await db()
      .selectFrom('transport_bookings as b')
      .innerJoin('transporters as t', 't.id', 'b.transporter_id')
      .leftJoin('freight_rcm_register as r', 'r.booking_id', 'b.id')
      .select(['t.name', 'b.bill_gta_option', 'b.bill_amount_minor', 'b.bill_gst_minor', 'r.id as rcm'])
      .where('b.bill_state', '<>', 'none')
      .where('t.name', 'in', ['Safexpress', 'Gati Cargo', 'Rivigo', 'DTDC Courier'])
      .execute()
    expect(bills.length).toBeGreaterThan(20)
    for (const b of bills) {
      if (b.name === 'Safexpress') {
        expect(b).toMatchObject({ bill_gta_option: 'forward', rcm: null })
        expect(Number(b.bill_gst_minor)).toBe(Math.round((Number(b.bill_amount_minor) * 1800) / 10_000))
      } else {
        expect(b).toMatchObject({ bill_gta_option: 'reverse' })
        expect(Number(b.bill_gst_minor)).toBe(0)
        expect(b.rcm).not.toBeNull()
      }
    }
    const tds = await db()
      .selectFrom('transporter_tds as d')
      .innerJoin('transporters as t', 't.id', 'd.transporter_id')
      .select(['t.name', 'd.section', 'd.tds_minor'])
      .execute()
    const sections = (name: string) => new Set(tds.filter((d) => d.name === name).map((d) => d.section))
    expect(sections('DTDC Courier')).toEqual(new Set(['194C(6)']))
    expect(sections('Rivigo')).toContain('206AA')
    expect(sections('Gati Cargo')).toContain('194C')
    expect(tds.filter((d) => d.section === 'below').every((d) => Number(d.tds_minor) === 0)).toBe(true)
  })
})
