import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { orderPageAction, orderPageFor, orderPageTarget, orderSearchFor, sellerOrderPageTarget } from './pages.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'

// Who may open which order, and what each portal's loader returns of it (its lens): buyer A never
// reaches buyer B's order, a seller another seller's, a KAM or an agent outside their assignments;
// a buyer's data holds no seller or cost, a seller's no buyer or buyer price.

let internal: number
let kam: number
let agent: number
const ids = { buyerA: 0, buyerB: 0, sellerA: 0, sellerB: 0, orderA: 0, orderB: 0, sellerOrderA: 0, sellerOrderB: 0 }

const viewer = (roles: RoleKey[], userId: number, company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
const buyerUser = (buyerId: number) =>
  viewer(['buyer'], internal, { kind: 'buyer', id: buyerId, name: 'B', status: 'active' })
const sellerUser = (sellerId: number) =>
  viewer(['seller'], internal, { kind: 'seller', id: sellerId, name: 'S', status: 'active' })
async function order(buyerId: number, sellerId: number, key: string) {
  return placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerId], key })
}

beforeAll(async () => {
  const db = getDb()
  internal = await userIdOf('internal@example.com')
  kam = await userIdOf('demand_kam@example.com')
  agent = await userIdOf('supplier_agent@example.com')
  const addresses = [
    { kind: 'shipping' as const, city: 'Jaipur', isDefault: true },
    { kind: 'billing' as const, city: 'Jaipur', isDefault: true },
  ]
  ids.buyerA = await makeBuyer({ name: 'Lens Buyer A', status: 'active', kam_user_id: kam }, addresses)
  ids.buyerB = await makeBuyer({ name: 'Lens Buyer B', status: 'active', kam_user_id: null }, addresses)
  ids.sellerA = await makeSeller({ name: 'Lens Seller A', status: 'active', agent_user_id: agent })
  ids.sellerB = await makeSeller({ name: 'Lens Seller B', status: 'active', agent_user_id: null })
  const a = await order(ids.buyerA, ids.sellerA, 'lens-a')
  const b = await order(ids.buyerB, ids.sellerB, 'lens-b')
  Object.assign(ids, { orderA: a.id, orderB: b.id, sellerOrderA: a.sellerOrderId, sellerOrderB: b.sellerOrderId })
  expect(await db.selectFrom('master_orders').select('id').where('id', 'in', [a.id, b.id]).execute()).toHaveLength(2)
})

