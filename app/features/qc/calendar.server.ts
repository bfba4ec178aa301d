import { parseWithZod } from '@conform-to/zod/v4'
import type { SelectQueryBuilder } from 'kysely'
import type { DB, QcInspectionsTable } from '#db/types'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { formatDay, kolkataDay } from '~/utils/format'
import { COUNT_CAP } from '~/utils/list-params'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '../audit/tell'
import { activeUsersWithRole } from '../companies/queries.server'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { sellerOrderNeededBy } from '../orders/search.server'
import {
  calendarFormSchema,
  calendarHref,
  calendarPath,
  readCalendarFilters,
  type CalendarReply,
  type QcPortal,
} from './forms'
import { monthWeeks, OPEN_INSPECTION, shiftMonth, slotLabel } from './rules'
import { cancelInspection, moveInspection, scheduleInspection } from './schedule.server'

// The QC calendar (admin and biz ops, one view): a month of inspections, filtered by operator,
// category and seller in the URL; the seller orders ready for QC that have no inspection yet; and
// the forms that schedule, move and cancel one. Everything is a GET link or a POST form.

/** Entries shown in a day's cell; the rest are counted and one click away. */
const PER_CELL = 3
const WAITING_PAGE = 10
const DAY_LIMIT = 50

/** The field operators (active), for the filter and the forms: their ids and names. */
const fieldOperators = async (db: Database) =>
  (await activeUsersWithRole(db, 'field_operator')).map(({ id, name }) => ({ id, name }))

type CalendarDays = Record<
  string,
  {
    count: number
    entries: { id: number; code: string; slot: string; status: string; operator: string; seller: string }[]
  }
>

