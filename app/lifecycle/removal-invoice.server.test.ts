import { sql } from 'kysely'
import type { TransportType } from '#db/types'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { createBooking, recordEwayBill, recordSupplierInvoice } from '~/features/logistics/bookings.server'
import { cancelEwayBill } from '~/features/logistics/eway-events.server'
import { gstDocument } from '~/features/settlements/gst/documents.server'
import {
  cancelIrnRequest,
  recordCancellation,
  recordRegistration,
} from '~/features/settlements/gst/registrations.server'
import { einvoiceDocPage } from '~/features/settlements/gst/pages.server'
import { istText } from '~/features/settlements/gst/standing'
import { withGstinCheck } from '~/utils/gstin'
import { signedQr } from '../../tests/support/gst-documents'
import { consignments, missingDocument } from '~/features/logistics/eway-bill.server'
import { addressChoices, linkedOrderByCode } from '~/features/logistics/linked-orders.server'
import { createRequest } from '~/features/logistics/requests.server'
import { bookingPageSchema } from '~/features/logistics/schema'
import { makeBuyer, makeSeller } from '../../tests/support/companies'
import { userIdOf } from '../../tests/support/db'
import { passStages, placeTestOrder, stagesBefore } from '../../tests/support/orders'
import { takeSellerOrderStep } from './seller-orders.server'
import { invoiceBeforePickup, takeBookingStep } from './shipments.server'

// When the tax invoice is raised (issue 52, docs/domain.md "When the invoice is raised"): at the
// removal of the goods toward the buyer (the last mile's pickup), or just before it for the e-way
// bill; once; the e-way bill names it with a date not after the pickup. The first mile moves on the
// mill's invoice. Everything is read back from the database.

let staff: { userId: number }
let buyerId: number
let sellerId: number
let counter = 0
const db = () => getDb()
const DAY = 86_400_000

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Removal Garments', status: 'active', payment_terms_days: 20 }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Removal Mills', status: 'active', contact_phone: '9812345671' })
  await db()
    .insertInto('addresses')
    .values({ seller_id: sellerId, kind: 'pickup', line1: 'Plot 4', city: 'Vapi', state: 'Gujarat', pin: '396195' })
    .execute()
})

/** A seller order passed at QC with its lines at their last stage; `units` makes it worth an e-way bill (₹500 a unit to the buyer, ₹400 from the mill). */
async function readyOrder(units = 1, buyer = buyerId) {
  const order = await placeTestOrder({
    userId: staff.userId,
    buyerId: buyer,
    sellerIds: [sellerId],
    key: `rm-${++counter}`,
  })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  await passStages(order.sellerOrderId, 'last')
  if (units > 1)
    await db()
      .updateTable('sub_orders')
      .set({ quantity_milli: units * 1000, cost_minor: 40_000 })
      .where('seller_order_id', '=', order.sellerOrderId)
      .execute()
  const so = await db()
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  return so
}

async function booked(type: TransportType, code: string) {
  const order = (await linkedOrderByCode(db(), code))!
  const choices = await addressChoices(db(), type, order)
  const tomorrow = new Date(Date.now() + DAY)
  const request = await createRequest(
    db(),
    staff,
    type,
    code,
    {
      fromAddressId: choices.from.find((a) => a.label.startsWith('Removal Mills'))?.id ?? choices.from[0]!.id,
      toAddressId: choices.to[0]!.id,
      pickupOn: kolkataDay(tomorrow),
      weight: 10_000,
      packages: 1,
    },
    `rm-rq-${++counter}`,
  )
  if (!request.ok) throw new Error(request.message)
  const booking = await createBooking(
    db(),
    staff,
    request.value.id,
    {
      transporter: 'Removal Freight',
      vehicleNumber: 'GJ15AB4321',
      pickupAt: tomorrow.toISOString(),
      expectedDeliveryAt: new Date(tomorrow.getTime() + DAY).toISOString(),
      freight: 500_000,
      distanceKm: 150,
    },
    `rm-bk-${counter}`,
  )
  if (!booking.ok) throw new Error(booking.message)
  return { requestId: request.value.id, bookingId: booking.value.id }
}

const invoicesOf = (sellerOrderId: number) =>
  db()
    .selectFrom('buyer_invoices')
    .select(['id', 'number', 'invoice_on', 'due_on', 'total_minor'])
    .where('seller_order_id', '=', sellerOrderId)
    .execute()
