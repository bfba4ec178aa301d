import type { TransportType } from '#db/types'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { withGstinCheck } from '~/utils/gstin'
import { createBooking, saveBilling } from '~/features/logistics/bookings.server'
import { freightRegisterCsv, freightRegisters } from '~/features/logistics/freight-registers.server'
import { rcmMonth } from '~/features/logistics/freight-tax'
import { addressChoices, linkedOrderByCode } from '~/features/logistics/linked-orders.server'
import { createRequest } from '~/features/logistics/requests.server'
import { recordBill } from '~/features/payables/mutations.server'
import { expectedTax } from '~/features/payables/money'
import { newBillPage, taxRegistersPage } from '~/features/payables/pages.server'
import { billDetail } from '~/features/payables/queries.server'
import { lineValue } from '~/features/orders/lines'
import { addSampleLine, placeSampleCart, saveSampleCart } from '~/features/sample-orders/cart.server'
import { sampleSight } from '~/features/sample-orders/lens'
import { makeCategory, makeSampleSku } from '../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../tests/support/companies'
import { userIdOf } from '../../tests/support/db'
import { passStages, placeTestOrder, stagesBefore } from '../../tests/support/orders'
import { takeSampleOrderStep } from './sample-orders.server'
import { takeSellerOrderStep } from './seller-orders.server'
import { takeBookingStep } from './shipments.server'

// The platform's registration on the receiving side (issue 52, docs/domain.md "Registrations per state",
// "Seller bills and the three-way match", "Freight under reverse charge and TDS 194C"): a GTA's service
// is received by the registration of the warehouse its move leaves from or arrives at (else the home
// one), a mill's bill by the registration of the warehouse its goods are delivered to (else the home
// one); and a sample order's invoice goes under the registration of the warehouse the samples leave
// from. Read back from the database, on SQLite and PostgreSQL.

const HOME = '27AABCS1429B1ZU'
const TN = '33AABCS1429B1Z1'
const TN_TRANSPORTER = withGstinCheck('33AAACK7421M1Z')
const MH_TRANSPORTER = withGstinCheck('27AAACD4417N1Z')
const TN_MILL = withGstinCheck('33AAACE1943P1Z')
const DAY = 86_400_000
const SAMPLE_LENS = { portal: 'biz_ops' as const, see: sampleSight.biz_ops, scope: { kind: 'all' as const } }
let staff: { userId: number }
let buyerId: number
let sellerId: number
let counter = 0
const db = () => getDb()
const today = kolkataDay()

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
  buyerId = await makeBuyer({ name: 'Receiving Garments', status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  await db()
    .updateTable('addresses')
    .set({ state: 'Maharashtra', pin: '411001' })
    .where('buyer_id', '=', buyerId)
    .execute()
  // A Tamil Nadu mill (Erode), registered there.
  sellerId = await makeSeller({ name: 'Kaveri Mills', status: 'active', gstin: TN_MILL, contact_phone: '9812345690' })
  await db()
    .insertInto('addresses')
    .values({ seller_id: sellerId, kind: 'pickup', line1: 'SIPCOT', city: 'Erode', state: 'Tamil Nadu', pin: '638001' })
    .execute()
})

/** A seller order of the Tamil Nadu mill passed at QC, its product with warehouses in Tiruppur and Bhiwandi. */
async function readyOrder() {
  const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: `rr-${++counter}` })
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
    .select(['so.id', 'so.code', 'ps.product_id'])
    .where('so.id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  await warehousesOf(so.product_id)
  return so
}

async function warehousesOf(productId: number) {
  await db()
    .insertInto('addresses')
    .values(
      [
        ['Tiruppur', 'Tamil Nadu', '641607'],
        ['Bhiwandi', 'Maharashtra', '421302'],
      ].map(([city, state, pin]) => ({
        product_id: productId,
        kind: 'warehouse' as const,
        label: `Warehouse, ${city}`,
        line1: 'Plot 1',
        city: city!,
        state: state!,
        pin: pin!,
      })),
    )
    .execute()
}

