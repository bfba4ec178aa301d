import type { TransportType } from '#db/types'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { createBooking } from '~/features/logistics/bookings.server'
import { addressChoices, linkedOrderByCode } from '~/features/logistics/linked-orders.server'
import { createRequest } from '~/features/logistics/requests.server'
import { takeSellerOrderStep } from './seller-orders.server'
import { addSampleLine, placeSampleCart, saveSampleCart } from '~/features/sample-orders/cart.server'
import { sampleSight } from '~/features/sample-orders/lens'
import { takeSampleOrderStep as takeSampleStep } from './sample-orders.server'
import { makeSampleSku } from '../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../tests/support/companies'
import { userIdOf } from '../../tests/support/db'
import { passStages, placeTestOrder, stagesAfter, stagesBefore } from '../../tests/support/orders'
import { takeBookingStep } from './shipments.server'

// The shipments lifecycle: a booking's step moves the order it carries in the same transaction, and
// when that order cannot move, nothing does. Everything is read back from the database.

let staff: { userId: number }
let staffName: string
let buyerId: number
let sellerId: number
let counter = 0
const db = () => getDb()
const SAMPLE_LENS = { portal: 'biz_ops' as const, see: sampleSight.biz_ops, scope: { kind: 'all' as const } }

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  staffName = (await db().selectFrom('users').select('name').where('id', '=', staff.userId).executeTakeFirstOrThrow())
    .name
  buyerId = await makeBuyer({ name: 'Shipped Apparel', status: 'active', payment_terms_days: 15 }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Lifecycle Mills', status: 'active', contact_phone: '9812345670' })
  await db()
    .insertInto('addresses')
    .values({ seller_id: sellerId, kind: 'pickup', line1: 'Plot 9', city: 'Vapi', state: 'Gujarat', pin: '396195' })
    .execute()
})

/** A request of a type for an order, booked with a transporter: the ids a booking step takes. */
async function booked(type: TransportType, code: string, lrNumber: string) {
  const order = (await linkedOrderByCode(db(), code))!
  const choices = await addressChoices(db(), type, order)
  const request = await createRequest(
    db(),
    staff,
    type,
    code,
    {
      fromAddressId: choices.from.find((a) => a.label.startsWith('Lifecycle Mills'))?.id ?? choices.from[0]!.id,
      toAddressId: choices.to[0]!.id,
      pickupOn: kolkataDay(new Date(Date.now() + 86_400_000)),
      weight: 10_000,
      packages: 1,
    },
    `ship-rq-${++counter}`,
  )
  if (!request.ok) throw new Error(request.message)
  const booking = await createBooking(
    db(),
    staff,
    request.value.id,
    {
      transporter: 'Lifecycle Freight',
      vehicleNumber: 'GJ15AB1234',
      lrNumber,
      pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
      expectedDeliveryAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      freight: 500_000,
    },
    `ship-bk-${counter}`,
  )
  if (!booking.ok) throw new Error(booking.message)
  return { requestId: request.value.id, bookingId: booking.value.id }
}