const consignment = async (bookingId: number) => (await consignments(db(), [bookingId])).get(bookingId)!
const ddmmyyyy = (day: string) => day.split('-').reverse().join('/')

describe('the tax invoice is raised when the goods leave toward the buyer', () => {
  it('a last mile’s pickup raises it, dated the pickup, before the delivery; its e-way bill names it; nothing raises a second', async () => {
    const so = await readyOrder()
    const { requestId, bookingId } = await booked('last_mile', so.code)
    // Before the pickup there is no invoice, and the consignment's document is wanting.
    expect(await invoicesOf(so.id)).toEqual([])
    expect((await consignment(bookingId)).docNo).toBe('')

    // The goods left yesterday afternoon (entered late): the invoice is dated that day.
    const leftAt = new Date(Date.now() - DAY)
    const picked = await takeBookingStep(
      db(),
      staff,
      requestId,
      bookingId,
      'pick_up',
      '',
      new Date(),
      leftAt.toISOString(),
    )
    expect(picked).toMatchObject({ ok: true })
    const raised = await invoicesOf(so.id)
    expect(raised).toHaveLength(1)
    const invoice = raised[0]!
    expect(invoice.invoice_on).toBe(kolkataDay(leftAt))
    // Due by the buyer's terms (20 days) from the invoice date.
    expect(invoice.due_on).toBe(kolkataDay(new Date(Date.parse(`${invoice.invoice_on}T12:00:00Z`) + 20 * DAY)))
    const seller = await db()
      .selectFrom('seller_orders')
      .select('status')
      .where('id', '=', so.id)
      .executeTakeFirstOrThrow()
    expect(seller.status).toBe('dispatched')
    const audit = await db()
      .selectFrom('audit_events')
      .select('note')
      .where('action', '=', 'buyer_invoice.raised')
      .where('entity_type', '=', 'seller_order')
      .where('entity_id', '=', String(so.id))
      .execute()
    expect(audit).toEqual([
      { note: expect.stringMatching(new RegExp(`^Invoice ${invoice.number} raised at the pickup of TB-`)) },
    ])

    // The e-way bill names it: INV, its number, its date (not after the pickup).
    const c = await consignment(bookingId)
    expect(c).toMatchObject({
      docType: 'INV',
      docNo: invoice.number,
      docDate: invoice.invoice_on,
      supplyType: 'O',
      subSupplyType: 1,
    })
    expect(c.docDate <= kolkataDay(leftAt)).toBe(true)
    expect(c.totals.total).toBe(Number(invoice.total_minor))

    // A pickup taken again is refused; delivering raises nothing more.
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({ ok: false })
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'deliver')).toMatchObject({ ok: true })
    expect((await invoicesOf(so.id)).map((i) => i.number)).toEqual([invoice.number])
  })

  it('goods worth an e-way bill: the invoice is raised before the pickup for it, once; the e-way bill cannot be recorded before', async () => {
    const so = await readyOrder(200)
    const { requestId, bookingId } = await booked('last_mile', so.code)
    const before = await consignment(bookingId)
    expect(before.needed).toBe(true)
    expect(before.docNo).toBe('')
    expect(missingDocument(before)).toMatch(/buyer’s tax invoice: raise it before the pickup/)

    const generatedAt = new Date(Date.now() - 600_000).toISOString()
    const early = await recordEwayBill(db(), staff, requestId, bookingId, {
      ewayBillNumber: '520000000001',
      generatedAt,
    })
    expect(early).toMatchObject({ ok: false, message: missingDocument(before) })
    const refused = await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')
    expect(refused.ok ? '' : refused.message).toMatch(/raise it before the pickup/)
    expect(await invoicesOf(so.id)).toEqual([])

    const raised = await invoiceBeforePickup(db(), staff, requestId, bookingId)
    expect(raised).toMatchObject({ ok: true, value: { number: expect.stringMatching(/^INV\//) } })
    const number = raised.ok ? raised.value.number : ''
    expect(await invoiceBeforePickup(db(), staff, requestId, bookingId)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/already invoiced/),
    })
    expect(
      await recordEwayBill(db(), staff, requestId, bookingId, { ewayBillNumber: '520000000001', generatedAt }),
    ).toMatchObject({ ok: true })
    const c = await consignment(bookingId)
    expect(c).toMatchObject({ docType: 'INV', docNo: number, docDate: kolkataDay() })

    // A pickup said to be before the invoice's date is refused: the document is never after the removal.
    const yesterday = new Date(Date.now() - DAY).toISOString()
    const late = await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up', '', new Date(), yesterday)
    expect(late).toMatchObject({ ok: false, field: 'pickedUpAt' })
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({ ok: true })
    expect((await invoicesOf(so.id)).map((i) => i.number)).toEqual([number])
  })

  it('an order delivered with no last mile (stepped by hand) is invoiced on delivery, once', async () => {
    const so = await readyOrder()
    expect(await takeSellerOrderStep(db(), staff, so.id, 'dispatch')).toMatchObject({ ok: true })
    expect(await invoicesOf(so.id)).toEqual([])
    expect(await takeSellerOrderStep(db(), staff, so.id, 'deliver')).toMatchObject({ ok: true })
    const invoices = await invoicesOf(so.id)
    expect(invoices).toHaveLength(1)
    const note = await db()
      .selectFrom('audit_events')
      .select('note')
      .where('action', '=', 'buyer_invoice.raised')
      .where('entity_id', '=', String(so.id))
      .where('entity_type', '=', 'seller_order')
      .executeTakeFirstOrThrow()
    expect(note.note).toMatch(/raised on delivery \(no pickup toward the buyer raised it\)/)
  })
})

