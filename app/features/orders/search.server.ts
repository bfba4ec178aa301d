import type { StaffComparison } from './counter-offer.server'
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely'
import type { Database } from '#db/database'
import type { DB, MasterOrderStatus, SellerOrderStatus } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { countUpTo } from '~/utils/count.server'
import { startOfKolkataDay } from '~/utils/format'
import type { Executor } from '~/platform/executor'
import { orderHistory } from './history.server'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { qcOutcomes } from '../qc/outcomes.server'
import { orderShipping } from '../logistics/queries.server'
import { orderMoney } from '../settlements/queries.server'
import { staffHoldNotice } from '../credit/hold'
import { orderSight, type OrderLens, type OrderPortal, type OrderSight } from './lens'
import type { OrderFilters } from './schema'
import { ordersInStatuses, type CountOf } from './counts.server'
import { masterOrderStatuses, OPEN, OPEN_STATUSES, SELLER_ORDER_STATUSES } from './states'

// The one search and the one detail of master orders, for every portal through its lens (lens.ts).
// Filters go through the master_orders indexes (placed_at, status, buyer, required_by, source), for
// a seller through the seller_orders indexes, and for a category through master_order_categories.

/** The lens of a portal for this viewer; null when the viewer has no orders there (a buyer user of no buyer). */
export function lensFor(viewer: Pick<Viewer, 'userId' | 'roles' | 'company'>, portal: OrderPortal): OrderLens | null {
  const see = orderSight[portal]
  const admin = viewer.roles.includes('admin')
  switch (portal) {
    case 'buyer':
      return viewer.company?.kind === 'buyer'
        ? { portal, see, scope: { kind: 'buyer', buyerId: viewer.company.id } }
        : null
    case 'seller':
      return viewer.company?.kind === 'seller'
        ? { portal, see, scope: { kind: 'seller', sellerId: viewer.company.id } }
        : null
    case 'demand_kam':
      return { portal, see, scope: admin ? { kind: 'all' } : { kind: 'kam', userId: viewer.userId } }
    case 'supplier_agent':
      return { portal, see, scope: admin ? { kind: 'all' } : { kind: 'agent', userId: viewer.userId } }
    default:
      return { portal, see, scope: { kind: 'all' } }
  }
}

const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/**
 * How a condition on an order's seller orders is put: `probe` tests each order the query reaches
 * (EXISTS, one index lookup: a walk along a sort index stops at the page, one order is one lookup);
 * `gather` collects the matching seller orders' orders first (IN), best when they are few.
 * SQLite builds an IN's whole set before the first row: a seller with 300,000 orders is 300 ms.
 */
type Way = 'probe' | 'gather'

/** Orders with a seller order of this seller (or of this agent's sellers), in this status if given. */
function withSellerOrder(way: Way, of: { sellerId?: number; agentUserId?: number; status?: SellerOrderStatus }) {
  return (eb: ExpressionBuilder<DB, 'master_orders'>) => {
    let mine = eb.selectFrom('seller_orders').select('seller_orders.master_order_id')
    if (of.sellerId !== undefined) mine = mine.where('seller_orders.seller_id', '=', of.sellerId)
    if (of.agentUserId !== undefined)
      mine = mine.where(
        'seller_orders.seller_id',
        'in',
        eb.selectFrom('sellers').select('sellers.id').where('sellers.agent_user_id', '=', of.agentUserId),
      )
    if (of.status !== undefined) mine = mine.where('seller_orders.status', '=', of.status)
    return way === 'gather'
      ? eb('master_orders.id', 'in', mine)
      : eb.exists(mine.whereRef('seller_orders.master_order_id', '=', 'master_orders.id'))
  }
}

/** Master orders in the lens's scope (a seller's: those with one of its seller orders). */
function scoped(db: Executor, lens: OrderLens, way: Way = 'probe') {
  let query = db.selectFrom('master_orders')
  const scope = lens.scope
  if (scope.kind === 'buyer') query = query.where('master_orders.buyer_id', '=', scope.buyerId)
  if (scope.kind === 'kam')
    query = query.where(
      'master_orders.buyer_id',
      'in',
      db.selectFrom('buyers').select('buyers.id').where('buyers.kam_user_id', '=', scope.userId),
    )
  if (scope.kind === 'seller') query = query.where(withSellerOrder(way, { sellerId: scope.sellerId }))
  if (scope.kind === 'agent') query = query.where(withSellerOrder(way, { agentUserId: scope.userId }))
  // An order on credit hold is not sent to its sellers until finance releases it (docs/domain.md "Credit").
  if (scope.kind === 'seller' || scope.kind === 'agent') query = query.where('master_orders.credit_hold', '!=', 'held')
  return query
}

