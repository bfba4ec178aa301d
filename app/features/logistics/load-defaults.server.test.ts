import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { dateTimeInput } from '~/utils/fields'
import type { TransportType } from '#db/types'
import { takeBookingStep } from '~/lifecycle/shipments.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { makeCategory } from '../../../tests/support/catalogue'
import { userIdOf, viewerFor } from '../../../tests/support/db'
import { formOf, placeTestOrder, stagesAfter, stagesBefore } from '../../../tests/support/orders'
import { createBooking } from './bookings.server'
import { addressChoices, linkedOrderByCode } from './linked-orders.server'
import { addRequestAction, addRequestPage, bookingAction } from './pages.server'
import { createRequest } from './requests.server'

// Issue 51: a move's defaults come from the order (the warehouse of its product nearest the buyer, the
// earlier leg's packages and weights), and a pickup is recorded at the time entered.

let staff: { userId: number }
let sellerId: number
let counter = 0
const db = () => getDb()
const ahead = (days: number) => kolkataDay(new Date(Date.now() + days * 86_400_000))
const url = (path: string, params: Record<string, string> = {}) =>
  new URL(`http://localhost${path}?${new URLSearchParams(params)}`)

/** A buyer whose shipping address is in a state. */
async function buyerIn(state: string, city: string) {
  const id = await makeBuyer({ name: `Dock Buyer ${state} ${++counter}`, status: 'active' }, [
    { kind: 'shipping', city, isDefault: true },
    { kind: 'billing', city, isDefault: true },
  ])
  await db().updateTable('addresses').set({ state }).where('buyer_id', '=', id).execute()
  return id
}

/** A seller order of a product's goods that passed QC. */
async function passedOrder(buyerId: number, productSlug: string) {
  const categoryId = await makeCategory({ productSlug })
  const order = await placeTestOrder({
    userId: staff.userId,
    buyerId,
    sellerIds: [sellerId],
    key: `ld-${++counter}`,
    categoryIds: [categoryId],
  })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
    await stagesAfter(order.sellerOrderId, step)
  }
  return db()
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
}

/** The address an option id names, as the database has it. */
const addressOf = (id: string | number) =>
  db()
    .selectFrom('addresses as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select(['a.city', 'a.state', 'p.slug'])
    .where('a.id', '=', Number(id))
    .executeTakeFirstOrThrow()

async function addPage(type: TransportType, code: string) {
  const page = await addRequestPage(db(), type, url(`/logistics/transport_requests/add/${type}`, { order: code }))
  if (!page?.chosen?.defaults) throw new Error(`no form for ${code}`)
  return page.chosen as typeof page.chosen & { defaults: NonNullable<typeof page.chosen.defaults> }
}

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  sellerId = await makeSeller({ name: 'Dock Mills', status: 'active', contact_phone: '9822222222' })
  await db()
    .insertInto('addresses')
    .values({
      seller_id: sellerId,
      kind: 'pickup',
      line1: 'Shed 4, SIPCOT',
      city: 'Erode',
      state: 'Tamil Nadu',
      pin: '638001',
      is_default: 1,
    })
    .execute()
})

describe('the default warehouse of a move', () => {
  it('is a warehouse of the order’s product in the buyer’s state, not the fabric warehouse', async () => {
    const yarn = await passedOrder(await buyerIn('Tamil Nadu', 'Coimbatore'), 'yarn')
    const firstMile = await addPage('first_mile', yarn.code)
    expect(await addressOf(firstMile.defaults.toAddressId)).toEqual({
      city: 'Tiruppur',
      state: 'Tamil Nadu',
      slug: 'yarn',
    })
    const garments = await passedOrder(await buyerIn('Maharashtra', 'Thane'), 'garments')
    expect(await addressOf((await addPage('first_mile', garments.code)).defaults.toAddressId)).toEqual({
      city: 'Bhiwandi',
      state: 'Maharashtra',
      slug: 'garments',
    })
    // A buyer in a state with no warehouse: the product's default warehouse.
    const elsewhere = await passedOrder(await buyerIn('Punjab', 'Ludhiana'), 'yarn')
    expect(await addressOf((await addPage('last_mile', elsewhere.code)).defaults.fromAddressId)).toEqual({
      city: 'Bhiwandi',
      state: 'Maharashtra',
      slug: 'yarn',
    })
    // The others are still offered: the user may choose another.
    expect(firstMile.to.length).toBeGreaterThan(2)
  })

  it('a last mile leaves from the warehouse its first mile took the goods to', async () => {
    const so = await passedOrder(await buyerIn('Maharashtra', 'Pune'), 'fabric')
    const order = (await linkedOrderByCode(db(), so.code))!
    const choices = await addressChoices(db(), 'first_mile', order)
    const tiruppur = choices.to.find((a) => /Tiruppur/.test(a.label) && /Fabric/i.test(a.label))!
    expect(choices.to[0]!.id).not.toBe(tiruppur.id)
    const created = await createRequest(
      db(),
      staff,
      'first_mile',
      so.code,
      { fromAddressId: choices.from[0]!.id, toAddressId: tiruppur.id, pickupOn: ahead(1), weight: 5_000, packages: 1 },
      undefined,
    )
    expect(created.ok).toBe(true)
    expect((await addPage('last_mile', so.code)).defaults.fromAddressId).toBe(String(tiruppur.id))
  })
})

