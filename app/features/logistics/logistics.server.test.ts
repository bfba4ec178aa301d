import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder, stagesAfter, stagesBefore } from '../../../tests/support/orders'
import { makeSampleSku } from '../../../tests/support/catalogue'
import { auditEntriesOf } from '~/features/audit/history.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { cancelRequest, createRequest, updateRequest } from './requests.server'
import { addressChoices, candidateOrders, linkedOrderByCode } from './linked-orders.server'
import { createBooking, markBillsPaid, saveBilling } from './bookings.server'
import { takeBookingStep } from '~/lifecycle/shipments.server'
import { listRequests, paymentDues } from './queries.server'
import { lensFor, orderDetail } from '../orders/search.server'
import { addRequestAction, addRequestPage, bookingsCsv, duesCsv, requestsCsv } from './pages.server'
import { parseCsv } from '../../../tests/support/csv'
import { requestRowBatches } from './queries.server'
import { formOf } from '../../../tests/support/orders'
import { readDueFilters, readRequestFilters } from './schema'
import type { TransportType } from '#db/types'
import { expectBookingDaysKept } from '../../../tests/support/logistics'

let staff: { userId: number }
let buyerId: number
let sellerId: number
let counter = 0
const db = () => getDb()
const ahead = (days: number) => kolkataDay(new Date(Date.now() + days * 86_400_000))

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Moved Apparel', status: 'active', payment_terms_days: 15 }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Freight Mills', status: 'active', contact_phone: '9812345678' })
  await db()
    .insertInto('addresses')
    .values({
      seller_id: sellerId,
      kind: 'pickup',
      line1: 'Gate 2, GIDC',
      city: 'Vapi',
      state: 'Gujarat',
      pin: '396195',
      is_default: 1,
    })
    .execute()
})

/** A seller order that passed QC. */
async function passedOrder() {
  const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: `lg-${++counter}` })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
    await stagesAfter(order.sellerOrderId, step)
  }
  return await db()
    .selectFrom('seller_orders')
    .select(['id', 'code', 'master_order_id'])
    .where('id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
}

async function request(type: TransportType, code: string, key = `rq-${++counter}`) {
  const order = (await linkedOrderByCode(db(), code))!
  const choices = await addressChoices(db(), type, order)
  return createRequest(
    db(),
    staff,
    type,
    code,
    {
      fromAddressId: choices.from[0]!.id,
      toAddressId: choices.to[0]!.id,
      pickupOn: ahead(2),
      weight: 125_500,
      packages: 4,
      notes: 'Fragile',
    },
    key,
  )
}

const booking = (extra: Partial<Parameters<typeof createBooking>[3]> = {}) => ({
  transporter: 'Safexpress  Logistics',
  vehicleNumber: 'MH04AB1234',
  driverPhone: '9876543210',
  lrNumber: `LR-${++counter}`,
  pickupAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  expectedDeliveryAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
  freight: 1_250_000,
  ...extra,
})

