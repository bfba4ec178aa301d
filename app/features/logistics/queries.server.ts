import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely'
import type { DB, TransportBookingStatus, TransportRequestStatus, TransportType } from '#db/types'
import { countUpTo } from '~/utils/count.server'
import { kolkataDay } from '~/utils/format'
import { historyOf } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import { STAFF_VIEWER } from '../audit/tell'
import { addDays } from '../settlements/money'
import type { BookingFilters, DueFilters, RequestFilters } from './schema'
import { keysetWalk } from '~/utils/keyset.server'

// The reads of logistics: the requests and bookings lists (their CSVs walk the same queries a batch
// at a time), a request with its bookings and history, the bookings calendar and the payment dues.
// Every filter and sort goes through an index of the logistics migration.

const upTo = (prefix: string) => `${prefix}\uffff`
/** Cities are typed; match them as typed and as a name is usually written ("surat" finds "Surat"). */
const cityForms = (city: string) => [
  ...new Set([city, city.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase())]),
]

type RequestQuery = SelectQueryBuilder<DB, 'transport_requests', object>

function filteredRequests(db: Executor, f: RequestFilters): RequestQuery {
  let query = db.selectFrom('transport_requests') as RequestQuery
  if (f.q) query = query.where('transport_requests.code', '>=', f.q).where('transport_requests.code', '<', upTo(f.q))
  if (f.type) query = query.where('transport_requests.transport_type', '=', f.type as TransportType)
  if (f.status) query = query.where('transport_requests.status', '=', f.status as TransportRequestStatus)
  if (f.order)
    query = query
      .where('transport_requests.order_code', '>=', f.order)
      .where('transport_requests.order_code', '<', upTo(f.order))
  if (f.city) {
    const forms = cityForms(f.city)
    query = query.where((eb) =>
      eb.or([eb('transport_requests.from_city', 'in', forms), eb('transport_requests.to_city', 'in', forms)]),
    )
  }
  if (f.pickupFrom) query = query.where('transport_requests.pickup_on', '>=', f.pickupFrom)
  if (f.pickupTo) query = query.where('transport_requests.pickup_on', '<=', f.pickupTo)
  return query
}

const requestOrder = <Q extends SelectQueryBuilder<DB, 'transport_requests', object>>(query: Q, f: RequestFilters): Q =>
  (f.sort === 'created'
    ? query.orderBy('transport_requests.id', f.dir)
    : query.orderBy('transport_requests.pickup_on', f.dir).orderBy('transport_requests.id', f.dir)) as Q

/** How many requests match: the kept counts when only type and status filter, else counted up to the cap. */
async function countRequests(
  db: Executor,
  f: RequestFilters,
  query: RequestQuery,
): Promise<{ total: number; capped: boolean }> {
  if (!f.q && !f.order && !f.city && !f.pickupFrom && !f.pickupTo) {
    let kept = db.selectFrom('transport_request_counts').select((eb) => eb.fn.sum<number>('n').as('n'))
    if (f.type) kept = kept.where('transport_type', '=', f.type as TransportType)
    if (f.status) kept = kept.where('status', '=', f.status as TransportRequestStatus)
    return { total: Number((await kept.executeTakeFirstOrThrow()).n ?? 0), capped: false }
  }
  return countUpTo(db, query)
}

/** The columns of a requests list row (and its CSV). */
function requestRows(db: Executor, ids: number[]) {
  return db
    .selectFrom('transport_requests as r')
    .leftJoin('transport_bookings as b', (join) =>
      join.onRef('b.request_id', '=', 'r.id').on('b.status', '<>', 'cancelled'),
    )
    .leftJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'r.id',
      'r.code',
      'r.transport_type as type',
      'r.status',
      'r.order_code as orderCode',
      'r.master_order_id as masterOrderId',
      'r.from_json as fromJson',
      'r.to_json as toJson',
      'r.pickup_on as pickupOn',
      'r.weight_grams as weightGrams',
      'r.packages',
      'b.id as bookingId',
      'b.code as bookingCode',
      'b.lr_number as lrNumber',
      't.name as transporter',
    ])
    .where('r.id', 'in', ids.length ? ids : [-1])
    .execute()
    .then((rows) =>
      rows.map(({ fromJson, toJson, ...row }) => {
        const from = place(fromJson)
        const to = place(toJson)
        return {
          ...row,
          weightGrams: Number(row.weightGrams),
          from: `${from.party}, ${from.city}`,
          to: `${to.party}, ${to.city}`,
        }
      }),
    )
}
export type RequestRow = Awaited<ReturnType<typeof requestRows>>[number]