/** The ids of the orders the lens reaches (to check one before acting on it). */
export const scopedOrderIds = (db: Executor, lens: OrderLens) => scoped(db, lens).select('master_orders.id')

type Resolved = { buyerId: number | null; sellerId: number | null }

/** A master-order status filter as it applies to master orders (the seller's list filters its own seller orders instead). */
const masterStatusFilter = (lens: OrderLens, status: string): 'open' | MasterOrderStatus | null => {
  if (lens.scope.kind === 'seller' || !status) return null
  if (status === OPEN) return OPEN
  return (masterOrderStatuses as readonly string[]).concat('cancelled').includes(status)
    ? (status as MasterOrderStatus)
    : null
}

/**
 * The lens's orders matching the filters, and whether a filter other than those the category's
 * table also holds (category, buyer, status, placed dates) narrows them: see countOf.
 */
function filtering(db: Executor, lens: OrderLens, f: OrderFilters, ids: Resolved, way: Way = 'probe') {
  // A seller's status filter is its own seller orders in that status: the scope's test is in it.
  const sellerStatus = lens.scope.kind === 'seller' && (SELLER_ORDER_STATUSES as readonly string[]).includes(f.status)
  let query = sellerStatus
    ? db.selectFrom('master_orders').where('master_orders.credit_hold', '!=', 'held')
    : scoped(db, lens, way)
  let beyondCategories = lens.scope.kind === 'seller' || lens.scope.kind === 'agent'
  const beyond = (next: typeof query) => {
    beyondCategories = true
    return next
  }
  if (f.q) {
    // A code or the start of one (MO-2026-00012 or SO-…), as a range on the unique code index.
    const upper = `${f.q}\uffff`
    query = beyond(
      f.q.startsWith('SO')
        ? query.where(
            'master_orders.id',
            'in',
            db
              .selectFrom('seller_orders')
              .select('seller_orders.master_order_id')
              .where('seller_orders.code', '>=', f.q)
              .where('seller_orders.code', '<', upper),
          )
        : query.where('master_orders.code', '>=', f.q).where('master_orders.code', '<', upper),
    )
  }
  if (ids.buyerId !== null) query = query.where('master_orders.buyer_id', '=', ids.buyerId)
  if (ids.sellerId !== null) query = beyond(query.where(withSellerOrder(way, { sellerId: ids.sellerId })))
  // The seller filters by the status of its own seller orders, the one it acts on.
  if (sellerStatus && lens.scope.kind === 'seller')
    query = query.where(withSellerOrder(way, { sellerId: lens.scope.sellerId, status: f.status as SellerOrderStatus }))
  const status = masterStatusFilter(lens, f.status)
  if (status === OPEN) query = query.where('master_orders.status', 'in', OPEN_STATUSES)
  else if (status) query = query.where('master_orders.status', '=', status)
  if (f.category !== null) {
    // One probe of the order's categories per order the other filters and the sort walk through.
    const category = f.category
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('master_order_categories as moc')
          .select('moc.master_order_id')
          .where('moc.category_id', '=', category)
          .whereRef('moc.master_order_id', '=', 'master_orders.id'),
      ),
    )
  }
  if (f.source === 'channels') query = beyond(query.where('master_orders.source', 'in', ['solv', 'gt']))
  else if (f.source) query = beyond(query.where('master_orders.source', '=', f.source as 'cart'))
  if (f.placedFrom) query = query.where('master_orders.placed_at', '>=', startOfKolkataDay(f.placedFrom))
  if (f.placedTo) query = query.where('master_orders.placed_at', '<', startOfKolkataDay(dayAfter(f.placedTo)))
  if (f.requiredFrom) query = beyond(query.where(neededByOf(lens), '>=', f.requiredFrom))
  if (f.requiredTo) query = beyond(query.where(neededByOf(lens), '<=', f.requiredTo))
  return { query, beyondCategories }
}

const filtered = (db: Executor, lens: OrderLens, f: OrderFilters, ids: Resolved, way: Way = 'probe') =>
  filtering(db, lens, f, ids, way).query

