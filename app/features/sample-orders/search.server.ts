import type { Database } from '#db/database'
import type { SelectQueryBuilder } from 'kysely'
import type { DB, SampleOrderStatus } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { startOfKolkataDay } from '~/utils/format'
import { historyQuery } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import { STAFF_VIEWER, tellAll } from '../audit/tell'
import { checkPick } from '../search/pick.server'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { sampleSight, type SampleLens, type SamplePortal } from './lens'
import { activeUsersWithRole } from '../companies/queries.server'
import { sampleOrdersIn } from './counts.server'
import type { SampleFilters } from './schema'
import { stepsFrom } from '~/platform/steps'
import { SAMPLE_OPEN, SAMPLE_OPEN_STATUSES, SAMPLE_ORDER_STATUSES, sampleOrderMachine } from './states'

// The one search and the one detail of sample orders, for every portal through its lens (lens.ts).
// Lists are newest first, in id order; filters go through the sample_orders indexes (status, buyer,
// each ending in the id; requested_at) and, for a sample SKU, through its items' index.

/** The lens of a portal for this viewer; null when the viewer has no sample orders there (a buyer user of no buyer). */
export function sampleLensFor(
  viewer: Pick<Viewer, 'userId' | 'roles' | 'company'>,
  portal: SamplePortal,
): SampleLens | null {
  const see = sampleSight[portal]
  switch (portal) {
    case 'buyer':
      return viewer.company?.kind === 'buyer'
        ? { portal, see, scope: { kind: 'buyer', buyerId: viewer.company.id } }
        : null
    case 'demand_kam':
      // A KAM follows its own buyers' sample orders; an admin in the KAM portal sees every one.
      return {
        portal,
        see,
        scope: viewer.roles.includes('admin') ? { kind: 'all' } : { kind: 'kam', userId: viewer.userId },
      }
    case 'main':
      // The main portal's user opens the sample orders it requested; an admin there, every one.
      return {
        portal,
        see,
        scope: viewer.roles.includes('admin') ? { kind: 'all' } : { kind: 'requester', userId: viewer.userId },
      }
    default:
      return { portal, see, scope: { kind: 'all' } }
  }
}

/** Sample orders in the lens's scope. */
export function scopedSampleOrders(db: Executor, lens: SampleLens) {
  const query = db.selectFrom('sample_orders')
  const scope = lens.scope
  if (scope.kind === 'buyer') return query.where('sample_orders.buyer_id', '=', scope.buyerId)
  if (scope.kind === 'kam')
    return query.where(
      'sample_orders.buyer_id',
      'in',
      db.selectFrom('buyers').select('buyers.id').where('buyers.kam_user_id', '=', scope.userId),
    )
  if (scope.kind === 'requester') return query.where('sample_orders.requested_by', '=', scope.userId)
  return query
}

const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/** The records the typed filters name: a buyer, a sample SKU (null: any; a message: names none or several). */
interface Resolved {
  buyerId: number | null
  buyerError: string | null
  buyerChoices: PickOption[] | undefined
  sampleSkuId: number | null
  sampleSkuError: string | null
  sampleSkuChoices: PickOption[] | undefined
}

async function resolveFilters(
  db: Executor,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  lens: SampleLens,
  f: SampleFilters,
): Promise<Resolved> {
  const resolved: Resolved = {
    buyerId: null,
    buyerError: null,
    buyerChoices: undefined,
    sampleSkuId: null,
    sampleSkuError: null,
    sampleSkuChoices: undefined,
  }
  if (f.buyer && lens.see.buyer) {
    const match = await resolveCompany(db, 'buyer', f.buyer)
    if (match.ok) resolved.buyerId = match.id
    else Object.assign(resolved, { buyerError: match.message, buyerChoices: match.choices })
  }
  if (f.sampleSku && lens.see.internal) {
    const match = await checkPick(db, viewer, 'sample_sku', f.sampleSku)
    if (match.ok) resolved.sampleSkuId = match.option.id
    else Object.assign(resolved, { sampleSkuError: match.message, sampleSkuChoices: match.choices })
  }
  return resolved
}