/** A booked move of the order, from and to the addresses whose labels include these, by this transporter. */
async function booked(
  type: TransportType,
  code: string,
  fromLabel: string,
  transporter: { name: string; gstin: string } = { name: 'Receiving Freight', gstin: MH_TRANSPORTER },
  lr?: string,
) {
  const order = (await linkedOrderByCode(db(), code))!
  const choices = await addressChoices(db(), type, order)
  const from = choices.from.find((a) => a.label.includes(fromLabel))
  if (!from) throw new Error(`no ${fromLabel} among ${choices.from.map((a) => a.label).join(' | ')}`)
  const tomorrow = new Date(Date.now() + DAY)
  const request = await createRequest(
    db(),
    staff,
    type,
    code,
    {
      fromAddressId: from.id,
      toAddressId: (type === 'first_mile' ? choices.to.find((a) => a.label.includes('Tiruppur')) : choices.to[0])!.id,
      pickupOn: kolkataDay(tomorrow),
      weight: 10_000,
      packages: 1,
    },
    `rr-rq-${++counter}`,
  )
  if (!request.ok) throw new Error(request.message)
  const booking = await createBooking(
    db(),
    staff,
    request.value.id,
    {
      transporter: transporter.name,
      transporterGstin: transporter.gstin,
      vehicleNumber: 'TN39AB1234',
      lrNumber: lr,
      pickupAt: tomorrow.toISOString(),
      expectedDeliveryAt: new Date(tomorrow.getTime() + DAY).toISOString(),
      freight: 300_000,
      distanceKm: 60,
    },
    `rr-bk-${counter}`,
  )
  if (!booking.ok) throw new Error(booking.message)
  return { requestId: request.value.id, bookingId: booking.value.id }
}

/** The GTA's bill on a booking (reverse charge: no GST), and the register row it wrote. */
async function billed(move: { requestId: number; bookingId: number }, amount = 10_000_00) {
  const done = await saveBilling(db(), staff, move.requestId, move.bookingId, {
    billNumber: `RR/${++counter}`,
    billDate: today,
    amount,
    gst: 0,
    dueOn: today,
  })
  expect(done).toMatchObject({ ok: true })
  const row = await db()
    .selectFrom('freight_rcm_register')
    .select(['recipient_gstin', 'supply', 'cgst_minor', 'sgst_minor', 'igst_minor'])
    .where('booking_id', '=', move.bookingId)
    .executeTakeFirstOrThrow()
  return {
    recipient: row.recipient_gstin,
    supply: row.supply,
    cgst: Number(row.cgst_minor),
    sgst: Number(row.sgst_minor),
    igst: Number(row.igst_minor),
  }
}

const transporter = (name: string, gstin: string) => ({ name: `${name} ${crypto.randomUUID().slice(0, 6)}`, gstin })

describe('freight under reverse charge is the receiving registration’s', () => {
  it('a move out of Tiruppur: intra-state under 33… with a Tamil Nadu GTA, inter-state with a Maharashtra one', async () => {
    const byTn = await billed(
      await booked('last_mile', (await readyOrder()).code, 'Tiruppur', transporter('Kongu Roadways', TN_TRANSPORTER)),
    )
    expect(byTn).toEqual({ recipient: TN, supply: 'intra', cgst: 25_000, sgst: 25_000, igst: 0 })
    const byMh = await billed(
      await booked('last_mile', (await readyOrder()).code, 'Tiruppur', transporter('Deccan Carriers', MH_TRANSPORTER)),
    )
    expect(byMh).toEqual({ recipient: TN, supply: 'inter', cgst: 0, sgst: 0, igst: 50_000 })
    // A first mile from the mill to Tiruppur is received there too.
    const firstMile = await billed(
      await booked('first_mile', (await readyOrder()).code, 'Kaveri', transporter('Kongu Roadways', TN_TRANSPORTER)),
    )
    expect(firstMile).toEqual({ recipient: TN, supply: 'intra', cgst: 25_000, sgst: 25_000, igst: 0 })
  })

  it('a Mumbai move as before: 27…, intra-state with a Maharashtra GTA; mill to buyer: the home registration', async () => {
    const mumbai = await billed(
      await booked('last_mile', (await readyOrder()).code, 'Bhiwandi', transporter('Deccan Carriers', MH_TRANSPORTER)),
    )
    expect(mumbai).toEqual({ recipient: HOME, supply: 'intra', cgst: 25_000, sgst: 25_000, igst: 0 })
    const direct = await billed(
      await booked('last_mile', (await readyOrder()).code, 'Kaveri', transporter('Kongu Roadways', TN_TRANSPORTER)),
    )
    expect(direct).toEqual({ recipient: HOME, supply: 'inter', cgst: 0, sgst: 0, igst: 50_000 })
  })

  it('the month’s register keeps one registration’s rows when asked, with totals per registration', async () => {
    await billed(
      await booked('last_mile', (await readyOrder()).code, 'Tiruppur', transporter('Kongu Roadways', TN_TRANSPORTER)),
      20_000_00,
    )
    const month = rcmMonth(today, null)
    const all = await freightRegisters(db(), month)
    const tn = await freightRegisters(db(), month, TN)
    expect(tn.reverseCharge.length).toBeGreaterThan(0)
    expect(tn.reverseCharge.every((r) => r.receivedBy === TN)).toBe(true)
    expect(all.reverseCharge.some((r) => r.receivedBy === HOME)).toBe(true)
    expect(tn.reverseChargeByRegistration.map((r) => r.gstin)).toEqual([TN])
    const sum = (rows: typeof all.reverseCharge) =>
      rows.reduce((s, r) => s + r.cgstMinor + r.sgstMinor + r.igstMinor, 0)
    expect(tn.reverseChargeTotals.cgstMinor + tn.reverseChargeTotals.sgstMinor + tn.reverseChargeTotals.igstMinor).toBe(
      sum(all.reverseCharge.filter((r) => r.receivedBy === TN)),
    )
    // The CSV of one registration: its rows only, each naming it.
    const csv = await (
      await freightRegisterCsv(db(), new URL(`http://x/tax_registers.csv?month=${month}&registration=${TN}`))
    ).text()
    const rows = csv.trim().split(/\r?\n/).slice(1)
    expect(rows).toHaveLength(tn.reverseCharge.length)
    expect(rows.every((r) => r.startsWith(`${TN},`))).toBe(true)
    for (const r of all.reverseChargeByRegistration)
      expect(r.cgstMinor + r.sgstMinor + r.igstMinor).toBe(
        sum(all.reverseCharge.filter((x) => x.receivedBy === r.gstin)),
      )
  })
})