export interface Place {
  party: string
  label: string | null
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
  phone: string | null
  /** The address record it was copied from. */
  addressId: number | null
}

/** A request's from or to address as it was copied when the request was made or changed. */
export const place = (json: string): Place => {
  const none: Place = {
    party: '',
    label: null,
    line1: '',
    line2: null,
    city: '',
    state: '',
    pin: '',
    phone: null,
    addressId: null,
  }
  try {
    return { ...none, ...(JSON.parse(json) as object) }
  } catch {
    return none
  }
}

const inOrder = <T extends { id: number }>(ids: number[], rows: T[]) => {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined)
}

/** A keyset walk (app/utils/keyset.server.ts) over the keys, each batch's rows read by their ids. */
async function* keysetBatches<K extends { id: number }, R extends { id: number }>(
  next: (after: K | null) => Promise<K[]>,
  rows: (ids: number[]) => Promise<R[]>,
  batch: number,
): AsyncGenerator<R[]> {
  for await (const found of keysetWalk(next, batch)) {
    const ids = found.map((r) => r.id)
    yield inOrder(ids, await rows(ids))
  }
}

/** One page of requests matching the filters, with how many match. */
export async function listRequests(db: Executor, f: RequestFilters) {
  const query = filteredRequests(db, f)
  const [count, page] = await Promise.all([
    countRequests(db, f, query),
    requestOrder(query.select('transport_requests.id'), f)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ])
  const ids = page.map((r) => r.id)
  return { rows: inOrder(ids, await requestRows(db, ids)), total: count.total, capped: count.capped }
}

/** Every request the filters match, in the list's order, a batch at a time (keyset: no batch costs more than the first). */
export function requestRowBatches(db: Executor, f: RequestFilters, batch = 1_000): AsyncGenerator<RequestRow[]> {
  const beyond = f.dir === 'desc' ? '<' : '>'
  const next = (last: { id: number; pickup_on: string } | null) => {
    let query = filteredRequests(db, f).select(['transport_requests.id', 'transport_requests.pickup_on'])
    if (last) {
      const { id, pickup_on: day } = last
      query =
        f.sort === 'created'
          ? query.where('transport_requests.id', beyond, id)
          : query.where((eb) =>
              eb.or([
                eb('transport_requests.pickup_on', beyond, day),
                eb.and([eb('transport_requests.pickup_on', '=', day), eb('transport_requests.id', beyond, id)]),
              ]),
            )
    }
    return requestOrder(query, f).limit(batch).execute()
  }
  return keysetBatches(next, (ids) => requestRows(db, ids), batch)
}

// ---------- Bookings ----------

type BookingQuery = SelectQueryBuilder<DB, 'transport_bookings', object>

function filteredBookings(db: Executor, f: BookingFilters): BookingQuery {
  let query = db.selectFrom('transport_bookings') as BookingQuery
  const day = f.sort === 'delivery' ? 'transport_bookings.delivery_on' : 'transport_bookings.pickup_on'
  if (f.q) query = query.where('transport_bookings.code', '>=', f.q).where('transport_bookings.code', '<', upTo(f.q))
  if (f.transporter !== null) query = query.where('transport_bookings.transporter_id', '=', f.transporter)
  if (f.status) query = query.where('transport_bookings.status', '=', f.status as TransportBookingStatus)
  if (f.from) query = query.where(day, '>=', f.from)
  if (f.to) query = query.where(day, '<=', f.to)
  return query
}

const bookingOrder = <Q extends SelectQueryBuilder<DB, 'transport_bookings', object>>(query: Q, f: BookingFilters): Q =>
  (f.sort === 'delivery'
    ? query.orderBy('transport_bookings.delivery_on', f.dir).orderBy('transport_bookings.id', f.dir)
    : query.orderBy('transport_bookings.pickup_on', f.dir).orderBy('transport_bookings.id', f.dir)) as Q