/** Which kept count answers the search, if one does: only a status and a category, or a buyer (its own, a KAM's, the filter's). */
function keptCount(lens: OrderLens, f: OrderFilters, ids: Resolved): CountOf | undefined {
  if (f.q || ids.sellerId !== null || f.source || f.placedFrom || f.placedTo || f.requiredFrom || f.requiredTo)
    return undefined
  const scope = lens.scope
  if (f.category !== null) return scope.kind === 'all' && ids.buyerId === null ? { categoryId: f.category } : undefined
  if (scope.kind === 'all') return ids.buyerId === null ? null : { buyerId: ids.buyerId }
  if (scope.kind === 'buyer') return { buyerId: scope.buyerId }
  if (scope.kind === 'kam')
    return ids.buyerId === null ? { kamUserId: scope.userId } : { buyerId: ids.buyerId, kamUserId: scope.userId }
  return undefined
}

/**
 * A seller's orders, or those with one of its seller orders in a status, when no other filter
 * applies: its seller orders' master orders, one index range (seller_orders_seller_master_idx), not
 * a probe of the seller's orders for every order.
 */
function sellerOwnCount(db: Executor, lens: OrderLens, f: OrderFilters, ids: Resolved) {
  if (
    lens.scope.kind !== 'seller' ||
    f.q ||
    f.category !== null ||
    f.source ||
    f.placedFrom ||
    f.placedTo ||
    f.requiredFrom ||
    f.requiredTo ||
    ids.buyerId !== null ||
    ids.sellerId !== null
  )
    return undefined
  let query = db
    .selectFrom('seller_orders')
    .select('seller_orders.master_order_id')
    .where('seller_orders.seller_id', '=', lens.scope.sellerId)
  if (f.status && (SELLER_ORDER_STATUSES as readonly string[]).includes(f.status))
    query = query.where('seller_orders.status', '=', f.status as SellerOrderStatus)
  return query.groupBy('seller_orders.master_order_id')
}

/**
 * How many orders match. Every order, a category's, a buyer's or a KAM's buyers', with a status or
 * the open ones: exact, from the counts kept (counts.server.ts). Any other search (a seller's
 * orders, dates, a code, a source) is counted up to COUNT_CAP (countUpTo: "10,000+" past it, so a
 * seller with 400,000 orders costs what one with 10,000 does): a category with a buyer or placed
 * dates on the category's table alone (one index range), otherwise on the orders the other filters'
 * indexes reach, each probed for the category.
 */
async function countOf(
  db: Database,
  lens: OrderLens,
  f: OrderFilters,
  ids: Resolved,
): Promise<{ total: number; capped: boolean; kept: boolean }> {
  const kept = keptCount(lens, f, ids)
  if (kept !== undefined) {
    const status = masterStatusFilter(lens, f.status)
    return {
      total: await ordersInStatuses(db, status === OPEN ? OPEN_STATUSES : status ? [status] : undefined, kept),
      capped: false,
      kept: true,
    }
  }
  return { ...(await countedUpTo(db, lens, f, ids)), kept: false }
}

/** The count of a search no kept count answers, up to COUNT_CAP. */
async function countedUpTo(db: Database, lens: OrderLens, f: OrderFilters, ids: Resolved) {
  const own = sellerOwnCount(db, lens, f, ids)
  if (own) return countUpTo(db, own)
  const { query, beyondCategories } = filtering(db, lens, f, ids)
  if (f.category === null || beyondCategories) return countUpTo(db, query.select('master_orders.id'))
  let byCategory = db.selectFrom('master_order_categories as moc').where('moc.category_id', '=', f.category)
  const scope = lens.scope
  if (scope.kind === 'buyer') byCategory = byCategory.where('moc.buyer_id', '=', scope.buyerId)
  if (scope.kind === 'kam')
    byCategory = byCategory.where(
      'moc.buyer_id',
      'in',
      db.selectFrom('buyers').select('buyers.id').where('buyers.kam_user_id', '=', scope.userId),
    )
  if (ids.buyerId !== null) byCategory = byCategory.where('moc.buyer_id', '=', ids.buyerId)
  const status = masterStatusFilter(lens, f.status)
  if (status === OPEN) byCategory = byCategory.where('moc.status', 'in', OPEN_STATUSES)
  else if (status) byCategory = byCategory.where('moc.status', '=', status)
  if (f.placedFrom) byCategory = byCategory.where('moc.placed_at', '>=', startOfKolkataDay(f.placedFrom))
  if (f.placedTo) byCategory = byCategory.where('moc.placed_at', '<', startOfKolkataDay(dayAfter(f.placedTo)))
  return countUpTo(db, byCategory.select('moc.master_order_id'))
}

