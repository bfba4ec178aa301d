import type { MasterOrderStatus, RoleKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeCategory } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { orderSearchFor } from './pages.server'
import { OPEN_STATUSES } from './states'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'

// The category filter of the order searches: alone or with the buyer, status and placed dates it
// is counted on master_order_categories, with anything else on the orders themselves; both ways
// must find the same orders, in every portal's scope, and the table must follow each order's status.

let internal: number
let kam: number
let agent: number
const ids = { buyerX: 0, buyerY: 0, sellerOne: 0, sellerTwo: 0, catA: 0, catB: 0 }
const orders = { o1: 0, o2: 0, o3: 0, o4: 0 }
let o4Status = ''

const viewer = (roles: RoleKey[], userId: number, company: Viewer['company'] = null): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company,
  sessionIdHash: 'x',
})
/** The platform's day (placed dates are Kolkata days). */
const today = () => kolkataDay()

beforeAll(async () => {
  const db = getDb()
  internal = await userIdOf('internal@example.com')
  kam = await userIdOf('demand_kam@example.com')
  agent = await userIdOf('supplier_agent@example.com')
  const addresses = [
    { kind: 'shipping' as const, city: 'Surat', isDefault: true },
    { kind: 'billing' as const, city: 'Surat', isDefault: true },
  ]
  ids.buyerX = await makeBuyer({ name: 'Category Buyer X', status: 'active', kam_user_id: kam }, addresses)
  ids.buyerY = await makeBuyer({ name: 'Category Buyer Y', status: 'active', kam_user_id: null }, addresses)
  ids.sellerOne = await makeSeller({ name: 'Category Seller One', status: 'active', agent_user_id: agent })
  ids.sellerTwo = await makeSeller({ name: 'Category Seller Two', status: 'active', agent_user_id: null })
  ids.catA = await makeCategory({ name: 'Search Category A' })
  ids.catB = await makeCategory({ name: 'Search Category B' })
  const place = (key: string, buyerId: number, sellerIds: number[], categoryIds: number[]) =>
    placeTestOrder({ userId: internal, buyerId, sellerIds, categoryIds, key })
  orders.o1 = (await place('cat-1', ids.buyerX, [ids.sellerOne, ids.sellerTwo], [ids.catA, ids.catB])).id
  orders.o2 = (await place('cat-2', ids.buyerX, [ids.sellerOne], [ids.catA])).id
  orders.o3 = (await place('cat-3', ids.buyerY, [ids.sellerTwo], [ids.catB])).id
  const o4 = await place('cat-4', ids.buyerY, [ids.sellerOne], [ids.catA])
  orders.o4 = o4.id
  const approved = await takeSellerOrderStep(db, { userId: internal }, o4.sellerOrderId, 'approve')
  expect(approved.ok).toBe(true)
  o4Status = (await db.selectFrom('master_orders').select('status').where('id', '=', o4.id).executeTakeFirstOrThrow())
    .status
  expect(o4Status).not.toBe('placed')
})

describe('master_order_categories', () => {
  it('holds each order once per category of its lines, with the order’s buyer, status and placing time', async () => {
    const db = getDb()
    const rows = await db
      .selectFrom('master_order_categories as moc')
      .innerJoin('master_orders as m', 'm.id', 'moc.master_order_id')
      .select([
        'moc.master_order_id',
        'moc.category_id',
        'moc.buyer_id',
        'moc.status',
        'moc.placed_at',
        'm.buyer_id as orderBuyer',
        'm.status as orderStatus',
        'm.placed_at as orderPlaced',
      ])
      .where('moc.master_order_id', 'in', Object.values(orders))
      .orderBy('moc.master_order_id')
      .orderBy('moc.category_id')
      .execute()
    expect(rows.map((r) => [r.master_order_id, r.category_id])).toEqual([
      [orders.o1, ids.catA],
      [orders.o1, ids.catB],
      [orders.o2, ids.catA],
      [orders.o3, ids.catB],
      [orders.o4, ids.catA],
    ])
    for (const r of rows)
      expect([r.buyer_id, r.status, r.placed_at]).toEqual([r.orderBuyer, r.orderStatus, r.orderPlaced])
    expect(rows.find((r) => r.master_order_id === orders.o4)?.status).toBe(o4Status)
  })
})