describe('who reaches which order', () => {
  it('buyers, sellers, KAMs and agents reach their own orders only; staff reach all', async () => {
    const db = getDb()
    const cases: [string, Viewer, Parameters<typeof orderPageFor>[2], number, number][] = [
      ['buyer A', buyerUser(ids.buyerA), 'buyer', ids.orderA, ids.orderB],
      ['seller A', sellerUser(ids.sellerA), 'seller', ids.orderA, ids.orderB],
      ['the KAM of buyer A', viewer(['demand_kam'], kam), 'demand_kam', ids.orderA, ids.orderB],
      ['the agent of seller A', viewer(['supplier_agent'], agent), 'supplier_agent', ids.orderA, ids.orderB],
    ]
    for (const [who, v, portal, own, foreign] of cases) {
      expect((await orderPageFor(db, v, portal, String(own)))?.order.id, who).toBe(own)
      expect(await orderPageFor(db, v, portal, String(foreign)), who).toBeUndefined()
      // A form posted to an order out of scope is not found, whatever it says.
      expect(await orderPageAction(db, v, portal, String(foreign), new FormData(), orderMoves), who).toEqual({
        status: 'not-found',
      })
      const list = await orderSearchFor(db, v, portal, new URL('http://x/?perPage=100'))
      expect(
        list?.rows.map((r) => r.id),
        who,
      ).toContain(own)
      expect(
        list?.rows.map((r) => r.id),
        who,
      ).not.toContain(foreign)
    }
    for (const portal of ['admin', 'biz_ops', 'biz_fin', 'logistics', 'supplier_admin'] as const) {
      expect(
        (
          await orderPageFor(
            db,
            viewer([portal === 'biz_ops' ? 'biz_ops' : portal], internal),
            portal,
            String(ids.orderB),
          )
        )?.order.id,
      ).toBe(ids.orderB)
    }
    // A buyer user of no buyer has no order pages at all.
    expect(await orderSearchFor(db, viewer(['buyer'], internal), 'buyer', new URL('http://x/'))).toBeUndefined()
  })

  it('sends a link to the page in the follower’s own portal, or nowhere', async () => {
    const db = getDb()
    expect(await orderPageTarget(db, buyerUser(ids.buyerA), ids.orderA)).toBe(`/buyer/master_orders/${ids.orderA}`)
    expect(await orderPageTarget(db, buyerUser(ids.buyerA), ids.orderB)).toBeNull()
    expect(await orderPageTarget(db, viewer(['admin'], internal), ids.orderB)).toBe(
      `/admin/master_orders/${ids.orderB}`,
    )
    expect(await orderPageTarget(db, viewer(['internal'], internal), ids.orderB)).toBe(`/master_orders/${ids.orderB}`)
    expect(await orderPageTarget(db, viewer(['demand_kam'], kam), ids.orderB)).toBeNull()
    expect(await sellerOrderPageTarget(db, sellerUser(ids.sellerA), ids.sellerOrderA)).toBe(
      `/seller/master_orders/${ids.orderA}#seller-order-${ids.sellerOrderA}`,
    )
    expect(await sellerOrderPageTarget(db, sellerUser(ids.sellerA), ids.sellerOrderB)).toBeNull()
    expect(await orderPageTarget(db, viewer(['catalog_manager'], internal), ids.orderA)).toBeNull()
  })
})

describe('what each portal’s data holds', () => {
  it('a buyer’s holds no seller and no cost; a seller’s no buyer and no buyer price', async () => {
    const db = getDb()
    const buyerPage = JSON.stringify(await orderPageFor(db, buyerUser(ids.buyerA), 'buyer', String(ids.orderA)))
    const buyerList = JSON.stringify(await orderSearchFor(db, buyerUser(ids.buyerA), 'buyer', new URL('http://x/')))
    for (const data of [buyerPage, buyerList]) {
      expect(data).not.toContain('Lens Seller A')
      expect(data).not.toMatch(/"costMinor":\d/)
      // Nor in its history's changes (JSON inside the JSON).
      expect(data).not.toContain('\\"cost\\"')
      expect(data).not.toContain('\\"seller\\"')
      expect(data).toContain('Lens Buyer A')
    }
    const sellerPage = JSON.stringify(await orderPageFor(db, sellerUser(ids.sellerA), 'seller', String(ids.orderA)))
    const sellerList = JSON.stringify(await orderSearchFor(db, sellerUser(ids.sellerA), 'seller', new URL('http://x/')))
    for (const data of [sellerPage, sellerList]) {
      expect(data).not.toContain('Lens Buyer A')
      expect(data).not.toContain('BC-lens-a')
      expect(data).not.toMatch(/"(valueMinor|priceMinor|gstMinor|marginMinor)":\d/)
      expect(data).not.toContain('Jaipur')
      expect(data).toMatch(/"costMinor":\d/)
    }
    // Logistics sees addresses but no money; finance sees the margin.
    const logistics = JSON.stringify(
      await orderPageFor(db, viewer(['logistics'], internal), 'logistics', String(ids.orderA)),
    )
    expect(logistics).toContain('Jaipur')
    expect(logistics).not.toMatch(/"(valueMinor|costMinor|priceMinor|marginMinor)":\d/)
    const finance = await orderPageFor(db, viewer(['biz_fin'], internal), 'biz_fin', String(ids.orderA))
    expect(finance?.order.money.marginMinor).toBe(500_000 - Number(finance?.order.money.costMinor))
  })
})