export interface OrderRow {
  id: number
  code: string
  /** The master order's status; null for a seller, who reads its own seller orders' (`sellerOrders`). */
  status: MasterOrderStatus | null
  source: string
  /** The order's id in its channel (Solv, GT); null for orders placed from the cart. */
  channelOrderId: string | null
  placedAt: string
  /** The earliest needed-by date of the lines the viewer reads (a seller: its own lines; null when it has none left). */
  requiredBy: string | null
  lineCount: number
  buyerName?: string
  valueMinor?: number
  gstMinor?: number
  costMinor?: number
  /** The seller's own seller orders on it (the seller's list): code, status and needed-by. */
  sellerOrders?: { code: string; status: SellerOrderStatus; requiredBy: string | null }[]
  shipToCity?: string
  /**
   * The order waits on credit hold (docs/domain.md "Credit": where a hold shows): staff and the
   * buyer read it beside the status, each in its own words; never set for a seller.
   */
  creditHeld?: boolean
}

export interface OrderList {
  rows: OrderRow[]
  total: number
  /** `total` is a lower bound: counting stopped at COUNT_CAP (see countOf). */
  capped: boolean
  /** A buyer or seller filter that named none or several: the message and the records to choose from. */
  buyerError: string | null
  buyerChoices?: PickOption[]
  sellerError: string | null
  sellerChoices?: PickOption[]
}

const cityOf = (json: string) => {
  try {
    return String((JSON.parse(json) as { city?: string }).city ?? '')
  } catch {
    return ''
  }
}

/** The buyer and seller the filters name, or why they name none (the list then shows nothing). */
async function resolveFilters(db: Database, lens: OrderLens, f: OrderFilters) {
  const ids: Resolved = { buyerId: null, sellerId: null }
  const errors: Omit<OrderList, 'rows' | 'total' | 'capped'> = { buyerError: null, sellerError: null }
  if (f.buyer && lens.see.buyer && lens.scope.kind !== 'buyer') {
    const match = await resolveCompany(db, 'buyer', f.buyer)
    if (match.ok) ids.buyerId = match.id
    else Object.assign(errors, { buyerError: match.message, buyerChoices: match.choices })
  }
  if (f.seller && lens.see.sellers && lens.scope.kind !== 'seller') {
    const match = await resolveCompany(db, 'seller', f.seller)
    if (match.ok) ids.sellerId = match.id
    else Object.assign(errors, { sellerError: match.message, sellerChoices: match.choices })
  }
  return { ids, errors, named: !errors.buyerError && !errors.sellerError }
}

/** A master order's own columns that its list rows and its page both read. */
const ORDER_COLUMNS = [
  'master_orders.id',
  'master_orders.code',
  'master_orders.status',
  'master_orders.source',
  'master_orders.channel_order_id',
  'master_orders.placed_at',
  'master_orders.line_count',
  'master_orders.value_minor',
  'master_orders.gst_minor',
  'master_orders.cost_minor',
  'master_orders.ship_to_json',
  'master_orders.credit_hold',
] as const

/**
 * When the orders are needed by as the lens tells it: the master order's date (the earliest of all
 * its lines) for staff and the buyer; for a seller the earliest of its own lines only, since the
 * master order's date may be another seller's line (docs/domain.md "A seller's figures are its own").
 */
export function neededByOf(lens: OrderLens): RawBuilder<string | null> {
  if (lens.scope.kind !== 'seller') return sql<string | null>`${sql.ref('master_orders.required_by')}`
  return sql<
    string | null
  >`(select min(own_lines.required_by) from sub_orders own_lines inner join seller_orders own on own.id = own_lines.seller_order_id where own.seller_id = ${lens.scope.sellerId} and own.master_order_id = ${sql.ref('master_orders.id')})`
}

/** A seller order's own needed-by: the earliest of its own lines (null when its lines moved away). */
export const sellerOrderNeededBy = (sellerOrderId: 'seller_orders.id' | 's.id' | 'so.id') =>
  sql<
    string | null
  >`(select min(so_lines.required_by) from sub_orders so_lines where so_lines.seller_order_id = ${sql.ref(sellerOrderId)})`

const sortColumnOf = (f: OrderFilters, lens: OrderLens): RawBuilder<string | null> =>
  f.sort === 'required' ? neededByOf(lens) : sql<string>`${sql.ref('master_orders.placed_at')}`

/** The matching orders with the columns the rows are made of, in the list's order. */
function rowQuery(db: Database, lens: OrderLens, f: OrderFilters, ids: Resolved) {
  return filtered(db, lens, f, ids)
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .select([...ORDER_COLUMNS, neededByOf(lens).as('required_by'), 'buyers.name as buyer_name'])
    .orderBy(sortColumnOf(f, lens), f.dir)
    .orderBy('master_orders.id', f.dir)
}
type FoundRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number]

