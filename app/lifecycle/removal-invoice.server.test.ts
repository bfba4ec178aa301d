import type { TransportType } from '#db/types'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { createBooking, recordEwayBill, recordSupplierInvoice } from '~/features/logistics/bookings.server'
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
async function readyOrder(units = 1) {
  const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: `rm-${++counter}` })
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
