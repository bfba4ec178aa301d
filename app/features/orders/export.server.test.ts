import type { RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { parseCsv } from '../../../tests/support/csv'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { orderCsvFor } from './export.server'

// The order search's CSV: every order the filters match, in the list's order, through the lens;
// streamed a batch at a time (app/utils/csv.server.test.ts shows a batch is read only when the one
// before is taken), and whole and in order over 100,000 orders, many of them placed at one instant.

const viewer = (roles: RoleKey[], userId: number, company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
const csvOf = async (response: Response | undefined) => parseCsv(await response!.text())

describe('the order CSV', () => {
  it('holds every matching order in the list’s order, 100,000 of them, with ties on the sort column', async () => {
    const db = getDb()
    const buyerId = await makeBuyer({ name: 'Export Volume Buyer', status: 'active' })
    const total = 100_000
    const rows = []
    for (let i = 0; i < total; i++) {
      // Ten orders to each instant: the keyset must go on by id within a tie.
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 10) * 60_000).toISOString()
      rows.push({
        code: `MO-2026-X${String(i).padStart(6, '0')}`,
        buyer_id: buyerId,
        source: 'cart' as const,
        status: 'placed' as const,
        ship_to_json: '{"city":"Agra"}',
        bill_to_json: '{}',
        required_by: '2027-01-01',
        value_minor: 100_00 + i,
        cost_minor: 50_00,
        gst_minor: 5_00,
        line_count: 1,
        placed_at: at,
      })
      if (rows.length === 2000) await db.insertInto('master_orders').values(rows.splice(0)).execute()
    }
    const admin = viewer(['admin'], await userIdOf('admin@example.com'))
    const csv = await csvOf(
      orderCsvFor(db, admin, 'admin', new URL('http://x/admin/master_orders.csv?buyer=Export+Volume+Buyer')),
    )
    expect(csv).toHaveLength(total)
    // Newest first, and within an instant the higher id first, as the list shows them.
    expect(csv[0]).toMatchObject({
      Order: 'MO-2026-X099999',
      Buyer: 'Export Volume Buyer',
      'Value (INR)': '1099.99',
      'Margin (INR)': '1049.99',
      'Ship to': 'Agra',
      Status: 'Placed',
    })
    expect(csv.at(-1)!.Order).toBe('MO-2026-X000000')
    expect(new Set(csv.map((r) => r.Order)).size).toBe(total)
    // Oldest first when the list is sorted so.
    const ascending = await csvOf(
      orderCsvFor(db, admin, 'admin', new URL('http://x/?buyer=Export+Volume+Buyer&dir=asc&q=MO-2026-X00001')),
    )
    expect(ascending.map((r) => r.Order)).toEqual(Array.from({ length: 10 }, (_, i) => `MO-2026-X0000${10 + i}`))
  }, 120_000)

  it('shows each portal what its lens shows, and nothing of another company', async () => {
    const db = getDb()
    const internal = await userIdOf('internal@example.com')
    const buyerId = await makeBuyer({ name: 'Export Lens Buyer', status: 'active' }, [
      { kind: 'shipping', city: 'Kochi', isDefault: true },
      { kind: 'billing', city: 'Kochi', isDefault: true },
    ])
    const sellerId = await makeSeller({ name: 'Export Lens Seller', status: 'active' })
    const order = await placeTestOrder({ userId: internal, buyerId, sellerIds: [sellerId], key: 'export-lens' })
    const code = (
      await db.selectFrom('master_orders').select('code').where('id', '=', order.id).executeTakeFirstOrThrow()
    ).code

    const buyer = await csvOf(
      orderCsvFor(
        db,
        viewer(['buyer'], internal, { kind: 'buyer', id: buyerId, name: 'B', status: 'active' }),
        'buyer',
        new URL('http://x/'),
      ),
    )
    expect(buyer.map((r) => r.Order)).toEqual([code])
    expect(Object.keys(buyer[0]!)).not.toContain('Cost (INR)')
    expect(buyer[0]).toMatchObject({ 'Value (INR)': '5000.00', 'Ship to': 'Kochi' })

    const seller = await csvOf(
      orderCsvFor(
        db,
        viewer(['seller'], internal, { kind: 'seller', id: sellerId, name: 'S', status: 'active' }),
        'seller',
        new URL('http://x/'),
      ),
    )
    expect(seller.map((r) => r.Order)).toEqual([code])
    expect(Object.keys(seller[0]!)).toEqual([
      'Order',
      'Your seller orders',
      'Placed at (IST)',
      'Needed by',
      'Lines',
      'Your value (INR)',
    ])
    expect(seller[0]!['Your seller orders']).toMatch(/^SO-\d{4}-\d{6}: Pending approval$/)
    expect(JSON.stringify(seller)).not.toContain('Export Lens Buyer')

    // A buyer user of no buyer has no order CSV (404).
    expect(orderCsvFor(db, viewer(['buyer'], internal), 'buyer', new URL('http://x/'))).toBeUndefined()
    // A filter that names no buyer gives the header only.
    const none = await orderCsvFor(
      db,
      viewer(['admin'], internal),
      'admin',
      new URL('http://x/?buyer=Nobody+At+All+Zz'),
    )!.text()
    expect(parseCsv(none)).toEqual([])
  })
})