/** The lens's sample orders matching the filters; a filter that names nothing matches nothing. */
function filtered(db: Executor, lens: SampleLens, f: SampleFilters, ids: Resolved) {
  let query = scopedSampleOrders(db, lens)
  if (ids.buyerError || ids.sampleSkuError) return query.where('sample_orders.id', '=', -1)
  if (f.q) query = query.where('sample_orders.code', '>=', f.q).where('sample_orders.code', '<', `${f.q}\uffff`)
  if (f.status === SAMPLE_OPEN) query = query.where('sample_orders.status', 'in', SAMPLE_OPEN_STATUSES)
  else if ((SAMPLE_ORDER_STATUSES as readonly string[]).includes(f.status))
    query = query.where('sample_orders.status', '=', f.status as SampleOrderStatus)
  if (ids.buyerId !== null) query = query.where('sample_orders.buyer_id', '=', ids.buyerId)
  if (f.kam !== null && lens.see.internal)
    query = query.where(
      'sample_orders.buyer_id',
      'in',
      db.selectFrom('buyers').select('buyers.id').where('buyers.kam_user_id', '=', f.kam),
    )
  if (ids.sampleSkuId !== null)
    query = query.where(
      'sample_orders.id',
      'in',
      db
        .selectFrom('sample_order_items')
        .select('sample_order_items.sample_order_id')
        .where('sample_order_items.sample_sku_id', '=', ids.sampleSkuId),
    )
  if (f.requestedFrom) query = query.where('sample_orders.requested_at', '>=', startOfKolkataDay(f.requestedFrom))
  if (f.requestedTo) query = query.where('sample_orders.requested_at', '<', startOfKolkataDay(dayAfter(f.requestedTo)))
  return query
}

/**
 * Newest requested first: in id order (ids are taken in the order requests are written; every
 * filter's index ends in the id), or with requested dates in (requested_at, id) order, the same
 * order, so the dates' index range is walked rather than every newer order.
 */
function inListOrder<Q extends SelectQueryBuilder<DB, 'sample_orders', { id: number }>>(query: Q, f: SampleFilters): Q {
  return (
    f.requestedFrom || f.requestedTo
      ? query.orderBy('sample_orders.requested_at', f.dir).orderBy('sample_orders.id', f.dir)
      : query.orderBy('sample_orders.id', f.dir)
  ) as Q
}

/** Whether the list is of every sample order, filtered by nothing but the filters named. */
const nothingBut = (lens: SampleLens, f: SampleFilters, ...allowed: ('status' | 'sampleSku')[]) =>
  lens.scope.kind === 'all' &&
  !f.q &&
  !f.buyer &&
  f.kam === null &&
  !f.requestedFrom &&
  !f.requestedTo &&
  (!f.status || allowed.includes('status')) &&
  (!f.sampleSku || allowed.includes('sampleSku'))

/** The statuses whose kept count answers the list (null: all), when only a status filters every order. */
function keptStatuses(lens: SampleLens, f: SampleFilters): readonly SampleOrderStatus[] | null | undefined {
  if (!nothingBut(lens, f, 'status')) return undefined
  if (!f.status) return null
  if (f.status === SAMPLE_OPEN) return SAMPLE_OPEN_STATUSES
  return (SAMPLE_ORDER_STATUSES as readonly string[]).includes(f.status) ? [f.status as SampleOrderStatus] : undefined
}

/**
 * How many sample orders match: from the kept counts when only a status filters every order; a
 * sample SKU's alone from its items' index (an order holds a sample once); otherwise on the orders.
 */
async function countOf(
  db: Executor,
  lens: SampleLens,
  f: SampleFilters,
  ids: Resolved,
  query: ReturnType<typeof filtered>,
): Promise<number> {
  const kept = keptStatuses(lens, f)
  if (kept !== undefined) return sampleOrdersIn(db, kept ?? undefined)
  const sampleSkuId = ids.sampleSkuId
  const counted =
    sampleSkuId !== null && nothingBut(lens, f, 'sampleSku')
      ? db
          .selectFrom('sample_order_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sample_sku_id', '=', sampleSkuId)
      : query.select((eb) => eb.fn.countAll<number>().as('n'))
  return Number((await counted.executeTakeFirstOrThrow()).n)
}