function bookingRows(db: Executor, ids: number[]) {
  return db
    .selectFrom('transport_bookings as b')
    .innerJoin('transport_requests as r', 'r.id', 'b.request_id')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'b.id',
      'b.code',
      'b.status',
      'b.request_id as requestId',
      'r.code as requestCode',
      'r.transport_type as type',
      'r.order_code as orderCode',
      'r.from_city as fromCity',
      'r.to_city as toCity',
      't.name as transporter',
      'b.vehicle_number as vehicleNumber',
      'b.lr_number as lrNumber',
      'b.pickup_at as pickupAt',
      'b.expected_delivery_at as expectedDeliveryAt',
      'b.delivered_at as deliveredAt',
      'b.freight_minor as freightMinor',
      'b.bill_state as billState',
      'b.bill_number as billNumber',
    ])
    .where('b.id', 'in', ids.length ? ids : [-1])
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, freightMinor: Number(r.freightMinor) })))
}
export type BookingRow = Awaited<ReturnType<typeof bookingRows>>[number]

export async function listBookings(db: Executor, f: BookingFilters) {
  const query = filteredBookings(db, f)
  const [count, page] = await Promise.all([
    countUpTo(db, query),
    bookingOrder(query.select('transport_bookings.id'), f)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ])
  const ids = page.map((r) => r.id)
  return { rows: inOrder(ids, await bookingRows(db, ids)), total: count.total, capped: count.capped }
}

export function bookingRowBatches(db: Executor, f: BookingFilters, batch = 1_000): AsyncGenerator<BookingRow[]> {
  const beyond = f.dir === 'desc' ? '<' : '>'
  const dayColumn = f.sort === 'delivery' ? 'transport_bookings.delivery_on' : 'transport_bookings.pickup_on'
  const next = async (last: { id: number; day: string } | null) => {
    let query = filteredBookings(db, f).select(['transport_bookings.id', `${dayColumn} as day`] as const)
    if (last) {
      const { id, day } = last
      query = query.where((eb) =>
        eb.or([eb(dayColumn, beyond, day), eb.and([eb(dayColumn, '=', day), eb('transport_bookings.id', beyond, id)])]),
      )
    }
    return (await bookingOrder(query, f).limit(batch).execute()) as { id: number; day: string }[]
  }
  return keysetBatches(next, (ids) => bookingRows(db, ids), batch)
}

// ---------- One request ----------