/**
 * The ids of one page of the matching orders, in the list's order, from master_orders alone (no
 * join: the database walks a sort index and stops at the page). Open orders are several statuses:
 * one walk of the status index per status, each stopping at the page's end, merged; an `in` over
 * the statuses would gather and sort every open order.
 *
 * A search counted in full below COUNT_CAP (`gather`: a seller's orders in a status, a code, dates)
 * matches few enough orders to gather them through its filters' indexes and sort them: the sort key
 * is given as an expression no index holds, so the database cannot choose to walk the sort index
 * instead, probing every order for the filters (which, where the matches are the newest orders and
 * the list asks for the oldest first, means walking nearly every order before the first match).
 */
async function pageIds(
  db: Database,
  lens: OrderLens,
  f: OrderFilters,
  ids: Resolved,
  offset: number,
  gather: boolean,
): Promise<number[]> {
  const column = sortColumnOf(f, lens)
  const walk = (g: OrderFilters) =>
    filtered(db, lens, g, ids)
      .select(['master_orders.id', column.as('sort_key')])
      .orderBy(column, f.dir)
      .orderBy('master_orders.id', f.dir)
  if (gather) {
    const sorted = filtered(db, lens, f, ids, 'gather')
      .select('master_orders.id')
      .orderBy(sql`${column} || ''`, f.dir)
      .orderBy(sql`master_orders.id + 0`, f.dir)
    return (await sorted.limit(f.pageSize).offset(offset).execute()).map((r) => r.id)
  }
  if (masterStatusFilter(lens, f.status) !== OPEN)
    return (await walk(f).limit(f.pageSize).offset(offset).execute()).map((r) => r.id)
  const [first, ...others] = OPEN_STATUSES.map((status) =>
    db
      .selectFrom(
        walk({ ...f, status })
          .limit(offset + f.pageSize)
          .as('w'),
      )
      .select(['w.id', 'w.sort_key']),
  )
  const merged = others.reduce((union, next) => union.unionAll(next), first!)
  const page = await db
    .selectFrom(merged.as('u'))
    .select('u.id')
    .orderBy('u.sort_key', f.dir)
    .orderBy('u.id', f.dir)
    .limit(f.pageSize)
    .offset(offset)
    .execute()
  return page.map((r) => r.id)
}

/** The rows of these orders, in the order given. */
async function rowsOf(db: Database, lens: OrderLens, orderIds: number[]): Promise<FoundRow[]> {
  if (!orderIds.length) return []
  const found = await db
    .selectFrom('master_orders')
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .select([...ORDER_COLUMNS, neededByOf(lens).as('required_by'), 'buyers.name as buyer_name'])
    .where('master_orders.id', 'in', orderIds)
    .execute()
  const byId = new Map(found.map((row) => [row.id, row]))
  return orderIds.flatMap((id) => byId.get(id) ?? [])
}

/** The rows through the lens: the fields it shows, and for a seller its own seller orders and its cost of them. */
async function lensRows(db: Database, lens: OrderLens, found: FoundRow[]): Promise<OrderRow[]> {
  const see = lens.see
  // The seller's own seller orders, and its cost of them: never the order's value or other sellers'.
  const own =
    lens.scope.kind === 'seller' && found.length
      ? await db
          .selectFrom('seller_orders')
          .select([
            'master_order_id',
            'code',
            'status',
            'cost_minor',
            (eb) =>
              eb
                .selectFrom('sub_orders')
                .select((e) => e.fn.countAll<number>().as('n'))
                .whereRef('sub_orders.seller_order_id', '=', 'seller_orders.id')
                .as('lines'),
            sellerOrderNeededBy('seller_orders.id').as('required_by'),
          ])
          .where('seller_id', '=', lens.scope.sellerId)
          .where(
            'master_order_id',
            'in',
            found.map((r) => r.id),
          )
          .orderBy('id')
          .execute()
      : []
  return found.map((r): OrderRow => {
    const row: OrderRow = {
      id: r.id,
      code: r.code,
      // A seller reads its own seller orders' states (below), never the master order's: that is every seller's together.
      status: lens.scope.kind === 'seller' ? null : r.status,
      source: r.source,
      channelOrderId: lens.scope.kind === 'seller' ? null : r.channel_order_id,
      placedAt: r.placed_at,
      requiredBy: r.required_by,
      lineCount: r.line_count,
    }
    if (see.buyer) row.buyerName = r.buyer_name
    if (see.value) Object.assign(row, { valueMinor: Number(r.value_minor), gstMinor: Number(r.gst_minor) })
    if (see.cost) row.costMinor = Number(r.cost_minor)
    if (see.addresses) row.shipToCity = cityOf(r.ship_to_json)
    if (lens.scope.kind !== 'seller' && lens.scope.kind !== 'agent' && r.credit_hold === 'held') row.creditHeld = true
    if (lens.scope.kind === 'seller') {
      const mine = own.filter((s) => s.master_order_id === r.id)
      row.sellerOrders = mine.map((s) => ({ code: s.code, status: s.status, requiredBy: s.required_by }))
      row.costMinor = mine.reduce((sum, s) => sum + Number(s.cost_minor), 0)
      row.lineCount = mine.reduce((sum, s) => sum + Number(s.lines), 0)
    }
    return row
  })
}