describe('the first mile moves on the mill’s invoice to the platform', () => {
  it('its e-way bill names the mill’s invoice entered on the booking; without one the pickup is refused', async () => {
    const so = await readyOrder(200)
    const { requestId, bookingId } = await booked('first_mile', so.code)
    const before = await consignment(bookingId)
    expect(before).toMatchObject({ needed: true, docNo: '', docType: 'INV', supplyType: 'I', subSupplyType: 1 })
    const refused = await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')
    expect(refused.ok ? '' : refused.message).toMatch(/mill’s tax invoice to the platform: enter its number and date/)

    // The number is written as GST invoice numbers are, at its field, JS off (the form's schema).
    const bad = bookingPageSchema.safeParse({
      intent: 'supplier_invoice',
      supplierInvoiceNumber: 'SI 12#',
      supplierInvoiceOn: kolkataDay(),
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['supplierInvoiceNumber', 'Use letters, digits, / and - only, as GST invoice numbers are'],
    ])
    const long = bookingPageSchema.safeParse({
      intent: 'supplier_invoice',
      supplierInvoiceNumber: 'A'.repeat(17),
      supplierInvoiceOn: kolkataDay(),
    })
    expect(long.success).toBe(false)

    const tomorrow = kolkataDay(new Date(Date.now() + DAY))
    expect(
      await recordSupplierInvoice(db(), staff, requestId, bookingId, {
        supplierInvoiceNumber: 'GM/26-27/0042',
        supplierInvoiceOn: tomorrow,
      }),
    ).toMatchObject({ ok: false, field: 'supplierInvoiceOn' })
    expect(
      await recordSupplierInvoice(db(), staff, requestId, bookingId, {
        supplierInvoiceNumber: 'GM/26-27/0042',
        supplierInvoiceOn: kolkataDay(),
      }),
    ).toMatchObject({ ok: true })
    const c = await consignment(bookingId)
    expect(c).toMatchObject({
      docType: 'INV',
      docNo: 'GM/26-27/0042',
      docDate: kolkataDay(),
      supplyType: 'I',
      subSupplyType: 1,
      subSupplyDesc: '',
    })
    const seller = await db().selectFrom('sellers').select('gstin').where('id', '=', sellerId).executeTakeFirstOrThrow()
    expect(c.from.gstin).toBe(seller.gstin ?? 'URP')
    expect(ddmmyyyy(c.docDate)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)

    // With the e-way bill recorded it moves; the mill's invoice can no longer change after the pickup.
    const generatedAt = new Date(Date.now() - 600_000).toISOString()
    expect(
      await recordEwayBill(db(), staff, requestId, bookingId, { ewayBillNumber: '520000000002', generatedAt }),
    ).toMatchObject({ ok: true })
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({ ok: true })
    expect(
      await recordSupplierInvoice(db(), staff, requestId, bookingId, {
        supplierInvoiceNumber: 'GM/26-27/0043',
        supplierInvoiceOn: kolkataDay(),
      }),
    ).toMatchObject({ ok: false })
    // The first mile raises no buyer invoice.
    expect(await invoicesOf(so.id)).toEqual([])
  })
})