/** A request with its linked order, its bookings (newest first) and its history; undefined when there is none. */
export async function requestDetail(db: Executor, id: number) {
  const request = await db
    .selectFrom('transport_requests as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.code',
      'r.transport_type as type',
      'r.status',
      'r.order_code as orderCode',
      'r.seller_order_id as sellerOrderId',
      'r.sample_order_id as sampleOrderId',
      'r.master_order_id as masterOrderId',
      'r.from_json as fromJson',
      'r.to_json as toJson',
      'r.pickup_on as pickupOn',
      'r.weight_grams as weightGrams',
      'r.packages',
      'r.package_weights_json as packageWeightsJson',
      'r.notes',
      'r.cancel_reason as cancelReason',
      'r.created_at as createdAt',
      'r.updated_at as version',
      'u.name as createdBy',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst()
  if (!request) return undefined
  const [bookings, history] = await Promise.all([
    db
      .selectFrom('transport_bookings as b')
      .innerJoin('transporters as t', 't.id', 'b.transporter_id')
      .select([
        'b.id',
        'b.code',
        'b.status',
        't.name as transporter',
        'b.vehicle_number as vehicleNumber',
        'b.lr_number as lrNumber',
        'b.pickup_at as pickupAt',
        'b.expected_delivery_at as expectedDeliveryAt',
        'b.freight_minor as freightMinor',
        'b.bill_state as billState',
        'b.cancel_reason as cancelReason',
      ])
      .where('b.request_id', '=', id)
      .orderBy('b.id', 'desc')
      .execute(),
    historyOf(db, STAFF_VIEWER, 'transport_request', id),
  ])
  const { fromJson, toJson, packageWeightsJson, ...rest } = request
  return {
    ...rest,
    weightGrams: Number(rest.weightGrams),
    packageWeights: packageWeightsJson ? (JSON.parse(packageWeightsJson) as number[]) : null,
    from: place(fromJson),
    to: place(toJson),
    bookings: bookings.map((b) => ({ ...b, freightMinor: Number(b.freightMinor) })),
    history,
  }
}
export type RequestDetail = NonNullable<Awaited<ReturnType<typeof requestDetail>>>

/** A booking of a request with everything its pages show; undefined unless both ids match. */
export async function bookingDetail(db: Executor, requestId: number, bookingId: number) {
  const booking = await db
    .selectFrom('transport_bookings as b')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .leftJoin('users as payer', 'payer.id', 'b.paid_by')
    .select([
      'b.id',
      'b.code',
      'b.status',
      't.name as transporter',
      't.gstin as transporterGstin',
      'b.distance_km as distanceKm',
      'b.vehicle_number as vehicleNumber',
      'b.driver_phone as driverPhone',
      'b.lr_number as lrNumber',
      'b.pickup_at as pickupAt',
      'b.expected_delivery_at as expectedDeliveryAt',
      'b.picked_up_at as pickedUpAt',
      'b.delivered_at as deliveredAt',
      'b.freight_minor as freightMinor',
      'b.cancel_reason as cancelReason',
      'b.bill_state as billState',
      'b.bill_number as billNumber',
      'b.bill_date as billDate',
      'b.bill_amount_minor as billAmountMinor',
      'b.bill_gst_minor as billGstMinor',
      'b.bill_due_on as billDueOn',
      'b.paid_on as paidOn',
      'b.payment_reference as paymentReference',
      'payer.name as paidBy',
      'b.updated_at as version',
    ])
    .where('b.id', '=', bookingId)
    .where('b.request_id', '=', requestId)
    .executeTakeFirst()
  if (!booking) return undefined
  const request = (await requestDetail(db, requestId))!
  const num = (v: number | null) => (v === null ? null : Number(v))
  return {
    booking: {
      ...booking,
      freightMinor: Number(booking.freightMinor),
      distanceKm: num(booking.distanceKm),
      billAmountMinor: num(booking.billAmountMinor),
      billGstMinor: num(booking.billGstMinor),
    },
    request,
  }
}
export type BookingDetail = NonNullable<Awaited<ReturnType<typeof bookingDetail>>>

// ---------- The calendar ----------

/** How many of a day's bookings the calendar lists beside the month (the bookings list has them all). */
export const DAY_LIST = 20

/** The days of a month (YYYY-MM) as YYYY-MM-DD. */
export function daysOf(month: string): string[] {
  const first = `${month}-01`
  const days: string[] = []
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day)
  return days
}

/**
 * A month of bookings that are not cancelled: how many are picked up (or expected to be delivered)
 * each day, all or one transporter's, counted from the day index; and one day's bookings.
 */
export async function bookingCalendar(
  db: Executor,
  filters: { month: string; show: 'pickup' | 'delivery'; transporter: number | null; day: string },
) {
  const days = daysOf(filters.month)
  const column = filters.show === 'delivery' ? 'delivery_on' : 'pickup_on'
  // The month's counts from the kept day rows (transport_booking_days), not from the bookings.
  let counts = db
    .selectFrom('transport_booking_days')
    .select((eb) => ['day', eb.fn.sum<number>('n').as('n')])
    .where('side', '=', filters.show)
    .where('day', '>=', days[0]!)
    .where('day', '<=', days[days.length - 1]!)
    .groupBy('day')
  if (filters.transporter !== null) counts = counts.where('transporter_id', '=', filters.transporter)
  // A day of the month chosen; today when the month is this one and none is.
  const today = kolkataDay()
  const day =
    filters.day && filters.day.startsWith(filters.month) ? filters.day : today.startsWith(filters.month) ? today : ''
  const [rows, dayIds] = await Promise.all([
    counts.execute(),
    day
      ? db
          .selectFrom('transport_bookings')
          .select('id')
          .where(column, '=', day)
          .where('status', '<>', 'cancelled')
          .$if(filters.transporter !== null, (q) => q.where('transporter_id', '=', filters.transporter!))
          .orderBy('id')
          .limit(DAY_LIST)
          .execute()
      : Promise.resolve([]),
  ])
  const byDay = new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [r.day, Number(r.n)]))
  // Each busy day's first three (by id, the order they were booked), each an equality walk of the day index.
  const firsts = await Promise.all(
    days
      .filter((d) => byDay.has(d))
      .map((d) =>
        db
          .selectFrom('transport_bookings')
          .select('id')
          .where(column, '=', d)
          .where('status', '<>', 'cancelled')
          .$if(filters.transporter !== null, (q) => q.where('transporter_id', '=', filters.transporter!))
          .orderBy('id')
          .limit(3)
          .execute()
          .then((found) => [d, found.map((f) => f.id)] as const),
      ),
  )
  const ids = dayIds.map((r) => r.id)
  const shown = await bookingRows(db, [...new Set([...ids, ...firsts.flatMap(([, list]) => list)])])
  const byId = new Map(shown.map((r) => [r.id, r]))
  const entriesOf = new Map(
    firsts.map(([d, list]) => [
      d,
      list
        .map((id) => byId.get(id))
        .filter((r): r is BookingRow => r !== undefined)
        .map((r) => ({
          id: r.id,
          requestId: r.requestId,
          code: r.code,
          status: r.status,
          label: `${r.transporter}: ${r.fromCity} → ${r.toCity}`,
        })),
    ]),
  )
  return {
    days: days.map((d) => ({ day: d, count: byDay.get(d) ?? 0, entries: entriesOf.get(d) ?? [] })),
    day,
    dayRows: ids.map((id) => byId.get(id)).filter((r): r is BookingRow => r !== undefined),
    today,
  }
}