/** The mill's bill of a seller order: every line at the ordered quantity and cost, tax as expected for the supply. */
async function billOf(sellerOrderId: number, supply: 'intra' | 'inter') {
  const lines = await db()
    .selectFrom('sub_orders')
    .select(['id', 'quantity_milli', 'cost_minor', 'gst_rate_bp'])
    .where('seller_order_id', '=', sellerOrderId)
    .execute()
  const done = await recordBill(
    db(),
    staff,
    {
      sellerOrderId,
      number: `KM/${++counter}`,
      billOn: today,
      lines: Object.fromEntries(
        lines.map((l) => {
          const quantityMilli = Number(l.quantity_milli)
          const rateMinor = Number(l.cost_minor)
          const taxMinor = expectedTax(lineValue(quantityMilli, rateMinor), l.gst_rate_bp, supply, true)
          return [l.id, { quantityMilli, rateMinor, taxMinor }]
        }),
      ),
    },
    `rr-bill-${counter}`,
  )
  if (!done.ok) throw new Error(done.message)
  return db().selectFrom('seller_bills').selectAll().where('id', '=', done.value.id).executeTakeFirstOrThrow()
}

describe('a mill’s bill is received where its goods are delivered', () => {
  it('a Tamil Nadu mill delivering to Tiruppur bills the Tamil Nadu registration: CGST + SGST against 33…', async () => {
    const so = await readyOrder()
    const move = await booked('first_mile', so.code, 'Kaveri', transporter('Kongu Roadways', TN_TRANSPORTER))
    const form = await newBillPage(db(), new URL(`http://x/?order=${so.code}`))
    expect(form.facts).toMatchObject({ supply: 'intra', recipient: { gstin: TN, state: 'Tamil Nadu' } })
    expect(await takeBookingStep(db(), staff, move.requestId, move.bookingId, 'pick_up')).toMatchObject({ ok: true })
    const bill = await billOf(so.id, 'intra')
    expect(bill).toMatchObject({ status: 'approved', supply: 'intra', recipient_gstin: TN, mismatch: null })
    expect(Number(bill.cgst_minor)).toBeGreaterThan(0)
    expect(Number(bill.sgst_minor)).toBeGreaterThan(0)
    expect(Number(bill.igst_minor)).toBe(0)
    expect((await billDetail(db(), bill.id))?.recipient).toEqual({ gstin: TN, state: 'Tamil Nadu' })
    const audit = await db()
      .selectFrom('audit_events')
      .select('note')
      .where('action', '=', 'seller_bill.recorded')
      .where('entity_id', '=', String(bill.id))
      .executeTakeFirstOrThrow()
    expect(audit.note).toContain('received by the Tamil Nadu registration 33AABCS1429B1Z1')
    // Its credit is Tamil Nadu's in the month's input tax register.
    const month = today.slice(0, 7)
    const tn = await taxRegistersPage(db(), new URL(`http://x/?month=${month}&registration=${TN}`))
    expect(tn.registration).toBe(TN)
    expect(tn.input.find((r) => r.document === `Bill ${bill.number}`)).toMatchObject({ receivedBy: TN })
    expect(tn.input.every((r) => r.receivedBy === TN)).toBe(true)
    const home = await taxRegistersPage(db(), new URL(`http://x/?month=${month}&registration=${HOME}`))
    expect(home.input.find((r) => r.document === `Bill ${bill.number}`)).toBeUndefined()
    // The database takes only a GSTIN of the platform's registrations.
    await expect(
      db().updateTable('seller_bills').set({ recipient_gstin: '29AABCS1429B1ZX' }).where('id', '=', bill.id).execute(),
    ).rejects.toThrow()
  })

  it('the same mill shipping straight to the buyer bills the home registration: IGST against 27…', async () => {
    const so = await readyOrder()
    const move = await booked('last_mile', so.code, 'Kaveri', transporter('Kongu Roadways', TN_TRANSPORTER))
    expect(await takeBookingStep(db(), staff, move.requestId, move.bookingId, 'pick_up')).toMatchObject({ ok: true })
    const bill = await billOf(so.id, 'inter')
    expect(bill).toMatchObject({ status: 'approved', supply: 'inter', recipient_gstin: HOME, mismatch: null })
    expect(Number(bill.igst_minor)).toBeGreaterThan(0)
    expect(Number(bill.cgst_minor) + Number(bill.sgst_minor)).toBe(0)
    expect((await billDetail(db(), bill.id))?.recipient).toEqual({ gstin: HOME, state: 'Maharashtra' })
  })
})