/** One page of the lens's orders matching the filters, with the exact count of all that match. */
export async function listOrders(db: Database, lens: OrderLens, f: OrderFilters): Promise<OrderList> {
  const { ids, errors, named } = await resolveFilters(db, lens, f)
  if (!named) return { rows: [], total: 0, capped: false, ...errors }
  const { total, capped, kept } = await countOf(db, lens, f, ids)
  const offset = (f.page - 1) * f.pageSize
  if (offset >= total && !capped) return { rows: [], total, capped, ...errors }
  const found = await rowsOf(db, lens, await pageIds(db, lens, f, ids, offset, !kept && !capped))
  return { rows: await lensRows(db, lens, found), total, capped, ...errors }
}

/**
 * The lens's orders matching the filters, newest placed first, after a row (keyset: its placed time
 * and id), up to `limit` rows through the lens: the integration API's cursor pages. A buyer id given
 * narrows staff's search to that buyer (where the lens shows buyers).
 */
export async function orderRowsAfter(
  db: Database,
  lens: OrderLens,
  f: OrderFilters,
  buyerId: number | null,
  after: { placedAt: string; id: number } | null,
  limit: number,
): Promise<OrderRow[]> {
  const ids: Resolved = { buyerId: lens.see.buyer && lens.scope.kind !== 'buyer' ? buyerId : null, sellerId: null }
  let query = rowQuery(db, lens, { ...f, sort: 'placed', dir: 'desc' }, ids)
  if (after) {
    const { placedAt, id } = after
    query = query.where((eb) =>
      eb.or([
        eb('master_orders.placed_at', '<', placedAt),
        eb.and([eb('master_orders.placed_at', '=', placedAt), eb('master_orders.id', '<', id)]),
      ]),
    )
  }
  return lensRows(db, lens, await query.limit(limit).execute())
}

/** Rows per query of the CSV export. */
export const EXPORT_BATCH = 1000

/**
 * Every order the search matches (not one page), in the list's order, as rows through the lens, a
 * batch at a time: each batch one query that starts after the last row of the one before (keyset,
 * on the sort column and the id), so the export costs the same per row from the first to the last.
 */
export async function* orderRowBatches(
  db: Database,
  lens: OrderLens,
  f: OrderFilters,
  batch = EXPORT_BATCH,
): AsyncGenerator<OrderRow[]> {
  const { ids, named } = await resolveFilters(db, lens, f)
  if (!named) return
  const column = sortColumnOf(f, lens)
  const beyond = f.dir === 'desc' ? '<' : '>'
  let last: FoundRow | null = null
  for (;;) {
    let query = rowQuery(db, lens, f, ids)
    if (last) {
      const key = f.sort === 'required' ? last.required_by : last.placed_at
      const id = last.id
      query = query.where((eb) =>
        eb.or([eb(column, beyond, key), eb.and([eb(column, '=', key), eb('master_orders.id', beyond, id)])]),
      )
    }
    const found = await query.limit(batch).execute()
    if (found.length) yield await lensRows(db, lens, found)
    if (found.length < batch) return
    last = found[found.length - 1]!
  }
}

export interface OrderAddress {
  label: string | null
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
}

const parseAddress = (json: string): OrderAddress | null => {
  try {
    return JSON.parse(json) as OrderAddress
  } catch {
    return null
  }
}

/**
 * One master order as the lens shows it, or undefined outside its scope (answered 404): the order,
 * its seller orders (a seller's own only) with their lines and each line's stage, and its history.
 */