describe('the category filter', () => {
  const admin = () => viewer(['admin'], internal)
  const cases: [
    label: string,
    who: () => Viewer,
    portal: Parameters<typeof orderSearchFor>[2],
    query: () => string,
    expected: () => number[],
  ][] = [
    ['a category', admin, 'admin', () => `category=${ids.catA}`, () => [orders.o1, orders.o2, orders.o4]],
    ['the other category', admin, 'admin', () => `category=${ids.catB}`, () => [orders.o1, orders.o3]],
    ['with a status', admin, 'admin', () => `category=${ids.catA}&status=placed`, () => [orders.o1, orders.o2]],
    [
      'with the status an order moved to',
      admin,
      'admin',
      () => `category=${ids.catA}&status=${o4Status}`,
      () => [orders.o4],
    ],
    [
      'with open orders',
      admin,
      'admin',
      () => `category=${ids.catA}&status=open`,
      () => [orders.o1, orders.o2, orders.o4],
    ],
    ['with cancelled orders', admin, 'admin', () => `category=${ids.catA}&status=cancelled`, () => []],
    ['with a buyer', admin, 'admin', () => `category=${ids.catA}&buyer=Category+Buyer+X`, () => [orders.o1, orders.o2]],
    [
      'placed today',
      admin,
      'admin',
      () => `category=${ids.catA}&placedFrom=${today()}&placedTo=${today()}`,
      () => [orders.o1, orders.o2, orders.o4],
    ],
    ['placed before today', admin, 'admin', () => `category=${ids.catA}&placedTo=2020-01-01`, () => []],
    [
      'with a source (counted on the orders)',
      admin,
      'admin',
      () => `category=${ids.catB}&source=cart`,
      () => [orders.o1, orders.o3],
    ],
    [
      'with a seller (counted on the orders)',
      admin,
      'admin',
      () => `category=${ids.catA}&seller=Category+Seller+One`,
      () => [orders.o1, orders.o2, orders.o4],
    ],
    [
      'with a code prefix (counted on the orders)',
      admin,
      'admin',
      () => `category=${ids.catA}&q=MO-`,
      () => [orders.o1, orders.o2, orders.o4],
    ],
    [
      'in a buyer’s portal',
      () => viewer(['buyer'], internal, { kind: 'buyer', id: ids.buyerX, name: 'X', status: 'active' }),
      'buyer',
      () => `category=${ids.catB}`,
      () => [orders.o1],
    ],
    [
      'in a KAM’s portal',
      () => viewer(['demand_kam'], kam),
      'demand_kam',
      () => `category=${ids.catA}`,
      () => [orders.o1, orders.o2],
    ],
    [
      'in an agent’s portal',
      () => viewer(['supplier_agent'], agent),
      'supplier_agent',
      () => `category=${ids.catB}`,
      () => [orders.o1],
    ],
    [
      'in a seller’s portal',
      () => viewer(['seller'], internal, { kind: 'seller', id: ids.sellerTwo, name: 'S', status: 'active' }),
      'seller',
      () => `category=${ids.catA}`,
      () => [orders.o1],
    ],
  ]
  it.each(cases)('%s: the count and the rows are the same orders', async (_label, who, portal, query, expected) => {
    const page = await orderSearchFor(getDb(), who(), portal, new URL(`http://x/?perPage=100&${query()}`))
    const found = page!.rows.map((r) => r.id).filter((id) => Object.values(orders).includes(id))
    expect(found.sort()).toEqual(expected().sort())
    // Only these orders have lines in the test's categories, so the exact count is theirs.
    expect(page!.total).toBe(expected().length)
    expect(page!.rows).toHaveLength(expected().length)
  })
})

