import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { portalHome } from '../dashboard/queries.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'

// Each portal's home: the order figures it acts on, linked to the filtered list behind each, and its queue.

const viewer = (roles: RoleKey[], userId: number, company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
const figure = (home: Awaited<ReturnType<typeof portalHome>>, label: string) =>
  home.figures.find((f) => f.label === label)

describe('portal homes', () => {
  it('show the approvers what waits longest, the seller what to start, the KAM and the buyer their open orders', async () => {
    const db = getDb()
    const internal = await userIdOf('internal@example.com')
    const kam = await userIdOf('kam.neha@example.com')
    const buyerId = await makeBuyer({ name: 'Home Queue Buyer', status: 'active', kam_user_id: kam }, [
      { kind: 'shipping', city: 'Nagpur', isDefault: true },
      { kind: 'billing', city: 'Nagpur', isDefault: true },
    ])
    const sellerId = await makeSeller({ name: 'Home Queue Seller', status: 'active' })
    // The KAM's other buyers' open orders in the demo, before these two.
    const kamBefore = figure(
      await portalHome(db, viewer(['demand_kam'], kam), 'demand_kam'),
      'Your buyers’ open orders',
    )
    const first = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerId], key: 'home-1' })
    const second = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerId], key: 'home-2' })
    await takeSellerOrderStep(db, { userId: internal }, first.sellerOrderId, 'approve')

    // Approvers: every seller order waiting, the oldest first in the queue.
    const waiting = await db
      .selectFrom('seller_orders')
      .select(['id', 'code'])
      .where('status', '=', 'pending_approval')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    const admin = await portalHome(db, viewer(['admin'], internal), 'admin')
    expect(figure(admin, 'Seller orders waiting for approval')).toMatchObject({
      value: waiting.length,
      to: '/admin/approvals/seller_orders',
    })
    expect(admin.queues[0]?.items[0]).toMatchObject({
      label: expect.stringContaining(waiting[0]!.code),
      to: `/admin/approvals/seller_orders#seller-order-${waiting[0]!.id}`,
    })
    expect(admin.queues[0]?.items.map((i) => i.id)).not.toContain(first.sellerOrderId)
    const supplier = await portalHome(db, viewer(['supplier_admin'], internal), 'supplier_admin')
    expect(figure(supplier, 'Seller orders waiting for approval')?.to).toBe(
      '/supplier_team/admin/approvals/seller_orders',
    )

    // The seller: the approved one to start, linked at its seller order on the order page.
    const seller = await portalHome(
      db,
      viewer(['seller'], internal, { kind: 'seller', id: sellerId, name: 'S', status: 'active' }),
      'seller',
    )
    expect(figure(seller, 'Orders to start')).toMatchObject({ value: 1, to: '/seller/master_orders?status=approved' })
    expect(figure(seller, 'Waiting for the platform’s approval')?.value).toBe(1)
    expect(seller.queues[0]?.items).toEqual([
      expect.objectContaining({
        id: first.sellerOrderId,
        to: `/seller/master_orders/${first.id}#seller-order-${first.sellerOrderId}`,
      }),
    ])
    expect(JSON.stringify(seller)).not.toContain('Home Queue Buyer')

    // The KAM of the buyer, and the buyer: its two open orders, newest first.
    const ofKam = await portalHome(db, viewer(['demand_kam'], kam), 'demand_kam')
    expect(figure(ofKam, 'Your buyers’ open orders')).toMatchObject({
      value: Number(kamBefore?.value ?? 0) + 2,
      to: '/demand_kam/master_orders?status=open',
    })
    expect(ofKam.queues[0]?.items.map((i) => i.id).slice(0, 2)).toEqual([second.id, first.id])
    const buyer = await portalHome(
      db,
      viewer(['buyer'], internal, { kind: 'buyer', id: buyerId, name: 'B', status: 'active' }),
      'buyer',
    )
    expect(figure(buyer, 'Your open orders')?.value).toBe(2)
    expect(buyer.queues[0]?.items[0]).toMatchObject({
      label: expect.stringMatching(/^MO-\d{4}-\d{6}$/),
      to: `/buyer/master_orders/${second.id}`,
    })
    // Portals without orders have no queue.
    expect((await portalHome(db, viewer(['catalog_manager'], internal), 'catalog_manager')).queues).toEqual([])
  })
})