export async function orderDetail(db: Database, lens: OrderLens, id: number) {
  const order = await scoped(db, lens)
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .leftJoin('users as placer', 'placer.id', 'master_orders.placed_by')
    .select([
      ...ORDER_COLUMNS,
      neededByOf(lens).as('required_by'),
      'master_orders.bill_to_json',
      'master_orders.cancel_reason',
      'master_orders.buyer_id',
      'master_orders.credit_hold_reason',
      'master_orders.credit_held_at',
      'master_orders.credit_hold_overdue_minor',
      'master_orders.credit_hold_over_limit_minor',
      'buyers.name as buyer_name',
      'placer.name as placed_by_name',
    ])
    .where('master_orders.id', '=', id)
    .executeTakeFirst()
  if (!order) return undefined
  const see = lens.see
  const seller = lens.scope.kind === 'seller' ? lens.scope.sellerId : null

  let sellerOrdersQuery = db
    .selectFrom('seller_orders')
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .leftJoin('users as decider', 'decider.id', 'seller_orders.decided_by')
    .leftJoin('seller_orders as moved', 'moved.id', 'seller_orders.moved_to_id')
    .select([
      'seller_orders.id',
      'seller_orders.code',
      'seller_orders.status',
      'seller_orders.seller_id',
      'sellers.name as seller_name',
      'seller_orders.value_minor',
      'seller_orders.cost_minor',
      'seller_orders.decided_at',
      'seller_orders.decision_note',
      'seller_orders.counter_offer_json',
      'decider.name as decider_name',
      'moved.code as moved_to_code',
    ])
    .where('seller_orders.master_order_id', '=', id)
    .orderBy('seller_orders.id')
  if (seller !== null) sellerOrdersQuery = sellerOrdersQuery.where('seller_orders.seller_id', '=', seller)
  const sellerOrders = await sellerOrdersQuery.execute()
  const sellerOrderIds = sellerOrders.map((s) => s.id)

  const lines = await sellerOrderLines(db, sellerOrderIds)

  const [history, inspections, shipping, settlement] = await Promise.all([
    orderHistory(db, lens, id, sellerOrderIds),
    qcOutcomes(
      db,
      sellerOrderIds,
      lens.scope.kind === 'buyer' ? 'buyer' : lens.scope.kind === 'seller' ? 'seller' : 'staff',
    ),
    see.shipping ? orderShipping(db, id) : null,
    see.settlement ? orderMoney(db, id) : null,
  ])

  return {
    id: order.id,
    code: order.code,
    // A seller reads each of its seller orders' states, never the master order's: that is every seller's together.
    status: seller === null ? order.status : null,
    source: order.source,
    channelOrderId: order.channel_order_id,
    placedAt: order.placed_at,
    placedBy: lens.scope.kind === 'seller' || lens.scope.kind === 'buyer' ? null : order.placed_by_name,
    requiredBy: order.required_by,
    cancelReason: order.cancel_reason,
    // Staff read the open hold in figures; the buyer's page words it itself (buyer-order.server.ts); a seller never.
    hold:
      order.credit_hold === 'held' && lens.scope.kind !== 'seller' && lens.scope.kind !== 'buyer'
        ? staffHoldNotice({
            heldAt: order.credit_held_at ?? order.placed_at,
            overdueMinor: order.credit_hold_overdue_minor,
            overLimitMinor: order.credit_hold_over_limit_minor,
            reason: order.credit_hold_reason ?? '',
          })
        : null,
    buyer: see.buyer ? { id: order.buyer_id, name: order.buyer_name } : null,
    shipping,
    settlement,
    money: {
      valueMinor: see.value ? Number(order.value_minor) : null,
      gstMinor: see.value ? Number(order.gst_minor) : null,
      costMinor: see.cost && seller === null ? Number(order.cost_minor) : null,
      marginMinor: see.margin ? Number(order.value_minor) - Number(order.cost_minor) : null,
    },
    shipTo: see.addresses ? parseAddress(order.ship_to_json) : null,
    billTo: see.addresses ? parseAddress(order.bill_to_json) : null,
    sellerOrders: sellerOrders.map((s) => ({
      id: s.id,
      code: s.code,
      status: s.status,
      sellerName: see.sellers ? s.seller_name : null,
      valueMinor: see.value ? Number(s.value_minor) : null,
      costMinor: see.cost ? Number(s.cost_minor) : null,
      decidedAt: s.decided_at,
      decidedBy: lens.scope.kind === 'buyer' || lens.scope.kind === 'seller' ? null : s.decider_name,
      decisionNote: lens.scope.kind === 'buyer' ? null : s.decision_note,
      // A seller reads that its lines went to another seller, never which seller order took them.
      linesMoved: s.moved_to_code !== null,
      movedToCode: seller !== null ? null : s.moved_to_code,
      counterOffer: counterOfferOf(s.counter_offer_json, see),
      // Staff pages fill it in (pages.server.ts: the counter-offer beside the lines); never a seller's or a buyer's.
      comparison: null as StaffComparison | null,
      lines: lines.of(s.id, see),
      requiredBy: lines.neededBy(s.id),
      inspections: inspections.get(s.id) ?? [],
    })),
    history,
  }
}
export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>