/** The columns a list row shows through the lens: never the internal note or requester for the buyer. */
function rowsOf(db: Executor, lens: SampleLens, ids: number[]) {
  return db
    .selectFrom('sample_orders')
    .innerJoin('buyers', 'buyers.id', 'sample_orders.buyer_id')
    .leftJoin('users as requester', 'requester.id', 'sample_orders.requested_by')
    .select([
      'sample_orders.id',
      'sample_orders.code',
      'sample_orders.status',
      'sample_orders.requested_at as requestedAt',
      'sample_orders.item_count as itemCount',
      'sample_orders.quantity_total as quantityTotal',
      'sample_orders.charge_minor as chargeMinor',
      'sample_orders.courier',
      'sample_orders.tracking_number as trackingNumber',
    ])
    .$if(lens.see.buyer, (q) => q.select('buyers.name as buyerName'))
    .$if(lens.see.internal, (q) => q.select('requester.name as requestedBy'))
    .where('sample_orders.id', 'in', ids.length ? ids : [-1])
    .execute()
}
export type SampleOrderRow = Awaited<ReturnType<typeof rowsOf>>[number] & {
  buyerName?: string
  requestedBy?: string | null
}

/** One page of the lens's sample orders matching the filters, with the exact count of all of them. */
export async function listSampleOrders(
  db: Executor,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  lens: SampleLens,
  f: SampleFilters,
) {
  const ids = await resolveFilters(db, viewer, lens, f)
  const query = filtered(db, lens, f, ids)
  const [total, page] = await Promise.all([
    countOf(db, lens, f, ids, query),
    inListOrder(query.select('sample_orders.id'), f)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ])
  const found = await rowsOf(
    db,
    lens,
    page.map((r) => r.id),
  )
  const byId = new Map(found.map((row) => [row.id, row]))
  return {
    rows: page.map((r) => byId.get(r.id)).filter((row) => row !== undefined) as SampleOrderRow[],
    total,
    buyerError: ids.buyerError,
    buyerChoices: ids.buyerChoices,
    sampleSkuError: ids.sampleSkuError,
    sampleSkuChoices: ids.sampleSkuChoices,
  }
}

/**
 * Every sample order the filters match, in the list's order, a batch at a time (the CSV): each batch
 * continues after the last row of the one before (keyset), so no batch costs more than the first.
 */
export async function* sampleRowBatches(
  db: Executor,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  lens: SampleLens,
  f: SampleFilters,
  batch = 1_000,
): AsyncGenerator<SampleOrderRow[]> {
  const ids = await resolveFilters(db, viewer, lens, f)
  const beyond = f.dir === 'desc' ? '<' : '>'
  const byDate = Boolean(f.requestedFrom || f.requestedTo)
  let last: { id: number; requested_at: string } | null = null
  for (;;) {
    let query = filtered(db, lens, f, ids).select(['sample_orders.id', 'sample_orders.requested_at'])
    if (last) {
      const { id, requested_at: at } = last
      query = byDate
        ? query.where((eb) =>
            eb.or([
              eb('sample_orders.requested_at', beyond, at),
              eb.and([eb('sample_orders.requested_at', '=', at), eb('sample_orders.id', beyond, id)]),
            ]),
          )
        : query.where('sample_orders.id', beyond, id)
    }
    const found = await inListOrder(query, f).limit(batch).execute()
    if (found.length) {
      const rows = new Map(
        (
          await rowsOf(
            db,
            lens,
            found.map((r) => r.id),
          )
        ).map((row) => [row.id, row]),
      )
      yield found.map((r) => rows.get(r.id)).filter((row) => row !== undefined) as SampleOrderRow[]
    }
    if (found.length < batch) return
    last = found[found.length - 1]!
  }
}

/** The KAMs to filter by: active users holding the role, by name (ids and names only). */
const kamChoices = async (db: Executor) =>
  (await activeUsersWithRole(db, 'demand_kam')).map(({ id, name }) => ({ id, name }))

/** Everything a portal's sample order search shows. */
export async function sampleSearchPage(
  db: Database,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  lens: SampleLens,
  filters: SampleFilters,
) {
  const [list, kams] = await Promise.all([
    listSampleOrders(db, viewer, lens, filters),
    lens.see.internal && lens.scope.kind !== 'kam' ? kamChoices(db) : [],
  ])
  return { ...list, filters, kams, portal: lens.portal, see: lens.see }
}
export type SampleSearchData = Awaited<ReturnType<typeof sampleSearchPage>>