const statusOf = async (
  table: 'transport_requests' | 'transport_bookings' | 'seller_orders' | 'sample_orders',
  id: number,
) => (await db().selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

/** The request's history, newest first: the action and what its entry says the step did. */
const requestHistory = async (requestId: number) =>
  (
    await db()
      .selectFrom('audit_events')
      .select(['action', 'after_json'])
      .where('entity_type', '=', 'transport_request')
      .where('entity_id', '=', String(requestId))
      .orderBy('id', 'desc')
      .execute()
  ).map((e) => ({ action: e.action, after: JSON.parse(e.after_json ?? '{}') as Record<string, unknown> }))

describe('a booking’s steps move the order it carries', () => {
  it('a pick-up is refused while the seller order’s lines are short of their last stage; nothing moves until they are there', async () => {
    const order = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: [sellerId],
      key: `ship-${++counter}`,
    })
    // QC passed with the lines still at the QC gate.
    for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
      await stagesBefore(order.sellerOrderId, step)
      const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
      if (!done.ok) throw new Error(done.message)
    }
    const so = await db()
      .selectFrom('seller_orders')
      .select(['code'])
      .where('id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    const { requestId, bookingId } = await booked('last_mile', so.code, 'LR-SHIP-GATE')
    const booked_ = await statusOf('transport_bookings', bookingId)
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Line 1 is at .+ \(\d of \d\): every stage of the workflow must be passed before dispatch\. The booking was not changed either\.$/,
      ),
    })
    expect(await statusOf('transport_bookings', bookingId)).toBe(booked_)
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('qc_passed')
    await passStages(order.sellerOrderId, 'last')
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({ ok: true })
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('dispatched')
  })

  it('a last mile picked up dispatches its seller order and raises the buyer’s invoice; delivered delivers it', async () => {
    const order = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: [sellerId],
      key: `ship-${++counter}`,
    })
    for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
      await stagesBefore(order.sellerOrderId, step)
      const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
      if (!done.ok) throw new Error(done.message)
      await stagesAfter(order.sellerOrderId, step)
    }
    const so = await db()
      .selectFrom('seller_orders')
      .select(['code', 'master_order_id'])
      .where('id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    const { requestId, bookingId } = await booked('last_mile', so.code, 'LR-SHIP-1')

    // The pickup is the removal of the goods toward the buyer: it raises the buyer's invoice (issue 52).
    const picked = await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')
    expect(picked).toEqual({
      ok: true,
      value: {
        code: expect.stringMatching(/^TB-/),
        moved: expect.stringMatching(new RegExp(`^${so.code} dispatched, invoice INV/\\S+ raised$`)),
      },
    })
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('dispatched')
    const raised = await db()
      .selectFrom('buyer_invoices')
      .select(['number', 'invoice_on'])
      .where('seller_order_id', '=', order.sellerOrderId)
      .execute()
    expect(raised).toEqual([{ number: expect.stringMatching(/^INV\//), invoice_on: kolkataDay() }])
    // Taken again, the step is refused with who took it, and nothing moves twice.
    const again = await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')
    expect(again).toMatchObject({ ok: false })
    expect(again.ok ? '' : again.message).toMatch(
      new RegExp(`^TB-\\S+ is already picked up \\(by ${staffName}, .+\\): “Picked up” is no longer possible`),
    )

    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'deliver')).toMatchObject({
      ok: true,
      value: { moved: `${so.code} delivered` },
    })
    expect(await statusOf('transport_bookings', bookingId)).toBe('delivered')
    expect(await statusOf('transport_requests', requestId)).toBe('delivered')
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('delivered')
    // Delivering raises nothing more: the one invoice is the pickup's.
    const invoices = await db()
      .selectFrom('buyer_invoices')
      .select(['number', 'total_minor'])
      .where('seller_order_id', '=', order.sellerOrderId)
      .execute()
    expect(invoices).toHaveLength(1)
    const invoice = invoices[0]!
    expect(invoice.number).toBe(raised[0]!.number)
    expect(Number(invoice.total_minor)).toBeGreaterThan(0)
    const master = await db()
      .selectFrom('master_orders')
      .select('status')
      .where('id', '=', so.master_order_id)
      .executeTakeFirstOrThrow()
    expect(master.status).toBe('delivered')
    // One entry per step in the request's history, naming the order it moved.
    expect((await requestHistory(requestId)).slice(0, 2)).toEqual([
      {
        action: 'transport_booking.delivered',
        after: expect.objectContaining({ status: 'delivered', request: 'delivered', order: `${so.code} delivered` }),
      },
      {
        action: 'transport_booking.picked_up',
        after: expect.objectContaining({
          status: 'picked_up',
          request: 'in_transit',
          order: `${so.code} dispatched, invoice ${invoice.number} raised`,
        }),
      },
    ])
  })

  it('a sample courier dispatches and delivers its sample order; when the samples are not in stock nothing moves', async () => {
    const sku = await makeSampleSku({ stock: 5, chargeMinor: 0 })
    const shipTo = (
      await db()
        .selectFrom('addresses')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('kind', '=', 'shipping')
        .executeTakeFirstOrThrow()
    ).id
    const added = await addSampleLine(db(), staff, buyerId, sku)
    if (!added.ok) throw new Error(added.message)
    const saved = await saveSampleCart(db(), staff, buyerId, {
      shipTo,
      note: '',
      lines: [{ id: added.value.lineId, quantity: '2' }],
    })
    if (!saved.ok) throw new Error(saved.message)
    const placed = await placeSampleCart(db(), staff, buyerId, `ship-sample-${++counter}`)
    if (!placed.ok) throw new Error(placed.message)
    const sampleId = placed.value.id
    expect(await takeSampleStep(db(), staff, SAMPLE_LENS, sampleId, 'approve')).toMatchObject({ ok: true })
    const code = (
      await db().selectFrom('sample_orders').select('code').where('id', '=', sampleId).executeTakeFirstOrThrow()
    ).code
    const { requestId, bookingId } = await booked('sample', code, 'AWB-SHIP-1')

    // Not enough in stock: the sample order's refusal is the booking's, and nothing changes.
    await db().updateTable('sample_skus').set({ stock: 1 }).where('id', '=', sku).execute()
    const refused = await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')
    expect(refused).toMatchObject({ ok: false })
    expect(refused.ok ? '' : refused.message).toMatch(/^Not enough .+ The booking was not changed either\.$/)
    expect(await statusOf('transport_bookings', bookingId)).toBe('booked')
    expect(await statusOf('transport_requests', requestId)).toBe('booked')
    expect(await statusOf('sample_orders', sampleId)).toBe('approved')
    expect((await requestHistory(requestId))[0]!.action).toBe('transport_request.booked')

    await db().updateTable('sample_skus').set({ stock: 5 }).where('id', '=', sku).execute()
    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'pick_up')).toMatchObject({
      ok: true,
      value: { moved: `${code} dispatched` },
    })
    expect(
      await db()
        .selectFrom('sample_orders')
        .select(['status', 'courier', 'tracking_number'])
        .where('id', '=', sampleId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'dispatched', courier: 'Lifecycle Freight', tracking_number: 'AWB-SHIP-1' })
    expect(
      (await db().selectFrom('sample_skus').select('stock').where('id', '=', sku).executeTakeFirstOrThrow()).stock,
    ).toBe(3)

    expect(await takeBookingStep(db(), staff, requestId, bookingId, 'deliver')).toMatchObject({
      ok: true,
      value: { moved: `${code} delivered` },
    })
    expect(await statusOf('sample_orders', sampleId)).toBe('delivered')
    const sampleHistory = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'sample_order')
      .where('entity_id', '=', String(sampleId))
      .orderBy('id', 'desc')
      .limit(2)
      .execute()
    expect(sampleHistory.map((e) => e.action)).toEqual(['sample_order.delivered', 'sample_order.dispatched'])
  })
})