/**
 * A master order's own figure where only staff's and the buyer's lenses read it (never null there):
 * a seller's lens leaves it out, its figures being its own seller orders' (see orderDetail).
 */
export function masterFigure<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what}: not read through a seller's lens`)
  return value
}

/** A recorded counter-offer's lines as the lens shows them (its costs hidden where costs are). */
export function counterOfferOf(json: string | null, see: OrderSight) {
  if (!json) return null
  const offer = JSON.parse(json) as {
    lines: { subOrderId: number; quantityMilli: number; readyBy: string; costMinor: number }[]
  }
  return offer.lines.map((line) => ({
    subOrderId: line.subOrderId,
    quantityMilli: line.quantityMilli,
    readyBy: line.readyBy,
    costMinor: see.cost ? line.costMinor : null,
  }))
}

/**
 * The lines of some seller orders, with their items and their categories' workflow stages, to be
 * shown per seller order through a lens (`of`): prices and costs only where the lens shows them.
 */
export async function sellerOrderLines(db: Executor, sellerOrderIds: number[]) {
  const rows = sellerOrderIds.length
    ? await db
        .selectFrom('sub_orders as l')
        .innerJoin('buyer_skus as b', 'b.id', 'l.buyer_sku_id')
        .innerJoin('product_skus as p', 'p.id', 'l.product_sku_id')
        .innerJoin('products as pr', 'pr.id', 'p.product_id')
        .select([
          'l.id',
          'l.seller_order_id',
          'l.line_no',
          'l.category_id',
          'l.quantity_milli',
          'l.price_minor',
          'l.cost_minor',
          'l.gst_rate_bp',
          'l.buyer_sku_version',
          'l.required_by',
          'l.ready_by',
          'l.stage_position',
          'b.buyer_code',
          'p.code as product_sku_code',
          'p.name as product_sku_name',
          'pr.unit',
        ])
        .where('l.seller_order_id', 'in', sellerOrderIds)
        .orderBy('l.line_no')
        .execute()
    : []
  const categoryIds = [...new Set(rows.map((l) => l.category_id))]
  const stages = categoryIds.length
    ? await db
        .selectFrom('workflow_stages')
        .select(['category_id', 'position', 'name', 'qc_gate'])
        .where('category_id', 'in', categoryIds)
        .orderBy('category_id')
        .orderBy('position')
        .execute()
    : []
  return {
    /** A seller order's own needed-by: the earliest of its own lines (null when it has none). */
    neededBy: (sellerOrderId: number): string | null =>
      rows
        .filter((l) => l.seller_order_id === sellerOrderId)
        .reduce<string | null>((first, l) => (first === null || l.required_by < first ? l.required_by : first), null),
    of: (sellerOrderId: number, see: OrderSight) =>
      rows
        .filter((l) => l.seller_order_id === sellerOrderId)
        .map((l) => ({
          id: l.id,
          lineNo: l.line_no,
          buyerCode: see.buyer ? l.buyer_code : null,
          productSkuCode: l.product_sku_code,
          productSkuName: l.product_sku_name,
          unit: l.unit,
          quantityMilli: Number(l.quantity_milli),
          priceMinor: see.value ? Number(l.price_minor) : null,
          priceVersion: see.value ? l.buyer_sku_version : null,
          costMinor: see.cost ? Number(l.cost_minor) : null,
          gstRateBp: l.gst_rate_bp,
          requiredBy: l.required_by,
          readyBy: l.ready_by,
          stagePosition: l.stage_position,
          stages: stages
            .filter((st) => st.category_id === l.category_id)
            .map((st) => ({ position: st.position, name: st.name, qcGate: st.qc_gate === 1 })),
        })),
  }
}

/** Everything a portal's order search shows: the page of orders, the filters, the category choices. */
export async function orderSearchPage(db: Database, lens: OrderLens, filters: OrderFilters) {
  const [list, categories] = await Promise.all([
    listOrders(db, lens, filters),
    db
      .selectFrom('categories')
      .innerJoin('products', 'products.id', 'categories.product_id')
      .select(['categories.id', 'categories.name', 'products.name as productName'])
      .orderBy('products.name')
      .orderBy('categories.name')
      .execute(),
  ])
  return { ...list, filters, categories, portal: lens.portal, see: lens.see }
}
export type OrderSearchData = Awaited<ReturnType<typeof orderSearchPage>>