describe('the load a move carries', () => {
  it('keeps each package’s weight, and the last mile starts from the first mile’s packages and weights', async () => {
    const so = await passedOrder(await buyerIn('Tamil Nadu', 'Salem'), 'yarn')
    const form = await addPage('first_mile', so.code)
    // The order's lines and quantities are shown; with no earlier leg the weight is left to be entered.
    expect(form.lines).toEqual([expect.objectContaining({ code: expect.stringMatching(/^BC-ld-/) })])
    expect(form.lines[0]!.quantity).toMatch(/^10\b/)
    expect(form.defaults).toMatchObject({ weight: '', packages: '1', packageWeights: '' })
    const fields = {
      intent: 'create',
      orderCode: so.code,
      fromAddressId: form.defaults.fromAddressId,
      toAddressId: form.defaults.toAddressId,
      pickupOn: ahead(1),
      weight: '30.5',
      packages: '3',
      notes: '',
    }
    // Weights that do not match the packages or the total are refused at their field.
    const miscounted = await addRequestAction(
      db(),
      await viewerFor('internal'),
      'first_mile',
      formOf({ ...fields, packageWeights: '12.5, 18' }),
    )
    expect(miscounted).toMatchObject({ status: 'invalid' })
    expect(JSON.stringify(miscounted)).toContain('Enter one weight per package: 3 packages, 2 weights')
    const missummed = await addRequestAction(
      db(),
      await viewerFor('internal'),
      'first_mile',
      formOf({ ...fields, packageWeights: '12.5, 10, 9' }),
    )
    expect(JSON.stringify(missummed)).toContain('The packages weigh 31.5 kg in all')
    const done = await addRequestAction(
      db(),
      await viewerFor('internal'),
      'first_mile',
      formOf({ ...fields, packageWeights: '12.5, 10\n8' }),
    )
    expect(done).toMatchObject({ status: 'done' })
    const row = await db()
      .selectFrom('transport_requests')
      .select(['weight_grams', 'packages', 'package_weights_json'])
      .where('order_code', '=', so.code)
      .executeTakeFirstOrThrow()
    expect({ ...row, weight_grams: Number(row.weight_grams) }).toEqual({
      weight_grams: 30_500,
      packages: 3,
      package_weights_json: '[12500,10000,8000]',
    })
    const lastMile = await addPage('last_mile', so.code)
    expect(lastMile.defaults).toMatchObject({ weight: '30.5', packages: '3', packageWeights: '12.5, 10, 8' })
    expect(lastMile.carriedFrom).toMatch(/^TR-\d{4}-\d{6} \(first mile\)$/)
  })
})

describe('recording a pickup', () => {
  async function bookedMove() {
    const so = await passedOrder(await buyerIn('Tamil Nadu', 'Madurai'), 'yarn')
    const order = (await linkedOrderByCode(db(), so.code))!
    const choices = await addressChoices(db(), 'first_mile', order)
    const created = await createRequest(
      db(),
      staff,
      'first_mile',
      so.code,
      {
        fromAddressId: choices.from[0]!.id,
        toAddressId: choices.to[0]!.id,
        pickupOn: ahead(0),
        weight: 5_000,
        packages: 1,
      },
      undefined,
    )
    if (!created.ok) throw new Error(created.message)
    const booked = await createBooking(
      db(),
      staff,
      created.value.id,
      {
        transporter: 'Dock Roadways',
        vehicleNumber: 'TN38AB1234',
        driverPhone: '',
        lrNumber: `LR-DOCK-${++counter}`,
        pickupAt: new Date(Date.now() - 6 * 3_600_000).toISOString(),
        expectedDeliveryAt: new Date(Date.now() + 86_400_000).toISOString(),
        freight: 500_000,
      },
      undefined,
    )
    if (!booked.ok) throw new Error(booked.message)
    return { requestId: created.value.id, bookingId: booked.value.id }
  }
  const pickUp = async (ids: { requestId: number; bookingId: number }, pickedUpAt: string) =>
    bookingAction(
      db(),
      await viewerFor('internal'),
      String(ids.requestId),
      String(ids.bookingId),
      formOf({ intent: 'pick_up', form: 'pick_up', pickedUpAt }),
      takeBookingStep,
    )
  const pickedUpAt = async (bookingId: number) =>
    (
      await db()
        .selectFrom('transport_bookings')
        .select(['picked_up_at', 'status'])
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow()
    ).picked_up_at

  it('stores the time entered, not the time of the click, and tells it in the history', async () => {
    const ids = await bookedMove()
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000)
    threeHoursAgo.setUTCSeconds(0, 0)
    expect(await pickUp(ids, dateTimeInput(threeHoursAgo.toISOString()))).toMatchObject({ status: 'done' })
    expect(await pickedUpAt(ids.bookingId)).toBe(threeHoursAgo.toISOString())
    const entry = await db()
      .selectFrom('audit_events')
      .select('after_json')
      .where('entity_type', '=', 'transport_request')
      .where('entity_id', '=', String(ids.requestId))
      .where('action', '=', 'transport_booking.picked_up')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(entry.after_json!)).toMatchObject({ pickedUpAt: threeHoursAgo.toISOString() })
  })

  it('refuses a pickup time in the future or more than a month back, and nothing moves', async () => {
    const ids = await bookedMove()
    const tomorrow = await pickUp(ids, dateTimeInput(new Date(Date.now() + 86_400_000).toISOString()))
    expect(tomorrow).toMatchObject({ status: 'invalid' })
    expect(JSON.stringify(tomorrow)).toContain('The pickup time cannot be in the future')
    const longAgo = await pickUp(ids, dateTimeInput(new Date(Date.now() - 40 * 86_400_000).toISOString()))
    expect(JSON.stringify(longAgo)).toContain('more than 30 days ago')
    expect(await pickedUpAt(ids.bookingId)).toBeNull()
  })
})