// ---------- Payment dues ----------

/** The due-day range of each bucket from today: overdue before today, this week today to six days on, later after. */
export function dueBounds(today: string) {
  const weekEnd = addDays(today, 6)
  return { overdue: { before: today }, this_week: { from: today, to: weekEnd }, later: { after: weekEnd } }
}

function unpaid(db: Executor, f: Pick<DueFilters, 'transporter' | 'bucket'>, today: string) {
  const bounds = dueBounds(today)
  let query = db.selectFrom('transport_bookings').where('transport_bookings.bill_state', '=', 'unpaid')
  if (f.transporter !== null) query = query.where('transport_bookings.transporter_id', '=', f.transporter)
  if (f.bucket === 'overdue') query = query.where('transport_bookings.bill_due_on', '<', bounds.overdue.before)
  if (f.bucket === 'this_week')
    query = query
      .where('transport_bookings.bill_due_on', '>=', bounds.this_week.from)
      .where('transport_bookings.bill_due_on', '<=', bounds.this_week.to)
  if (f.bucket === 'later') query = query.where('transport_bookings.bill_due_on', '>', bounds.later.after)
  return query
}

const billTotal = (eb: ExpressionBuilder<DB, 'transport_bookings'>) =>
  eb.fn
    .sum(eb(eb.ref('transport_bookings.bill_amount_minor'), '+', eb.ref('transport_bookings.bill_gst_minor')))
    .as('total')

/** Unpaid transporter bills overdue and due this week (count and amount with GST), for dashboards. */
export async function dueBucketTotals(db: Executor) {
  const today = kolkataDay()
  const total = async (bucket: 'overdue' | 'this_week') => {
    const row = await unpaid(db, { transporter: null, bucket }, today)
      .select((eb) => [eb.fn.countAll<number>().as('n'), billTotal(eb)])
      .executeTakeFirstOrThrow()
    return { count: Number(row.n), totalMinor: Number(row.total ?? 0) }
  }
  const [overdue, thisWeek] = await Promise.all([total('overdue'), total('this_week')])
  return { overdue, thisWeek }
}