/** The calendar page: the month's grid, a day's list, the waiting seller orders, and the open form. */
export async function calendarPage(db: Database, portal: QcPortal, url: URL) {
  const f = readCalendarFilters(url)
  const base = calendarPath[portal]
  let sellerId: number | null = null
  let sellerError: string | null = null
  let sellerChoices: PickOption[] | undefined
  if (f.seller) {
    const match = await resolveCompany(db, 'seller', f.seller)
    if (match.ok) sellerId = match.id
    else [sellerError, sellerChoices] = [match.message, match.choices]
  }
  const common = {
    portal,
    base,
    filters: f,
    sellerError,
    sellerChoices,
    today: kolkataDay(),
    prev: shiftMonth(f.month, -1),
    next: shiftMonth(f.month, 1),
    weeks: monthWeeks(f.month),
  }
  const choices = Promise.all([
    fieldOperators(db),
    db
      .selectFrom('categories')
      .innerJoin('products', 'products.id', 'categories.product_id')
      .select(['categories.id', 'categories.name', 'products.name as product'])
      .where('categories.active', '=', 1)
      .orderBy('products.name')
      .orderBy('categories.name')
      .limit(500)
      .execute(),
  ])
  if (sellerError) {
    const [operators, categories] = await choices
    return {
      ...common,
      operators,
      categories,
      days: {} as CalendarDays,
      dayList: null,
      waiting: { rows: [], total: 0, capped: false, page: 1, pageSize: WAITING_PAGE },
      inspection: null,
      scheduling: null,
    }
  }

  const inMonth = (from: string, to: string) => {
    // One day is an equality, so its inspections come in the index's (slot, id) order without a sort.
    let q =
      from === to
        ? db.selectFrom('qc_inspections as i').where('i.scheduled_on', '=', from)
        : db.selectFrom('qc_inspections as i').where('i.scheduled_on', '>=', from).where('i.scheduled_on', '<=', to)
    q = q.where('i.status', '<>', 'cancelled')
    if (f.operator) q = q.where('i.operator_id', '=', f.operator)
    if (sellerId) q = q.where('i.seller_id', '=', sellerId)
    if (f.category) {
      const category = f.category
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('sub_orders')
            .select('sub_orders.id')
            .whereRef('sub_orders.seller_order_id', '=', 'i.seller_order_id')
            .where('sub_orders.category_id', '=', category),
        ),
      )
    }
    return q
  }
  const first = `${f.month}-01`
  const last = `${f.month}-31`
  // Every part of the page at once: the choices, the month (per day how many, and the first few by
  // slot), the day's list, the waiting orders and the record a form is open for.
  const counted = inMonth(first, last)
    .select(['i.scheduled_on', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('i.scheduled_on')
    .execute()
  const [[operators, categories], [counts, firstFew], dayRows, waiting, inspection, scheduling] = await Promise.all([
    choices,
    counted.then(
      async (rows) =>
        [
          rows,
          await firstOfEachDay(
            db,
            (day) => inMonth(day, day),
            rows.map((r) => r.scheduled_on),
          ),
        ] as const,
    ),
    f.day
      ? inMonth(f.day, f.day)
          .innerJoin('users', 'users.id', 'i.operator_id')
          .innerJoin('sellers', 'sellers.id', 'i.seller_id')
          .innerJoin('seller_orders as s', 's.id', 'i.seller_order_id')
          .select([
            'i.id',
            'i.code',
            'i.slot',
            'i.status',
            'users.name as operator',
            'sellers.name as seller',
            's.code as order_code',
            's.master_order_id',
          ])
          .orderBy('i.slot')
          .orderBy('i.id')
          .limit(DAY_LIMIT + 1)
          .execute()
      : null,
    waitingOrders(db, { sellerId, category: f.category }, f.waitingPage),
    f.inspection ? inspectionForForms(db, f.inspection) : null,
    f.schedule ? orderToSchedule(db, f.schedule) : null,
  ])
  const days: CalendarDays = {}
  for (const c of counts) days[c.scheduled_on] = { count: Number(c.n), entries: [] }
  for (const e of firstFew) days[e.scheduled_on]?.entries.push(e)
  const dayList =
    f.day && dayRows
      ? {
          day: f.day,
          title: formatDay(f.day),
          rows: dayRows.map((r) => ({ ...r, slotLabel: slotLabel(r.slot) })),
          limit: DAY_LIMIT,
        }
      : null
  return { ...common, operators, categories, days, dayList, waiting, inspection, scheduling }
}

/**
 * The first few inspections of each busy day of the month (by slot): one walk of the day index per
 * day, limited, put together with `union all` (a window over the whole month made SQLite rank 7,000
 * rows); then their codes, operators and sellers by id, which PostgreSQL otherwise joined by reading
 * every inspection.
 */
async function firstOfEachDay(
  db: Database,
  month: (day: string) => SelectQueryBuilder<DB & { i: QcInspectionsTable }, 'i', object>,
  days: string[],
) {
  if (!days.length) return []
  const one = (day: string, n: number) =>
    db
      .selectFrom(
        month(day)
          .select(['i.id', 'i.scheduled_on', 'i.slot', 'i.status'])
          .orderBy('i.slot')
          .orderBy('i.id')
          .limit(PER_CELL)
          .as(`d${n}`),
      )
      .selectAll()
  let query = one(days[0]!, 0)
  for (const [n, day] of days.slice(1).entries()) query = query.unionAll(one(day, n + 1))
  const ranked = await query.execute()
  if (!ranked.length) return []
  const named = await db
    .selectFrom('qc_inspections as q')
    .innerJoin('users', 'users.id', 'q.operator_id')
    .innerJoin('sellers', 'sellers.id', 'q.seller_id')
    .select(['q.id', 'q.code', 'users.name as operator', 'sellers.name as seller'])
    .where(
      'q.id',
      'in',
      ranked.map((r) => r.id),
    )
    .execute()
  const byId = new Map(named.map((n) => [n.id, n]))
  return ranked.map((r) => ({
    id: r.id,
    scheduled_on: r.scheduled_on,
    slot: r.slot,
    status: r.status,
    code: byId.get(r.id)!.code,
    operator: byId.get(r.id)!.operator,
    seller: byId.get(r.id)!.seller,
  }))
}

/** Seller orders ready for QC with no open inspection, oldest order first (a page of ten and a capped count). */
async function waitingOrders(db: Database, f: { sellerId: number | null; category: number | null }, page: number) {
  let q = db
    .selectFrom('seller_orders as s')
    .where('s.status', '=', 'ready_for_qc')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('qc_inspections as i')
            .select('i.id')
            .whereRef('i.seller_order_id', '=', 's.id')
            .where('i.status', 'in', OPEN_INSPECTION),
        ),
      ),
    )
  if (f.sellerId) q = q.where('s.seller_id', '=', f.sellerId)
  if (f.category) {
    const category = f.category
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sub_orders')
          .select('sub_orders.id')
          .whereRef('sub_orders.seller_order_id', '=', 's.id')
          .where('sub_orders.category_id', '=', category),
      ),
    )
  }
  const [counted, rows] = await Promise.all([
    db
      .selectFrom(
        q
          .select('s.id')
          .limit(COUNT_CAP + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    q
      .innerJoin('sellers', 'sellers.id', 's.seller_id')
      .innerJoin('master_orders as m', 'm.id', 's.master_order_id')
      .select([
        's.id',
        's.code',
        's.master_order_id',
        'm.code as master_code',
        // The seller order's own lines' date, not the master order's (which may be another seller's line).
        sellerOrderNeededBy('s.id').as('required_by'),
        'sellers.name as seller',
        (eb) =>
          eb
            .selectFrom('sub_orders')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('sub_orders.seller_order_id', '=', 's.id')
            .as('lines'),
      ])
      .orderBy('s.created_at')
      .orderBy('s.id')
      .limit(WAITING_PAGE)
      .offset((page - 1) * WAITING_PAGE)
      .execute(),
  ])
  const total = Math.min(Number(counted.n), COUNT_CAP)
  return {
    rows: rows.map((r) => ({ ...r, lines: Number(r.lines) })),
    total,
    capped: Number(counted.n) > COUNT_CAP,
    page,
    pageSize: WAITING_PAGE,
  }
}

/** One inspection, for the move and cancel forms. */
async function inspectionForForms(db: Database, id: number) {
  const row = await db
    .selectFrom('qc_inspections as i')
    .innerJoin('users', 'users.id', 'i.operator_id')
    .innerJoin('sellers', 'sellers.id', 'i.seller_id')
    .innerJoin('seller_orders as s', 's.id', 'i.seller_order_id')
    .select([
      'i.id',
      'i.code',
      'i.status',
      'i.scheduled_on',
      'i.slot',
      'i.operator_id',
      'users.name as operator',
      'sellers.name as seller',
      's.code as order_code',
      's.master_order_id',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst()
  return row
    ? {
        ...row,
        slotLabel: slotLabel(row.slot),
        history: await historyOf(db, STAFF_VIEWER, 'qc_inspection', row.id, { limit: 20 }),
      }
    : null
}

/** A seller order to schedule, for the schedule form. */
async function orderToSchedule(db: Database, id: number) {
  const row = await db
    .selectFrom('seller_orders as s')
    .innerJoin('sellers', 'sellers.id', 's.seller_id')
    .select(['s.id', 's.code', 's.status', 's.master_order_id', 'sellers.name as seller'])
    .where('s.id', '=', id)
    .executeTakeFirst()
  return row ?? null
}

// ---------- The forms ----------

/** The calendar's forms: schedule, move, cancel; back to the calendar at the inspection's day. */
export async function calendarAction(
  db: Database,
  viewer: Viewer,
  portal: QcPortal,
  url: URL,
  form: FormData,
): Promise<FormOutcome<CalendarReply>> {
  const submission = parseWithZod(form, { schema: calendarFormSchema })
  const intent = String(form.get('intent') ?? '')
  if (submission.status !== 'success') return { status: 'invalid', reply: { ...submission.reply(), form: intent } }
  const input = submission.value
  const f = readCalendarFilters(url)
  const actor = { userId: viewer.userId }
  const back = (day: string | null) =>
    calendarHref(calendarPath[portal], { ...f, month: day ? day.slice(0, 7) : f.month }, { day: day ?? f.day })
  if (input.intent === 'cancel') {
    const done = await cancelInspection(db, actor, Number(input.inspection), input.reason)
    if (!done.ok)
      return done.notFound
        ? { status: 'not-found' }
        : { status: 'invalid', reply: { ...refusalReply(submission, done), form: intent } }
    return {
      status: 'done',
      toast: { kind: 'success', message: `${done.value.code} is cancelled; its order waits to be scheduled again.` },
      redirectTo: back(f.day),
    }
  }
  const slot = { day: input.day, slot: input.slot, operatorId: Number(input.operator) }
  const done =
    input.intent === 'schedule'
      ? await scheduleInspection(db, actor, Number(input.sellerOrder), slot)
      : await moveInspection(db, actor, Number(input.inspection), slot)
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : {
          status: 'invalid',
          reply: { ...refusalReply(submission, done, 'Nothing was changed: see the message below.'), form: intent },
        }
  const verb = input.intent === 'schedule' ? 'is scheduled' : 'is moved'
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: `${done.value.code} ${verb} for ${formatDay(input.day)}, ${slotLabel(input.slot)}.`,
    },
    redirectTo: back(input.day),
  }
}
