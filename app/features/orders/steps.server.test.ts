import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { stagesBefore } from '../../../tests/support/orders'
import { auditEntriesOf } from '~/features/audit/history.server'
import { addCartLine, saveCartLine } from './cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { cancelMasterOrder } from '~/lifecycle/master-orders.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'

let staff: { userId: number }
let admin: { userId: number }
let buyerId: number
let sellers: number[]

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  admin = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Stepwise Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  sellers = [
    await makeSeller({ name: 'Step Mill One', status: 'active' }),
    await makeSeller({ name: 'Step Mill Two', status: 'active' }),
  ]
})

/** A placed order with one line (and so one seller order) per seller given. */
async function placedOrder(key: string) {
  const db = getDb()
  for (const sellerId of sellers) {
    const productSkuId = await makeProductSku({ categoryId: 1 })
    const buyerSkuId = await makeBuyerSku({ buyerId, productSkuId, priceMinor: 10_000, moqMilli: 1_000 })
    const offer = await makeSellerSku({ sellerId, productSkuId, status: 'live' })
    const added = await addCartLine(db, staff, buyerId, buyerSkuId)
    if (!added.ok) throw new Error(added.message)
    await saveCartLine(db, staff, added.value.lineId, {
      quantity: '10',
      requiredBy: `${new Date().getUTCFullYear() + 1}-06-30`,
      sellerSkuId: offer,
    })
  }
  const placed = await placeCart(db, staff, buyerId, key)
  if (!placed.ok) throw new Error(JSON.stringify(placed))
  const sellerOrders = await db
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('master_order_id', '=', placed.value.id)
    .orderBy('id')
    .execute()
  return { id: placed.value.id, sellerOrders }
}

const masterStatus = async (id: number) =>
  (await getDb().selectFrom('master_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe('seller order steps', () => {
  it('of two approvers at once, exactly one wins and the other is told who decided', async () => {
    const order = await placedOrder('steps-1')
    const [first] = order.sellerOrders
    const outcomes = await Promise.all([
      takeSellerOrderStep(getDb(), staff, first.id, 'approve'),
      takeSellerOrderStep(getDb(), admin, first.id, 'approve'),
    ])
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    const loser = outcomes.find((o) => !o.ok)
    expect(loser).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        new RegExp(
          `^${first.code} is already approved \\(by (Isha Internal|Anita Admin), .+\\): “Approve” is no longer possible`,
        ),
      ),
    })
    const entries = await auditEntriesOf(getDb(), 'seller_order', first.id)
    expect(entries.map((e) => e.action)).toEqual(['seller_order.approved', 'seller_order.created'])
  })

  it('moves the master order with its least advanced seller order, recorded in its history', async () => {
    const db = getDb()
    const order = await placedOrder('steps-2')
    const [one, two] = order.sellerOrders
    await takeSellerOrderStep(db, staff, one.id, 'approve')
    expect(await masterStatus(order.id)).toBe('placed')
    await takeSellerOrderStep(db, staff, two.id, 'approve')
    expect(await masterStatus(order.id)).toBe('confirmed')
    await takeSellerOrderStep(db, staff, one.id, 'start_production')
    expect(await masterStatus(order.id)).toBe('confirmed')
    // A step out of order changes nothing.
    expect(await takeSellerOrderStep(db, staff, two.id, 'dispatch')).toMatchObject({
      ok: false,
      message: expect.stringContaining('“Dispatched” is no longer possible, and nothing was changed'),
    })
    expect(await takeSellerOrderStep(db, staff, two.id, 'cancel')).toMatchObject({ ok: false, field: 'reason' })
    expect(await takeSellerOrderStep(db, staff, two.id, 'cancel', 'Buyer dropped this item')).toMatchObject({
      ok: true,
      value: { status: 'cancelled' },
    })
    // Only the seller order in production counts now.
    expect(await masterStatus(order.id)).toBe('in_production')
    const history = await auditEntriesOf(db, 'master_order', order.id)
    expect(history.map((e) => [e.action, e.after_json && JSON.parse(e.after_json).status])).toEqual([
      ['master_order.status_changed', 'in_production'],
      ['master_order.status_changed', 'confirmed'],
      ['master_order.placed', undefined],
    ])
    const cancel = (await auditEntriesOf(db, 'seller_order', two.id))[0]
    expect(cancel).toMatchObject({
      action: 'seller_order.cancelled',
      note: 'Buyer dropped this item',
      before_json: JSON.stringify({ status: 'approved' }),
    })
  })

  it('refuses a rejection without a reason, and an unknown seller order', async () => {
    const order = await placedOrder('steps-3')
    expect(await takeSellerOrderStep(getDb(), staff, order.sellerOrders[0].id, 'reject', '   ')).toMatchObject({
      ok: false,
      field: 'reason',
    })
    expect(await takeSellerOrderStep(getDb(), staff, 987_654, 'approve')).toMatchObject({ ok: false, notFound: true })
  })
})

describe('cancelling a whole order', () => {
  it('needs a reason, cancels every open seller order, and is refused once a part is dispatched', async () => {
    const db = getDb()
    const order = await placedOrder('cancel-1')
    expect(await cancelMasterOrder(db, staff, order.id, '')).toMatchObject({ ok: false, field: 'reason' })
    await takeSellerOrderStep(db, staff, order.sellerOrders[0].id, 'approve')
    expect(await cancelMasterOrder(db, staff, order.id, 'The buyer withdrew the order')).toMatchObject({ ok: true })
    expect(await masterStatus(order.id)).toBe('cancelled')
    const statuses = await db
      .selectFrom('seller_orders')
      .select('status')
      .where('master_order_id', '=', order.id)
      .execute()
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled'])

    const later = await placedOrder('cancel-2')
    const [first] = later.sellerOrders
    for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch'] as const) {
      await stagesBefore(first.id, step)
      expect(await takeSellerOrderStep(db, staff, first.id, step)).toMatchObject({ ok: true })
    }
    expect(await cancelMasterOrder(db, staff, later.id, 'Too late')).toMatchObject({
      ok: false,
      message: `${first.code} is already dispatched: the order can no longer be cancelled as a whole.`,
    })
    expect(await masterStatus(later.id)).toBe('placed')
  })
})