/** Unpaid bills: totals per bucket and per transporter (of every unpaid bill), and a page of those the filters pick, soonest due first. */
export async function paymentDues(db: Executor, f: DueFilters) {
  const today = kolkataDay()
  const bucketTotal = async (bucket: DueFilters['bucket']) => {
    const row = await unpaid(db, { transporter: f.transporter, bucket }, today)
      .select((eb) => [eb.fn.countAll<number>().as('n'), billTotal(eb)])
      .executeTakeFirstOrThrow()
    return { count: Number(row.n), totalMinor: Number(row.total ?? 0) }
  }
  const [overdue, thisWeek, later, perTransporter, page] = await Promise.all([
    bucketTotal('overdue'),
    bucketTotal('this_week'),
    bucketTotal('later'),
    unpaid(db, { transporter: null, bucket: '' }, today)
      .innerJoin('transporters as t', 't.id', 'transport_bookings.transporter_id')
      .select((eb) => ['t.id', 't.name', eb.fn.countAll<number>().as('n'), billTotal(eb)])
      .groupBy(['t.id', 't.name'])
      .orderBy('t.name')
      .execute(),
    unpaid(db, f, today)
      .select('transport_bookings.id')
      .orderBy('transport_bookings.bill_due_on')
      .orderBy('transport_bookings.id')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ])
  const ids = page.map((r) => r.id)
  const matching =
    f.bucket === 'overdue'
      ? overdue
      : f.bucket === 'this_week'
        ? thisWeek
        : f.bucket === 'later'
          ? later
          : {
              count: overdue.count + thisWeek.count + later.count,
              totalMinor: overdue.totalMinor + thisWeek.totalMinor + later.totalMinor,
            }
  return {
    today,
    buckets: { overdue, this_week: thisWeek, later },
    perTransporter: perTransporter.map((t) => ({
      id: t.id,
      name: t.name,
      count: Number(t.n),
      totalMinor: Number(t.total ?? 0),
    })),
    rows: inOrder(ids, await dueRows(db, ids)),
    total: matching.count,
  }
}

function dueRows(db: Executor, ids: number[]) {
  return db
    .selectFrom('transport_bookings as b')
    .innerJoin('transport_requests as r', 'r.id', 'b.request_id')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'b.id',
      'b.code',
      'b.request_id as requestId',
      'r.code as requestCode',
      't.name as transporter',
      'b.bill_number as billNumber',
      'b.bill_date as billDate',
      'b.bill_due_on as dueOn',
      'b.bill_amount_minor as amountMinor',
      'b.bill_gst_minor as gstMinor',
    ])
    .where('b.id', 'in', ids.length ? ids : [-1])
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        amountMinor: Number(r.amountMinor),
        gstMinor: Number(r.gstMinor),
        dueOn: r.dueOn ?? '',
        billDate: r.billDate ?? '',
      })),
    )
}
export type DueRow = Awaited<ReturnType<typeof dueRows>>[number]

/** Every unpaid bill the filters pick, soonest due first, a batch at a time (the CSV). */
export function dueRowBatches(db: Executor, f: DueFilters, batch = 1_000): AsyncGenerator<DueRow[]> {
  const today = kolkataDay()
  const next = async (last: { id: number; due: string } | null) => {
    let query = unpaid(db, f, today).select(['transport_bookings.id', 'transport_bookings.bill_due_on as due'])
    if (last) {
      const { id, due } = last
      query = query.where((eb) =>
        eb.or([
          eb('transport_bookings.bill_due_on', '>', due),
          eb.and([eb('transport_bookings.bill_due_on', '=', due), eb('transport_bookings.id', '>', id)]),
        ]),
      )
    }
    return (await query
      .orderBy('transport_bookings.bill_due_on')
      .orderBy('transport_bookings.id')
      .limit(batch)
      .execute()) as { id: number; due: string }[]
  }
  return keysetBatches(next, (ids) => dueRows(db, ids), batch)
}

/** The shipping lens on a master order: its seller orders' transport requests, each with its latest booking (tracking). */
export async function orderShipping(db: Executor, masterOrderId: number) {
  const rows = await db
    .selectFrom('transport_requests as r')
    .leftJoin('transport_bookings as b', (join) =>
      join.onRef('b.request_id', '=', 'r.id').on('b.status', '<>', 'cancelled'),
    )
    .leftJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'r.id',
      'r.code',
      'r.transport_type as type',
      'r.status',
      'r.order_code as orderCode',
      'r.pickup_on as pickupOn',
      'r.from_city as fromCity',
      'r.to_city as toCity',
      'b.id as bookingId',
      'b.code as bookingCode',
      'b.status as bookingStatus',
      't.name as transporter',
      'b.lr_number as lrNumber',
      'b.vehicle_number as vehicleNumber',
      'b.picked_up_at as pickedUpAt',
      'b.expected_delivery_at as expectedDeliveryAt',
      'b.delivered_at as deliveredAt',
    ])
    .where('r.master_order_id', '=', masterOrderId)
    .orderBy('r.id')
    .execute()
  return rows
}
export type OrderShipping = Awaited<ReturnType<typeof orderShipping>>