/** A registered buyer (a GSTIN, in Gujarat): its invoices are e-invoiced. Made once. */
let b2b: number | undefined
async function b2bBuyer() {
  if (b2b) return b2b
  b2b = await makeBuyer({
    name: 'Irn Garments',
    status: 'active',
    payment_terms_days: 20,
    gstin: withGstinCheck('24AAICI1234R1Z'),
  })
  for (const kind of ['shipping', 'billing'] as const)
    await db()
      .insertInto('addresses')
      .values({
        buyer_id: b2b,
        kind,
        line1: '5 Ring Road',
        city: 'Surat',
        state: 'Gujarat',
        pin: '395002',
        is_default: 1,
      })
      .execute()
  return b2b
}

/** A B2B order invoiced before its last mile's pickup, its IRN recorded an hour ago. */
async function registeredInvoice(irn: string, ackNo: string) {
  const finance = { userId: await userIdOf('biz_fin@example.com') }
  const so = await readyOrder(200, await b2bBuyer())
  const { requestId, bookingId } = await booked('last_mile', so.code)
  const raised = await invoiceBeforePickup(db(), staff, requestId, bookingId)
  if (!raised.ok) throw new Error(raised.message)
  const [invoice] = await invoicesOf(so.id)
  const doc = (await gstDocument(db(), 'INV', invoice!.id))!
  expect(
    await recordRegistration(db(), finance, 'INV', invoice!.id, {
      irn,
      ackNo,
      ackAt: istText(Date.now() - 3_600_000),
      signedQr: signedQr(doc, irn),
      signedInvoice: null,
    }),
  ).toMatchObject({ ok: true })
  return { finance, requestId, bookingId, invoice: invoice!, invoiceId: invoice!.id }
}