/**
 * One sample order through the lens: its fields (the buyer's lens without the internal note, the
 * requester and stock), its items with their feedback, the steps the lens may take now, and its
 * history. Undefined when the order is not in the lens's scope.
 */
export async function sampleOrderDetail(db: Executor, lens: SampleLens, id: number) {
  const order = await scopedSampleOrders(db, lens)
    .innerJoin('buyers', 'buyers.id', 'sample_orders.buyer_id')
    .leftJoin('users as requester', 'requester.id', 'sample_orders.requested_by')
    .leftJoin('users as kam', 'kam.id', 'buyers.kam_user_id')
    .select([
      'sample_orders.id',
      'sample_orders.code',
      'sample_orders.status',
      'sample_orders.buyer_id as buyerId',
      'buyers.name as buyerName',
      'sample_orders.ship_to_json as shipToJson',
      'sample_orders.item_count as itemCount',
      'sample_orders.quantity_total as quantityTotal',
      'sample_orders.charge_minor as chargeMinor',
      'sample_orders.requested_at as requestedAt',
      'sample_orders.decided_at as decidedAt',
      'sample_orders.reason',
      'sample_orders.courier',
      'sample_orders.tracking_number as trackingNumber',
      'sample_orders.dispatched_at as dispatchedAt',
      'sample_orders.delivered_at as deliveredAt',
      'sample_orders.closed_at as closedAt',
      'sample_orders.note',
      'requester.name as requestedBy',
      'kam.name as kamName',
    ])
    .where('sample_orders.id', '=', id)
    .executeTakeFirst()
  if (!order) return undefined
  const [items, history, invoice] = await Promise.all([
    db
      .selectFrom('sample_order_items as i')
      .innerJoin('sample_skus as s', 's.id', 'i.sample_sku_id')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select([
        'i.id',
        'i.line_no as lineNo',
        'i.quantity',
        'i.charge_minor as chargeMinor',
        'i.rating',
        'i.comment',
        'i.feedback_at as feedbackAt',
        's.id as sampleSkuId',
        's.code',
        's.name',
        's.stock',
        'c.name as category',
      ])
      .where('i.sample_order_id', '=', id)
      .orderBy('i.line_no')
      .execute(),
    sampleOrderHistory(db, lens, id),
    // The tax invoice of its charges, raised when it was dispatched (settlements' ledger).
    db
      .selectFrom('buyer_invoices')
      .select(['id', 'number', 'total_minor as totalMinor'])
      .where('sample_order_id', '=', id)
      .executeTakeFirst(),
  ])
  const internal = lens.see.internal
  let shipTo: Record<string, string | null>
  try {
    shipTo = JSON.parse(order.shipToJson) as Record<string, string | null>
  } catch {
    shipTo = {}
  }
  const { shipToJson: _json, note, requestedBy, kamName, ...shown } = order
  return {
    ...shown,
    chargeMinor: Number(order.chargeMinor),
    invoice: invoice ? { id: invoice.id, number: invoice.number, totalMinor: Number(invoice.totalMinor) } : null,
    shipTo,
    buyerName: lens.see.buyer || lens.scope.kind === 'buyer' ? order.buyerName : null,
    ...(internal ? { note, requestedBy, kamName } : {}),
    items: items.map(({ stock, ...item }) => ({
      ...item,
      chargeMinor: Number(item.chargeMinor),
      ...(internal ? { stock } : {}),
    })),
    steps: stepsFrom(sampleOrderMachine, order.status).filter((name) =>
      name === 'feedback' ? lens.see.feedback : lens.see.manage,
    ),
    history,
  }
}
export type SampleOrderDetail = NonNullable<Awaited<ReturnType<typeof sampleOrderDetail>>>

/** The order's history told through the lens: the buyer reads its own people by name, staff as "The platform team", and no stock figures. */
async function sampleOrderHistory(db: Executor, lens: SampleLens, id: number) {
  const rows = await historyQuery(db)
    .where('audit_events.entity_type', '=', 'sample_order')
    .where('audit_events.entity_id', '=', String(id))
    .orderBy('audit_events.id', 'desc')
    .limit(100)
    .execute()
  return tellAll(rows, lens.scope.kind === 'buyer' ? { kind: 'buyer', buyerId: lens.scope.buyerId } : STAFF_VIEWER)
}