const soStatus = async (id: number) =>
  (await db().selectFrom('seller_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const requestStatus = async (id: number) =>
  (await db().selectFrom('transport_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe('transport requests', () => {
  it('offers the orders a type moves, creates a request once per key, and refuses a second one under way', async () => {
    const so = await passedOrder()
    expect((await candidateOrders(db(), 'first_mile')).map((c) => c.code)).toContain(so.code)
    expect((await candidateOrders(db(), 'return')).map((c) => c.code)).not.toContain(so.code)
    const key = `same-${counter}`
    const first = await request('first_mile', so.code, key)
    const again = await request('first_mile', so.code, key)
    expect(first.ok && again.ok).toBe(true)
    if (!first.ok || !again.ok) return
    expect(first.value.code).toMatch(/^TR-\d{4}-\d{6}$/)
    expect(again.value).toMatchObject({ id: first.value.id, repeated: true })
    expect(await request('first_mile', so.code)).toMatchObject({ ok: false, field: 'orderCode' })
    expect((await candidateOrders(db(), 'first_mile')).map((c) => c.code)).not.toContain(so.code)
    const row = await db()
      .selectFrom('transport_requests')
      .selectAll()
      .where('id', '=', first.value.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      status: 'open',
      from_city: 'Vapi',
      weight_grams: 125_500,
      packages: 4,
      seller_order_id: so.id,
      master_order_id: so.master_order_id,
    })
    expect(JSON.parse(row.to_json).party).toMatch(/Platform warehouse/)
    expect((await auditEntriesOf(db(), 'transport_request', first.value.id)).map((h) => h.action)).toEqual([
      'transport_request.created',
    ])
    // The list: its kept counts and a filter that counts.
    const listed = await listRequests(db(), readRequestFilters(new URL(`http://x/?order=${so.code}`)))
    expect(listed.rows.map((r) => r.code)).toEqual([first.value.code])
    expect(listed.total).toBe(1)
    const open = await listRequests(db(), readRequestFilters(new URL('http://x/?status=open&type=first_mile')))
    expect(open.total).toBe(
      Number(
        (
          await db()
            .selectFrom('transport_requests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'open')
            .where('transport_type', '=', 'first_mile')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    )
  })

  it('refuses an order the type does not move, and addresses not offered', async () => {
    const so = await passedOrder()
    expect(await request('return', so.code)).toMatchObject({ ok: false, field: 'orderCode' })
    expect(
      await createRequest(
        db(),
        staff,
        'first_mile',
        so.code,
        { fromAddressId: 999_999, toAddressId: 999_998, pickupOn: ahead(1), weight: 1000, packages: 1 },
        undefined,
      ),
    ).toMatchObject({ ok: false, fields: { fromAddressId: expect.any(String), toAddressId: expect.any(String) } })
    expect(
      await createRequest(
        db(),
        staff,
        'first_mile',
        'SO-1999-000001',
        { fromAddressId: 1, toAddressId: 2, pickupOn: ahead(1), weight: 1000, packages: 1 },
        undefined,
      ),
    ).toMatchObject({ ok: false, field: 'orderCode' })
  })

  it('edits an open request (audited) and cancels it with a reason', async () => {
    const so = await passedOrder()
    const created = await request('first_mile', so.code)
    if (!created.ok) throw new Error(created.message)
    const row = await db()
      .selectFrom('transport_requests')
      .select(['from_json', 'to_json', 'updated_at'])
      .where('id', '=', created.value.id)
      .executeTakeFirstOrThrow()
    const ids = { fromAddressId: JSON.parse(row.from_json).addressId, toAddressId: JSON.parse(row.to_json).addressId }
    expect(
      await updateRequest(
        db(),
        staff,
        created.value.id,
        { ...ids, pickupOn: ahead(5), weight: 99_000, packages: 2 },
        row.updated_at,
      ),
    ).toMatchObject({ ok: true })
    // A stale form (the version it was opened at) changes nothing.
    expect(
      await updateRequest(
        db(),
        staff,
        created.value.id,
        { ...ids, pickupOn: ahead(6), weight: 1, packages: 1 },
        row.updated_at,
      ),
    ).toMatchObject({ ok: false })
    expect(
      await db()
        .selectFrom('transport_requests')
        .select(['pickup_on', 'weight_grams'])
        .where('id', '=', created.value.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ pickup_on: ahead(5), weight_grams: 99_000 })
    expect(await cancelRequest(db(), staff, created.value.id, 'Seller will ship it')).toMatchObject({ ok: true })
    expect(await requestStatus(created.value.id)).toBe('cancelled')
    expect(await cancelRequest(db(), staff, created.value.id, 'again')).toMatchObject({ ok: false })
    // Cancelled frees the order for a new request.
    expect(await request('first_mile', so.code)).toMatchObject({ ok: true })
  })
})

describe('bookings', () => {
  it('first mile then last mile: picking up dispatches, the last mile’s pickup raises the invoice, delivering delivers', async () => {
    const so = await passedOrder()
    const first = await request('first_mile', so.code)
    if (!first.ok) throw new Error(first.message)
    const booked = await createBooking(db(), staff, first.value.id, booking(), `bk-${counter}`)
    if (!booked.ok) throw new Error(booked.message)
    expect(booked.value.code).toMatch(/^TB-\d{4}-\d{6}$/)
    expect(await requestStatus(first.value.id)).toBe('booked')
    // One booking at a time.
    expect(await createBooking(db(), staff, first.value.id, booking(), undefined)).toMatchObject({ ok: false })
    const transporters = await db()
      .selectFrom('transporters')
      .select('name')
      .where('name_key', '=', 'safexpress logistics')
      .execute()
    expect(transporters).toEqual([{ name: 'Safexpress Logistics' }])

    // Two people marking it picked up at once: one wins, the other is told.
    const [a, b] = await Promise.all([
      takeBookingStep(db(), staff, first.value.id, booked.value.id, 'pick_up'),
      takeBookingStep(db(), staff, first.value.id, booked.value.id, 'pick_up'),
    ])
    expect([a.ok, b.ok].sort()).toEqual([false, true])
    expect((a.ok ? b : a) as { message: string }).toMatchObject({ message: expect.stringMatching(/already picked up/) })
    expect(await soStatus(so.id)).toBe('dispatched')
    expect(await requestStatus(first.value.id)).toBe('in_transit')
    expect(await takeBookingStep(db(), staff, first.value.id, booked.value.id, 'deliver')).toMatchObject({ ok: true })
    expect(await requestStatus(first.value.id)).toBe('delivered')
    expect(await soStatus(so.id)).toBe('dispatched')

    const last = await request('last_mile', so.code)
    if (!last.ok) throw new Error(last.message)
    const lastBooking = await createBooking(
      db(),
      staff,
      last.value.id,
      booking({ transporter: 'Blue Dart' }),
      undefined,
    )
    if (!lastBooking.ok) throw new Error(lastBooking.message)
    // The goods leave toward the buyer: the pickup raises its invoice (issue 52), the order already dispatched.
    expect(await takeBookingStep(db(), staff, last.value.id, lastBooking.value.id, 'pick_up')).toMatchObject({
      ok: true,
      value: { moved: expect.stringMatching(/^invoice INV\/\S+ raised$/) },
    })
    expect(await soStatus(so.id)).toBe('dispatched')
    expect(await takeBookingStep(db(), staff, last.value.id, lastBooking.value.id, 'deliver')).toMatchObject({
      ok: true,
      value: { moved: `${so.code} delivered` },
    })
    expect(await soStatus(so.id)).toBe('delivered')
    const invoice = await db()
      .selectFrom('buyer_invoices')
      .select(['number', 'total_minor'])
      .where('seller_order_id', '=', so.id)
      .executeTakeFirstOrThrow()
    expect(invoice.number).toMatch(/^INV\//)
    const master = await db()
      .selectFrom('master_orders')
      .select('status')
      .where('id', '=', so.master_order_id)
      .executeTakeFirstOrThrow()
    expect(master.status).toBe('delivered')
    // A delivered last mile is done for good.
    expect(await request('last_mile', so.code)).toMatchObject({ ok: false, field: 'orderCode' })
    const actions = (await auditEntriesOf(db(), 'transport_request', last.value.id)).map((h) => h.action)
    expect(actions).toEqual([
      'transport_booking.delivered',
      'transport_booking.picked_up',
      'transport_request.booked',
      'transport_request.created',
    ])
  })

  it('cancelling a booking reopens the request; a step the order cannot take changes nothing', async () => {
    const so = await passedOrder()
    const first = await request('first_mile', so.code)
    if (!first.ok) throw new Error(first.message)
    const booked = await createBooking(db(), staff, first.value.id, booking(), undefined)
    if (!booked.ok) throw new Error(booked.message)
    expect(await takeBookingStep(db(), staff, first.value.id, booked.value.id, 'cancel', '')).toMatchObject({
      ok: false,
      field: 'reason',
    })
    expect(
      await takeBookingStep(db(), staff, first.value.id, booked.value.id, 'cancel', 'Truck broke down'),
    ).toMatchObject({ ok: true })
    expect(await requestStatus(first.value.id)).toBe('open')
    const rebooked = await createBooking(db(), staff, first.value.id, booking(), undefined)
    if (!rebooked.ok) throw new Error(rebooked.message)
    // The seller order is cancelled meanwhile: picking up would dispatch it, so nothing moves.
    await takeSellerOrderStep(db(), staff, so.id, 'cancel', 'Buyer changed its mind')
    expect(await takeBookingStep(db(), staff, first.value.id, rebooked.value.id, 'pick_up')).toMatchObject({
      ok: false,
    })
    expect(await requestStatus(first.value.id)).toBe('booked')
    expect(
      (
        await db()
          .selectFrom('transport_bookings')
          .select('status')
          .where('id', '=', rebooked.value.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('booked')
    // A booking id under another request is not found.
    expect(await takeBookingStep(db(), staff, first.value.id + 100_000, rebooked.value.id, 'pick_up')).toMatchObject({
      ok: false,
      notFound: true,
    })
  })

  it('a sample courier dispatches and delivers its sample order (stock taken once)', async () => {
    const skuId = await makeSampleSku({ stock: 20 })
    const at = new Date().toISOString()
    const sample = await db()
      .insertInto('sample_orders')
      .values({
        code: `SMP-2026-9${String(++counter).padStart(5, '0')}`,
        buyer_id: buyerId,
        status: 'approved',
        ship_to_json: '{}',
        item_count: 1,
        quantity_total: 3,
        charge_minor: 0,
        requested_by: staff.userId,
        requested_at: at,
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('sample_order_items')
      .values({ sample_order_id: sample.id, line_no: 1, sample_sku_id: skuId, quantity: 3, charge_minor: 0 })
      .execute()
    await db()
      .insertInto('sample_order_counts')
      .values({ status: 'approved', orders: 1 })
      .onConflict((oc) =>
        oc.column('status').doUpdateSet((eb) => ({ orders: eb('sample_order_counts.orders', '+', 1) })),
      )
      .execute()
    const created = await request('sample', sample.code)
    if (!created.ok) throw new Error(created.message)
    const booked = await createBooking(
      db(),
      staff,
      created.value.id,
      booking({ transporter: 'DTDC', lrNumber: 'AWB77' }),
      undefined,
    )
    if (!booked.ok) throw new Error(booked.message)
    expect(await takeBookingStep(db(), staff, created.value.id, booked.value.id, 'pick_up')).toMatchObject({ ok: true })
    const dispatched = await db()
      .selectFrom('sample_orders')
      .select(['status', 'courier', 'tracking_number'])
      .where('id', '=', sample.id)
      .executeTakeFirstOrThrow()
    expect(dispatched).toEqual({ status: 'dispatched', courier: 'DTDC', tracking_number: 'AWB77' })
    expect(
      (await db().selectFrom('sample_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock,
    ).toBe(17)
    expect(await takeBookingStep(db(), staff, created.value.id, booked.value.id, 'deliver')).toMatchObject({ ok: true })
    expect(
      (await db().selectFrom('sample_orders').select('status').where('id', '=', sample.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('delivered')
  })
})

describe('bills and payment dues', () => {
  it('enters a bill once per transporter number, lists it due, and marks it paid once', async () => {
    const so = await passedOrder()
    const first = await request('first_mile', so.code)
    if (!first.ok) throw new Error(first.message)
    const booked = await createBooking(db(), staff, first.value.id, booking({ transporter: 'Gati Cargo' }), undefined)
    if (!booked.ok) throw new Error(booked.message)
    const bill = {
      billNumber: `GATI/${counter}`,
      billDate: kolkataDay(),
      amount: 1_200_000,
      // Gati Cargo is under reverse charge (issue 52): its bill carries no GST.
      gst: 0,
      dueOn: kolkataDay(),
    }
    expect(
      await saveBilling(db(), staff, first.value.id, booked.value.id, { ...bill, dueOn: '2000-01-01' }),
    ).toMatchObject({ ok: false, fields: { dueOn: expect.any(String) } })
    expect(await saveBilling(db(), staff, first.value.id, booked.value.id, bill)).toMatchObject({ ok: true })
    const dues = await paymentDues(db(), readDueFilters(new URL('http://x/?bucket=this_week')))
    expect(dues.rows.map((r) => r.code)).toContain(booked.value.code)
    const gati = dues.perTransporter.find((t) => t.name === 'Gati Cargo')!
    expect(gati).toMatchObject({ count: 1, totalMinor: 1_200_000 })
    expect(dues.buckets.this_week.totalMinor).toBe(dues.rows.reduce((s, r) => s + r.amountMinor + r.gstMinor, 0))

    // Another booking of the same transporter cannot carry the same bill number.
    const so2 = await passedOrder()
    const second = await request('first_mile', so2.code)
    if (!second.ok) throw new Error(second.message)
    const booked2 = await createBooking(db(), staff, second.value.id, booking({ transporter: 'gati cargo' }), undefined)
    if (!booked2.ok) throw new Error(booked2.message)
    expect(await saveBilling(db(), staff, second.value.id, booked2.value.id, bill)).toMatchObject({
      ok: false,
      field: 'billNumber',
    })

    const paid = await markBillsPaid(db(), staff, [booked.value.id], kolkataDay(), 'UTR998877')
    expect(paid).toMatchObject({ ok: true, value: { paid: [booked.value.code], already: [] } })
    // What was paid is the bill less the TDS under 194C (freight-tax.server.test.ts).
    expect(paid.ok && paid.value.totalMinor + paid.value.tdsMinor).toBe(1_200_000)
    // The retried submit pays nothing again.
    expect(await markBillsPaid(db(), staff, [booked.value.id], kolkataDay(), 'UTR998877')).toMatchObject({
      ok: true,
      value: { paid: [], already: [booked.value.code] },
    })
    expect(await saveBilling(db(), staff, first.value.id, booked.value.id, bill)).toMatchObject({ ok: false })
    const after = await paymentDues(db(), readDueFilters(new URL('http://x/')))
    expect(after.rows.map((r) => r.code)).not.toContain(booked.value.code)
    // A bill not entered yet cannot be paid.
    expect(await markBillsPaid(db(), staff, [booked2.value.id], kolkataDay(), 'x')).toMatchObject({ ok: false })
  })
})

describe('the lenses and the pages', () => {
  it('shows shipping to logistics, money to business finance, neither to the buyer or the seller', async () => {
    const so = await passedOrder()
    const first = await request('first_mile', so.code)
    if (!first.ok) throw new Error(first.message)
    const lens = (portal: 'logistics' | 'biz_fin' | 'main') =>
      lensFor({ userId: staff.userId, roles: ['admin'], company: null }, portal)!
    const logistics = (await orderDetail(db(), lens('logistics'), so.master_order_id))!
    expect(logistics.shipping?.map((r) => r.code)).toEqual([first.value.code])
    expect(logistics.settlement).toBeNull()
    const finance = (await orderDetail(db(), lens('biz_fin'), so.master_order_id))!
    expect(finance.shipping).toBeNull()
    expect(finance.settlement).toMatchObject({ invoicedMinor: 0, outstandingMinor: 0 })
    const buyerLens = lensFor(
      { userId: 1, roles: ['buyer'], company: { kind: 'buyer', id: buyerId, name: 'x', status: 'active' } },
      'buyer',
    )!
    const sellerLens = lensFor(
      { userId: 1, roles: ['seller'], company: { kind: 'seller', id: sellerId, name: 'x', status: 'active' } },
      'seller',
    )!
    for (const other of [buyerLens, sellerLens]) {
      const seen = (await orderDetail(db(), other, so.master_order_id))!
      expect(seen.shipping).toBeNull()
      expect(seen.settlement).toBeNull()
    }
  })

  it('answers an unknown transport type with not found, and a bad form at its fields', async () => {
    expect(await addRequestPage(db(), 'by_air', new URL('http://x/'))).toBeUndefined()
    const viewer = {
      userId: staff.userId,
      email: 'i@example.com',
      name: 'I',
      phone: null,
      roles: ['internal' as const],
      company: null,
      sessionIdHash: 'x',
    }
    expect(await addRequestAction(db(), viewer, 'by_air', formOf({ intent: 'create' }))).toEqual({
      status: 'not-found',
    })
    const bad = await addRequestAction(
      db(),
      viewer,
      'first_mile',
      formOf({
        intent: 'create',
        orderCode: 'SO-1',
        fromAddressId: 'x',
        toAddressId: '',
        pickupOn: '2026-02-30',
        weight: '-3',
        packages: '0',
      }),
    )
    expect(bad.status).toBe('invalid')
    expect(Object.keys((bad as { reply: { error: Record<string, string[]> } }).reply.error).sort()).toEqual([
      'fromAddressId',
      'packages',
      'pickupOn',
      'toAddressId',
      'weight',
    ])
  })
})

describe('the calendar’s counts', () => {
  it('are kept with every booking, change and cancellation (and the demo’s)', async () => {
    const so = await passedOrder()
    const made = await request('first_mile', so.code)
    if (!made.ok) throw new Error(made.message)
    const booked = await createBooking(
      db(),
      staff,
      made.value.id,
      booking({ transporter: 'Kept Count Carriers' }),
      undefined,
    )
    if (!booked.ok) throw new Error(booked.message)
    const row = await db()
      .selectFrom('transport_bookings')
      .select('updated_at')
      .where('id', '=', booked.value.id)
      .executeTakeFirstOrThrow()
    const { updateBooking } = await import('./bookings.server')
    expect(
      await updateBooking(
        db(),
        staff,
        made.value.id,
        booked.value.id,
        booking({
          transporter: 'Other Count Carriers',
          pickupAt: new Date(Date.now() + 9 * 86_400_000).toISOString(),
          expectedDeliveryAt: new Date(Date.now() + 11 * 86_400_000).toISOString(),
        }),
        row.updated_at,
      ),
    ).toMatchObject({ ok: true })
    await expectBookingDaysKept(db())
    expect(await cancelRequest(db(), staff, made.value.id, 'Not needed')).toMatchObject({ ok: true })
    await expectBookingDaysKept(db())
  })
})

describe('the CSVs', () => {
  it('hold every row the filters match, in the list’s order, a batch at a time', async () => {
    const so = await passedOrder()
    const first = await request('first_mile', so.code)
    if (!first.ok) throw new Error(first.message)
    const booked = await createBooking(db(), staff, first.value.id, booking({ transporter: 'Csv Carriers' }), undefined)
    if (!booked.ok) throw new Error(booked.message)
    expect(
      await saveBilling(db(), staff, first.value.id, booked.value.id, {
        billNumber: 'CSV/1',
        billDate: kolkataDay(),
        amount: 100_000,
        gst: 0,
        dueOn: ahead(3),
      }),
    ).toMatchObject({ ok: true })

    const requests = parseCsv(await (await requestsCsv(db(), new URL(`http://x/?order=${so.code}`))).text())
    expect(requests).toEqual([
      expect.objectContaining({
        Request: first.value.code,
        Type: 'First mile',
        Status: 'Booked',
        Order: so.code,
        'Weight (kg)': '125.5',
        Transporter: 'Csv Carriers',
      }),
    ])
    // Every request, newest pickup first, as the list pages through them (batches of 2 here).
    const all = (
      await db()
        .selectFrom('transport_requests')
        .select(['code', 'pickup_on', 'id'])
        .orderBy('pickup_on', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.code)
    const walked: string[] = []
    for await (const rows of requestRowBatches(db(), readRequestFilters(new URL('http://x/')), 2))
      walked.push(...rows.map((r) => r.code))
    expect(walked).toEqual(all)
    const bookings = parseCsv(await (await bookingsCsv(db(), new URL(`http://x/?q=${booked.value.code}`))).text())
    expect(bookings).toEqual([
      expect.objectContaining({
        Booking: booked.value.code,
        Request: first.value.code,
        Transporter: 'Csv Carriers',
        'Freight (INR)': '12500.00',
        Bill: 'CSV/1 (unpaid)',
      }),
    ])
    const dues = parseCsv(await (await duesCsv(db(), new URL('http://x/?bucket=this_week'))).text())
    expect(dues.find((d) => d.Booking === booked.value.code)).toMatchObject({
      'Bill number': 'CSV/1',
      'Total (INR)': '1000.00',
      Due: ahead(3),
    })
  })
})
