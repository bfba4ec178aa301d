import { getDb } from '~/db.server'
import { buyerShipments } from '~/features/logistics/buyer-shipments.server'
import { api, tokenFor } from '../../../tests/support/api'
import { viewerFor } from '../../../tests/support/db'

// Shipments and QC inspections through the API: the buyer's own, as its order page tracks them;
// another buyer's 404; a seller reads only its own inspections and no shipments.

type Page<T = Record<string, unknown>> = { data: T[]; next_cursor: string | null }
type Shipment = { id: number; master_order: { id: number }; state: string; lines: string[] }
type Inspection = { id: number; master_order: { id: number }; outcome: string } & Record<string, unknown>

let buyerId: number
let buyer: string

beforeAll(async () => {
  buyerId = (await viewerFor('buyer@example.com')).company!.id
  buyer = await tokenFor('buyer@example.com')
})

async function all<T extends { id: number }>(path: string, token: string): Promise<T[]> {
  const seen: T[] = []
  let cursor: string | null = null
  do {
    const sep = path.includes('?') ? '&' : '?'
    const page: { status: number; json: Page<T> } = await api(
      'GET',
      `${path}${sep}limit=20${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    )
    expect(page.status).toBe(200)
    seen.push(...page.json.data)
    cursor = page.json.next_cursor
  } while (cursor)
  return seen
}

describe('shipments', () => {
  it('lists the last miles of the buyer’s orders as its order pages track them', async () => {
    const shipments = await all<Shipment>('/shipments', buyer)
    expect(shipments.length).toBeGreaterThan(0)
    const ours = new Set(
      (await getDb().selectFrom('master_orders').select('id').where('buyer_id', '=', buyerId).execute()).map(
        (o) => o.id,
      ),
    )
    expect(shipments.every((s) => ours.has(s.master_order.id))).toBe(true)
    // The same tracking the order page shows, order by order.
    const orderId = shipments[0]!.master_order.id
    const onPage = await buyerShipments(getDb(), orderId)
    const viaApi = await api<Page<Shipment & Record<string, unknown>>>('GET', `/shipments?master_order_id=${orderId}`, {
      token: buyer,
    })
    expect(
      viaApi.json.data
        .map(({ id: _id, master_order: _mo, lr_number, picked_up_at, expected_delivery_at, delivered_at, ...s }) => ({
          ...s,
          lrNumber: lr_number,
          pickedUpAt: picked_up_at,
          expectedDeliveryAt: expected_delivery_at,
          deliveredAt: delivered_at,
        }))
        .reverse(),
    ).toEqual(onPage)
    const one = await api<Shipment>('GET', `/shipments/${shipments[0]!.id}`, { token: buyer })
    expect(one.json).toEqual(shipments[0])
  })

  it('another buyer’s shipment is 404; a first mile is not a shipment; a seller is refused', async () => {
    const theirs = await getDb()
      .selectFrom('transport_requests as r')
      .innerJoin('master_orders as mo', 'mo.id', 'r.master_order_id')
      .select('r.id')
      .where('mo.buyer_id', '!=', buyerId)
      .where('r.transport_type', '=', 'last_mile')
      .executeTakeFirstOrThrow()
    expect((await api('GET', `/shipments/${theirs.id}`, { token: buyer })).status).toBe(404)
    const firstMile = await getDb()
      .selectFrom('transport_requests as r')
      .innerJoin('master_orders as mo', 'mo.id', 'r.master_order_id')
      .select('r.id')
      .where('mo.buyer_id', '=', buyerId)
      .where('r.transport_type', '=', 'first_mile')
      .executeTakeFirst()
    if (firstMile) expect((await api('GET', `/shipments/${firstMile.id}`, { token: buyer })).status).toBe(404)
    const staff = await api('GET', `/shipments/${theirs.id}`, { token: await tokenFor('logistics@example.com') })
    expect(staff.status).toBe(200)
    expect((await api('GET', '/shipments', { token: await tokenFor('seller@example.com') })).status).toBe(403)
  })
})

describe('inspections', () => {
  it('a buyer reads its orders’ outcomes only: no code, operator, notes or findings', async () => {
    const inspections = await all<Inspection>('/inspections', buyer)
    expect(inspections.length).toBeGreaterThan(0)
    const own = await getDb()
      .selectFrom('qc_inspections as i')
      .innerJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
      .select(['i.id', 'i.code', 'i.notes'])
      .where('mo.buyer_id', '=', buyerId)
      .where('i.status', '<>', 'cancelled')
      .orderBy('i.id', 'desc')
      .execute()
    expect(inspections.map((i) => i.id)).toEqual(own.map((i) => i.id))
    for (const i of inspections)
      expect(Object.keys(i).sort()).toEqual(['decided_at', 'id', 'lines', 'master_order', 'outcome', 'scheduled_on'])
    const text = JSON.stringify(inspections)
    for (const i of own) {
      expect(text).not.toContain(i.code)
      if (i.notes) expect(text).not.toContain(i.notes)
    }
    const one = await api<Inspection>('GET', `/inspections/${inspections[0]!.id}`, { token: buyer })
    expect(one.json).toEqual(inspections[0])
    const ofOrder = await api<Page<Inspection>>(
      'GET',
      `/inspections?master_order_id=${inspections[0]!.master_order.id}`,
      {
        token: buyer,
      },
    )
    expect(ofOrder.json.data.every((i) => i.master_order.id === inspections[0]!.master_order.id)).toBe(true)
  })

  it('another buyer’s inspection is 404; a seller reads its own with the findings, never the operator', async () => {
    const theirs = await getDb()
      .selectFrom('qc_inspections as i')
      .innerJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
      .select(['i.id'])
      .where('mo.buyer_id', '!=', buyerId)
      .where('i.status', '<>', 'cancelled')
      .executeTakeFirstOrThrow()
    expect((await api('GET', `/inspections/${theirs.id}`, { token: buyer })).status).toBe(404)

    const sellerViewer = await viewerFor('seller@example.com')
    const seller = await tokenFor('seller@example.com')
    const mine = await all<Inspection>('/inspections', seller)
    const ownIds = await getDb()
      .selectFrom('qc_inspections')
      .select('id')
      .where('seller_id', '=', sellerViewer.company!.id)
      .where('status', '<>', 'cancelled')
      .orderBy('id', 'desc')
      .execute()
    expect(mine.map((i) => i.id)).toEqual(ownIds.map((i) => i.id))
    expect(mine.every((i) => typeof i.code === 'string' && !('operator' in i))).toBe(true)
    const other = await getDb()
      .selectFrom('qc_inspections')
      .select('id')
      .where('seller_id', '!=', sellerViewer.company!.id)
      .executeTakeFirst()
    if (other) expect((await api('GET', `/inspections/${other.id}`, { token: seller })).status).toBe(404)

    const admin = await api<Inspection>('GET', `/inspections/${theirs.id}`, {
      token: await tokenFor('admin@example.com'),
    })
    expect(typeof admin.json.operator).toBe('string')
  })
})