describe('a sample order’s invoice goes under the registration the samples leave from', () => {
  async function approvedSample() {
    const category = await makeCategory({ name: `Receiving samples ${++counter}` })
    const product = await db()
      .selectFrom('categories')
      .select('product_id')
      .where('id', '=', category)
      .executeTakeFirstOrThrow()
    await warehousesOf(product.product_id)
    const sku = await makeSampleSku({ categoryId: category, chargeMinor: 50_000 })
    const added = await addSampleLine(db(), staff, buyerId, sku)
    if (!added.ok) throw new Error(added.message)
    const shipTo = await db()
      .selectFrom('addresses')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('kind', '=', 'shipping')
      .executeTakeFirstOrThrow()
    const saved = await saveSampleCart(db(), staff, buyerId, {
      shipTo: shipTo.id,
      note: '',
      lines: [{ id: added.value.lineId, quantity: '2' }],
    })
    if (!saved.ok) throw new Error(saved.message)
    const placed = await placeSampleCart(db(), staff, buyerId, `rr-smp-${counter}`)
    if (!placed.ok) throw new Error(placed.message)
    expect(await takeSampleOrderStep(db(), staff, SAMPLE_LENS, placed.value.id, 'approve')).toMatchObject({ ok: true })
    return placed.value
  }
  const invoiceOf = (sampleOrderId: number) =>
    db()
      .selectFrom('buyer_invoices')
      .select(['number', 'supply', 'seller_json'])
      .where('sample_order_id', '=', sampleOrderId)
      .executeTakeFirstOrThrow()

  it('sent from Tiruppur: 33…, its series, IGST to a Maharashtra buyer; from Bhiwandi or by hand: the home one', async () => {
    const tiruppur = await approvedSample()
    const tn = await booked('sample', tiruppur.code, 'Tiruppur', undefined, `AWB-RR-${counter}`)
    expect(await takeBookingStep(db(), staff, tn.requestId, tn.bookingId, 'pick_up')).toMatchObject({ ok: true })
    const underTn = await invoiceOf(tiruppur.id)
    expect(underTn.number).toMatch(/^INVTN\//)
    expect(underTn.supply).toBe('inter')
    expect(JSON.parse(underTn.seller_json)).toMatchObject({ gstin: TN, state: 'Tamil Nadu' })
    const audit = await db()
      .selectFrom('audit_events')
      .select('note')
      .where('action', '=', 'buyer_invoice.raised')
      .where('entity_type', '=', 'sample_order')
      .where('entity_id', '=', String(tiruppur.id))
      .executeTakeFirstOrThrow()
    expect(audit.note).toMatch(/under the Tamil Nadu registration 33AABCS1429B1Z1$/)

    const bhiwandi = await approvedSample()
    const mh = await booked('sample', bhiwandi.code, 'Bhiwandi', undefined, `AWB-RR-${counter}`)
    expect(await takeBookingStep(db(), staff, mh.requestId, mh.bookingId, 'pick_up')).toMatchObject({ ok: true })
    const underHome = await invoiceOf(bhiwandi.id)
    expect(underHome.number).toMatch(/^INV\//)
    expect(underHome.supply).toBe('intra')
    expect(JSON.parse(underHome.seller_json)).toMatchObject({ gstin: HOME })

    const byHand = await approvedSample()
    expect(
      await takeSampleOrderStep(db(), staff, SAMPLE_LENS, byHand.id, 'dispatch', {
        courier: 'Blue Dart',
        trackingNumber: `BD${counter}IN`,
      }),
    ).toMatchObject({ ok: true })
    expect(JSON.parse((await invoiceOf(byHand.id)).seller_json)).toMatchObject({ gstin: HOME })
  })
})
