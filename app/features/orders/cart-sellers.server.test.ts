import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { orderPlaced } from '~/lifecycle/master-orders.server'
import { findPicks } from '../search/pick.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { handleCartForm } from './cart-forms.server'
import { cartView, dayPlus, platformToday, QC_PASS_WINDOW_DAYS } from './cart.server'

// The cart's seller choice (its figures, sorted) and its lead-time warning; the buyer-SKU search by
// words of the product SKU's name (docs/domain.md "Approval rules").

let viewer: Viewer
let buyerId: number
let quick: number
let slow: number
let productSkuId: number
let quickOffer: number
let slowOffer: number
const today = platformToday()

function form(fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}

/** QC inspections of a seller, copied from a demo one (its order and operator), decided as given. */
async function inspections(sellerId: number, statuses: string[], scheduledOn = today) {
  const db = getDb()
  const model = await db.selectFrom('qc_inspections').selectAll().orderBy('id').executeTakeFirstOrThrow()
  for (const [i, status] of statuses.entries()) {
    const { id: _id, ...rest } = model
    await db
      .insertInto('qc_inspections')
      .values({
        ...rest,
        code: `QCT-${sellerId}-${scheduledOn}-${i}`,
        seller_id: sellerId,
        status: status as never,
        scheduled_on: scheduledOn,
        slot: `0${i}:${sellerId % 60}`.slice(-5),
        operator_id: model.operator_id,
        draft_key: null,
        submit_key: null,
      })
      .execute()
  }
}

beforeAll(async () => {
  const db = getDb()
  const userId = await userIdOf('internal@example.com')
  viewer = {
    userId,
    email: 'internal@example.com',
    name: 'Internal',
    phone: null,
    roles: ['internal'],
    company: null,
    sessionIdHash: 'x',
  }
  buyerId = await makeBuyer({ name: 'Lead Time Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
  ])
  quick = await makeSeller({ name: 'Quick Cheap Mills', status: 'active' })
  slow = await makeSeller({ name: 'Slow Steady Mills', status: 'active' })
  productSkuId = await makeProductSku({ categoryId: 1, name: 'Herringbone marigold twill' })
  await makeBuyerSku({ buyerId, productSkuId, buyerCode: 'LTA-1', priceMinor: 20_000, moqMilli: 100_000 })
  quickOffer = await makeSellerSku({ sellerId: quick, productSkuId, status: 'live' })
  slowOffer = await makeSellerSku({ sellerId: slow, productSkuId, status: 'live' })
  await db
    .updateTable('seller_skus')
    .set({ cost_minor: 9_000, lead_time_days: 5, monthly_capacity_milli: 10_000_000 })
    .where('id', '=', quickOffer)
    .execute()
  await db
    .updateTable('seller_skus')
    .set({ cost_minor: 11_000, lead_time_days: 30, monthly_capacity_milli: 90_000_000 })
    .where('id', '=', slowOffer)
    .execute()
  // Quick: 1 of 2 passed in the window (one partly approved), an old pass outside it and a
  // scheduled one not counted. Slow: 3 of 3.
  await inspections(quick, ['approved', 'partly_approved', 'scheduled'])
  await inspections(quick, ['approved', 'approved'], dayPlus(today, -QC_PASS_WINDOW_DAYS - 1))
  await inspections(slow, ['approved', 'approved', 'approved'])
})

describe('the cart’s seller choice', () => {
  it('shows each seller’s cost, lead time, capacity and QC pass rate, sorted as asked', async () => {
    const db = getDb()
    const added = await handleCartForm(db, viewer, buyerId, form({ intent: 'add', buyerSku: 'LTA-1' }), orderPlaced)
    expect(added.status).toBe('done')
    const view = (await cartView(db, viewer.userId, buyerId))!
    const [line] = view.lines
    // Filled in with the cheapest live offer; cheapest first by default.
    expect(line.sellerSkuId).toBe(quickOffer)
    expect(line.offers).toEqual([
      {
        id: quickOffer,
        sellerName: 'Quick Cheap Mills',
        costMinor: 9_000,
        leadTimeDays: 5,
        monthlyCapacityMilli: 10_000_000,
        qc: { passed: 1, decided: 2 },
      },
      {
        id: slowOffer,
        sellerName: 'Slow Steady Mills',
        costMinor: 11_000,
        leadTimeDays: 30,
        monthlyCapacityMilli: 90_000_000,
        qc: { passed: 3, decided: 3 },
      },
    ])
    const order = async (sort: 'cost' | 'lead' | 'capacity' | 'qc') =>
      (await cartView(db, viewer.userId, buyerId, new Date(), sort))!.lines[0].offers.map((o) => o.sellerName)
    expect(await order('lead')).toEqual(['Quick Cheap Mills', 'Slow Steady Mills'])
    expect(await order('capacity')).toEqual(['Slow Steady Mills', 'Quick Cheap Mills'])
    expect(await order('qc')).toEqual(['Slow Steady Mills', 'Quick Cheap Mills'])
  })

  it('warns (without refusing) when the line is needed sooner than the chosen seller’s lead time', async () => {
    const db = getDb()
    const [line] = (await cartView(db, viewer.userId, buyerId))!.lines
    const soon = dayPlus(today, 10)
    const save = (seller: number) =>
      handleCartForm(
        db,
        viewer,
        buyerId,
        form({
          intent: 'save',
          [`line.${line.id}.quantity`]: '100',
          [`line.${line.id}.requiredBy`]: soon,
          [`line.${line.id}.seller`]: String(seller),
        }),
        orderPlaced,
      )
    expect(await save(quickOffer)).toMatchObject({ status: 'done' })
    expect((await cartView(db, viewer.userId, buyerId))!.lines[0]).toMatchObject({ leadTimeWarning: null, errors: {} })
    expect(await save(slowOffer)).toMatchObject({ status: 'done' })
    const warned = (await cartView(db, viewer.userId, buyerId))!.lines[0]
    expect(warned.leadTimeWarning).toMatch(
      /^Slow Steady Mills needs 30 days: ready .+ at the earliest, later than it is needed$/,
    )
    // A warning, not a refusal: the line is still ready to order.
    expect(warned.errors).toEqual({})
    expect(warned.valueMinor).toBe(2_000_000)
  })
})

describe('the cart’s buyer-SKU search', () => {
  it('finds the buyer’s SKUs by words of the product SKU’s name, as well as by the buyer’s code', async () => {
    const db = getDb()
    const staff = { userId: viewer.userId, roles: ['internal'] as never[], within: buyerId }
    expect((await findPicks(db, staff, 'order_buyer_sku', 'marigold herring')).map((o) => o.label)).toEqual(['LTA-1'])
    expect((await findPicks(db, staff, 'order_buyer_sku', 'lta')).map((o) => o.label)).toEqual(['LTA-1'])
    expect(await findPicks(db, staff, 'order_buyer_sku', 'marigold velvet')).toEqual([])
    // Another buyer's SKU of the same product is not offered.
    const other = await makeBuyer({ name: 'Other Lead Apparel', status: 'active' })
    await makeBuyerSku({ buyerId: other, productSkuId, buyerCode: 'OLA-1' })
    expect((await findPicks(db, staff, 'order_buyer_sku', 'marigold')).map((o) => o.label)).toEqual(['LTA-1'])
  })
})