describe('master_order_counts', () => {
  const admin = () => viewer(['admin'], internal)
  const grouped = async () => {
    const rows = await getDb()
      .selectFrom('master_orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
  }
  const kept = async () => {
    const rows = await getDb()
      .selectFrom('master_order_counts')
      .select(['status', 'orders'])
      .where('orders', '!=', 0)
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.orders)]))
  }

  const groupedByCategory = async () => {
    const rows = await getDb()
      .selectFrom('master_order_categories')
      .select(['category_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['category_id', 'status'])
      .execute()
    return Object.fromEntries(rows.map((r) => [`${r.category_id} ${r.status}`, Number(r.n)]))
  }
  const keptByCategory = async () => {
    const rows = await getDb()
      .selectFrom('master_order_category_counts')
      .select(['category_id', 'status', 'orders'])
      .where('orders', '!=', 0)
      .execute()
    return Object.fromEntries(rows.map((r) => [`${r.category_id} ${r.status}`, Number(r.orders)]))
  }
  const groupedByBuyer = async () => {
    const rows = await getDb()
      .selectFrom('master_orders')
      .select(['buyer_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['buyer_id', 'status'])
      .execute()
    return Object.fromEntries(rows.map((r) => [`${r.buyer_id} ${r.status}`, Number(r.n)]))
  }
  const keptByBuyer = async () => {
    const rows = await getDb()
      .selectFrom('master_order_buyer_counts')
      .select(['buyer_id', 'status', 'orders'])
      .where('orders', '!=', 0)
      .execute()
    return Object.fromEntries(rows.map((r) => [`${r.buyer_id} ${r.status}`, Number(r.orders)]))
  }
  const inStep = async () => {
    expect(await kept()).toEqual(await grouped())
    expect(await keptByCategory()).toEqual(await groupedByCategory())
    expect(await keptByBuyer()).toEqual(await groupedByBuyer())
  }

  it('holds as many orders per status, and per category and status, as there are, after placing, approving and cancelling', async () => {
    await inStep()
    const db = getDb()
    const cancelled = await placeTestOrder({
      userId: internal,
      buyerId: ids.buyerY,
      sellerIds: [ids.sellerTwo, ids.sellerOne],
      categoryIds: [ids.catB, ids.catA],
      key: 'count-cancel',
    })
    await inStep()
    expect(
      (
        await db
          .selectFrom('master_order_category_counts')
          .select('orders')
          .where('category_id', '=', ids.catA)
          .where('status', '=', 'placed')
          .executeTakeFirstOrThrow()
      ).orders,
    ).toBe(3)
    for (const so of await db
      .selectFrom('seller_orders')
      .select('id')
      .where('master_order_id', '=', cancelled.id)
      .execute()) {
      expect((await takeSellerOrderStep(db, { userId: internal }, so.id, 'cancel', 'Buyer withdrew')).ok).toBe(true)
    }
    expect(
      (await db.selectFrom('master_orders').select('status').where('id', '=', cancelled.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('cancelled')
    await inStep()
  })

  const buyerX = () => viewer(['buyer'], internal, { kind: 'buyer', id: ids.buyerX, name: 'X', status: 'active' })
  const kamOf = () => viewer(['demand_kam'], kam)
  it.each([
    ['a buyer, all its orders', buyerX, 'buyer', ''],
    ['a buyer, its open orders', buyerX, 'buyer', 'status=open'],
    ['a buyer, its placed orders', buyerX, 'buyer', 'status=placed'],
    ['a KAM, all its buyers’ orders', kamOf, 'demand_kam', ''],
    ['a KAM, their open orders', kamOf, 'demand_kam', 'status=open'],
    ['a KAM, one of its buyers', kamOf, 'demand_kam', 'buyer=Category+Buyer+X'],
    ['a KAM, a buyer not its own', kamOf, 'demand_kam', 'buyer=Category+Buyer+Y'],
    ['staff, one buyer', admin, 'admin', 'buyer=Category+Buyer+Y'],
    ['staff, one buyer’s placed orders', admin, 'admin', 'buyer=Category+Buyer+X&status=placed'],
  ] as const)('%s: the kept count is the orders listed', async (_label, who, portal, query) => {
    const page = await orderSearchFor(getDb(), who(), portal, new URL(`http://x/?perPage=100&${query}`))
    expect(page!.rows.length).toBeLessThan(100)
    expect(page!.total).toBe(page!.rows.length)
  })

  it.each([
    ['every order', ''],
    ['open orders', 'status=open'],
    ['placed orders', 'status=placed'],
    ['cancelled orders', 'status=cancelled'],
    ['a status no order has', 'status=closed'],
    ['a status that is not one', 'status=lost'],
  ])('the staff search counts %s exactly', async (_label, query) => {
    const page = await orderSearchFor(getDb(), admin(), 'admin', new URL(`http://x/?perPage=100&${query}`))
    const statuses =
      query === 'status=open'
        ? OPEN_STATUSES
        : query && query !== 'status=lost'
          ? [query.slice('status='.length) as MasterOrderStatus]
          : null
    let all = getDb()
      .selectFrom('master_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
    if (statuses) all = all.where('status', 'in', statuses)
    const expected = Number((await all.executeTakeFirstOrThrow()).n)
    expect(page!.total).toBe(expected)
    expect(page!.rows).toHaveLength(Math.min(expected, 100))
  })
})

describe('open orders, one walk per status merged', () => {
  it('pages through the open orders newest first, as one list of every open status would', async () => {
    const db = getDb()
    const expected = (
      await db
        .selectFrom('master_orders')
        .select('id')
        .where('status', 'in', OPEN_STATUSES)
        .orderBy('placed_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id)
    expect(expected.length).toBeGreaterThan(6)
    const seen: number[] = []
    for (let page = 1; (page - 1) * 5 < expected.length; page++) {
      const found = await orderSearchFor(
        db,
        viewer(['admin'], internal),
        'admin',
        new URL(`http://x/?status=open&perPage=5&page=${page}`),
      )
      seen.push(...found!.rows.map((r) => r.id))
    }
    expect(seen).toEqual(expected)
    const oldestFirst = await orderSearchFor(
      db,
      viewer(['admin'], internal),
      'admin',
      new URL('http://x/?status=open&perPage=100&dir=asc'),
    )
    expect(oldestFirst!.rows.map((r) => r.id)).toEqual([...expected].reverse().slice(0, 100))
  })
})

describe('a seller’s list, counted from its own seller orders', () => {
  const seller = (id: number) => viewer(['seller'], internal, { kind: 'seller', id, name: 'S', status: 'active' })
  const search = async (sellerId: number, query: string) =>
    (await orderSearchFor(getDb(), seller(sellerId), 'seller', new URL(`http://x/?${query}`)))!
  /** The seller's orders with a seller order in the status (any), in the list's order, straight from the tables. */
  const direct = async (
    sellerId: number,
    status: string | null,
    dir: 'asc' | 'desc',
    by: 'placed_at' | 'required_by',
  ) => {
    let mine = getDb().selectFrom('seller_orders').select('master_order_id').where('seller_id', '=', sellerId)
    if (status) mine = mine.where('status', '=', status as 'approved')
    return (
      await getDb()
        .selectFrom('master_orders')
        .select('id')
        .where('id', 'in', mine)
        .orderBy(by, dir)
        .orderBy('id', dir)
        .execute()
    ).map((r) => r.id)
  }

  it('counts each order once and pages through a status in either order, as the tables say', async () => {
    const db = getDb()
    // A second seller order of the same seller on one order (as a QC split makes): still one order.
    const at = new Date().toISOString()
    await db
      .insertInto('seller_orders')
      .values({
        code: 'SO-SEARCH-SPLIT',
        master_order_id: orders.o1,
        seller_id: ids.sellerOne,
        status: 'approved',
        value_minor: 0,
        cost_minor: 0,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        counter_offer_json: null,
        moved_to_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute()
    const all = await search(ids.sellerOne, 'perPage=100')
    const every = await direct(ids.sellerOne, null, 'desc', 'placed_at')
    expect(every).toContain(orders.o1)
    expect(all.total).toBe(every.length)
    expect(all.capped).toBe(false)
    expect(all.rows.map((r) => r.id)).toEqual(every)
    expect(
      all.rows
        .find((r) => r.id === orders.o1)!
        .sellerOrders!.map((s) => s.status)
        .sort(),
    ).toEqual(['approved', 'pending_approval'])
    for (const status of ['approved', 'pending_approval', 'delivered'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const sort of ['placed', 'required'] as const) {
          const expected = await direct(ids.sellerOne, status, dir, sort === 'placed' ? 'placed_at' : 'required_by')
          const count = expected.length
          if (status !== 'delivered') expect(count).toBeGreaterThanOrEqual(2)
          const seen: number[] = []
          for (let page = 1; page <= count; page++) {
            const found = await search(ids.sellerOne, `status=${status}&perPage=1&page=${page}&dir=${dir}&sort=${sort}`)
            expect(found.total).toBe(count)
            seen.push(...found.rows.map((r) => r.id))
          }
          expect(seen).toEqual(expected)
        }
      }
    }
    // Another seller's orders are not this seller's, whatever the status.
    expect((await search(ids.sellerTwo, 'status=approved')).total).toBe(0)
  })
})