describe('an IRN and the e-way bill that names its invoice (issue 52)', () => {
  it('the IRN is not cancelled while an e-way bill names the invoice; once that is cancelled it is, and no e-way bill names the invoice again', async () => {
    const finance = { userId: await userIdOf('biz_fin@example.com') }
    const irn = 'ab'.repeat(32)
    const { requestId, bookingId, invoice } = await registeredInvoice(irn, '182611110001')
    const generatedAt = new Date(Date.now() - 1_800_000).toISOString()
    expect(
      await recordEwayBill(db(), staff, requestId, bookingId, { ewayBillNumber: '520000000011', generatedAt }),
    ).toMatchObject({ ok: true })
    const code = (await consignment(bookingId)).code

    // While the e-way bill stands, neither the cancel JSON nor the portal's answer is taken.
    const blocked = new RegExp(`cancel e-way bill 520000000011 \\(${code}\\) first`)
    const request = await cancelIrnRequest(db(), 'INV', invoice!.id, { reason: '2', remark: 'Wrong rate' })
    expect(request).toMatchObject({ ok: false, message: expect.stringMatching(blocked) })
    const input = { reason: '2' as const, remark: 'Wrong rate', cancelledAt: istText(Date.now() - 60_000) }
    expect(await recordCancellation(db(), finance, 'INV', invoice!.id, input)).toMatchObject({
      ok: false,
      message: expect.stringMatching(blocked),
    })
    const cancelledAt = () =>
      db()
        .selectFrom('einvoice_registrations')
        .select('cancelled_at')
        .where('doc_type', '=', 'INV')
        .where('doc_id', '=', invoice!.id)
        .executeTakeFirstOrThrow()
    expect((await cancelledAt()).cancelled_at).toBeNull()
    // Finance's page of the document says so before anyone tries.
    const page = await einvoiceDocPage(db(), `INV-${invoice!.id}`)
    expect(page?.registration).toMatchObject({ cancelOpen: true, ewayBills: [{ number: '520000000011', code }] })

    // The e-way bill is cancelled (before the pickup, within its 24 hours): then the IRN is.
    expect(await cancelEwayBill(db(), staff, requestId, bookingId, { reasonCode: 2, remark: '' })).toMatchObject({
      ok: true,
    })
    expect(await cancelIrnRequest(db(), 'INV', invoice!.id, { reason: '2', remark: 'Wrong rate' })).toMatchObject({
      ok: true,
      value: { Irn: irn, CnlRsn: '2' },
    })
    expect((await einvoiceDocPage(db(), `INV-${invoice!.id}`))?.registration?.ewayBills).toEqual([])
    expect(await recordCancellation(db(), finance, 'INV', invoice!.id, input)).toMatchObject({ ok: true })
    expect((await cancelledAt()).cancelled_at).toBe(input.cancelledAt)

    // The invoice is no longer valid: no new e-way bill names it, and the goods cannot leave on it.
    const again = await recordEwayBill(db(), staff, requestId, bookingId, {
      ewayBillNumber: '520000000012',
      generatedAt: new Date().toISOString(),
    })
    expect(again).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        new RegExp(`IRN of invoice ${invoice!.number.replace(/\//g, '\\/')} was cancelled`),
      ),
    })
    expect((await consignment(bookingId)).eway.number).toBeNull()
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({ ok: false })
  })

  it('an e-way bill recorded and the IRN cancelled at the same moment: exactly one happens', async () => {
    const finance = { userId: await userIdOf('biz_fin@example.com') }
    for (let round = 0; round < 3; round++) {
      const { requestId, bookingId, invoice } = await registeredInvoice(`c${round}`.repeat(32), `18261111002${round}`)
      const [eway, cancel] = await Promise.all([
        recordEwayBill(db(), staff, requestId, bookingId, {
          ewayBillNumber: `52000000002${round}`,
          generatedAt: new Date(Date.now() - 60_000).toISOString(),
        }),
        recordCancellation(db(), finance, 'INV', invoice!.id, {
          reason: '3',
          remark: 'Order cancelled',
          cancelledAt: istText(Date.now() - 60_000),
        }),
      ])
      expect([eway.ok, cancel.ok].filter(Boolean)).toHaveLength(1)
      const registration = await db()
        .selectFrom('einvoice_registrations')
        .select('cancelled_at')
        .where('doc_type', '=', 'INV')
        .where('doc_id', '=', invoice!.id)
        .executeTakeFirstOrThrow()
      const number = (await consignment(bookingId)).eway.number
      // What the database holds agrees with who won.
      expect(registration.cancelled_at !== null).toBe(cancel.ok)
      expect(number !== null).toBe(eway.ok)
    }
  })

  // Each side takes the booking's row first: here a transaction holds it as the other side would, and
  // commits its step while the function under test waits; the function then reads what it left.
  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
    'on PostgreSQL each side waits for the other and reads what it committed',
    async () => {
      const finance = { userId: await userIdOf('biz_fin@example.com') }
      const prepared = (round: number) => registeredInvoice(`d${round}`.repeat(32), `18261111003${round}`)
      const holdBooking = (bookingId: number) =>
        sql`select id from transport_bookings where id = ${bookingId} for no key update`
      const cancellation = {
        reason: '3' as const,
        remark: 'Order cancelled',
        cancelledAt: istText(Date.now() - 60_000),
      }

      // An e-way bill is being recorded: the cancellation waits, then is refused.
      const first = await prepared(1)
      let cancelled: Promise<Awaited<ReturnType<typeof recordCancellation>>> | undefined
      await db()
        .transaction()
        .execute(async (trx) => {
          await holdBooking(first.bookingId).execute(trx)
          cancelled = recordCancellation(db(), finance, 'INV', first.invoiceId, cancellation)
          await new Promise((r) => setTimeout(r, 300))
          await trx
            .updateTable('transport_bookings')
            .set({ eway_bill_number: '520000000031', eway_bill_at: new Date().toISOString() })
            .where('id', '=', first.bookingId)
            .execute()
        })
      expect(await cancelled).toMatchObject({
        ok: false,
        message: expect.stringMatching(/cancel e-way bill 520000000031/),
      })

      // The IRN is being cancelled: the e-way bill waits, then is refused.
      const second = await prepared(2)
      let recorded: Promise<Awaited<ReturnType<typeof recordEwayBill>>> | undefined
      await db()
        .transaction()
        .execute(async (trx) => {
          await holdBooking(second.bookingId).execute(trx)
          recorded = recordEwayBill(db(), staff, second.requestId, second.bookingId, {
            ewayBillNumber: '520000000032',
            generatedAt: new Date(Date.now() - 60_000).toISOString(),
          })
          await new Promise((r) => setTimeout(r, 300))
          await trx
            .updateTable('einvoice_registrations')
            .set({ cancelled_at: cancellation.cancelledAt, cancel_reason: '3', cancel_remark: 'Order cancelled' })
            .where('doc_type', '=', 'INV')
            .where('doc_id', '=', second.invoiceId)
            .execute()
        })
      expect(await recorded).toMatchObject({ ok: false, message: expect.stringMatching(/was cancelled/) })
      expect((await consignment(second.bookingId)).eway.number).toBeNull()
    },
  )
})
