import { sql } from 'kysely'
import type { Database } from '#db/database'
import { readId } from '~/utils/list-params'
import { monthsOf, type Period } from './period'
import { GROUPS, type Group } from './business'
export { GROUPS, groupLabels, type Group } from './business'

// The business report (/reports/master_order): orders, value, cost, margin and GST of a period, by
// month, category, buyer or seller, against the period before; read from order_day_facts alone.

/** Groups beyond these (by value) are summed into one line, so the table stays readable. */
export const TOP_GROUPS = 50

export interface BusinessFilters {
  group: Group
  categoryId: number | null
  buyerId: number | null
  sellerId: number | null
}

export function readBusinessFilters(params: URLSearchParams): BusinessFilters {
  const group = params.get('group')
  return {
    group: (GROUPS as readonly string[]).includes(group ?? '') ? (group as Group) : 'month',
    categoryId: readId(params.get('category')),
    buyerId: readId(params.get('buyer')),
    sellerId: readId(params.get('seller')),
  }
}

export interface Figures {
  orders: number
  lines: number
  value: number
  cost: number
  gst: number
}
const zero = (): Figures => ({ orders: 0, lines: 0, value: 0, cost: 0, gst: 0 })
const figures = (r: { orders: unknown; lines: unknown; value: unknown; cost: unknown; gst: unknown }): Figures => ({
  orders: Number(r.orders ?? 0),
  lines: Number(r.lines ?? 0),
  value: Number(r.value ?? 0),
  cost: Number(r.cost ?? 0),
  gst: Number(r.gst ?? 0),
})

function base(db: Database, range: { from: string; to: string }, f: BusinessFilters) {
  let query = db.selectFrom('order_day_facts').where('day', '>=', range.from).where('day', '<=', range.to)
  if (f.categoryId) query = query.where('category_id', '=', f.categoryId)
  if (f.buyerId) query = query.where('buyer_id', '=', f.buyerId)
  if (f.sellerId) query = query.where('seller_id', '=', f.sellerId)
  return query.select((eb) => [
    eb.fn.sum<number>('orders').as('orders'),
    eb.fn.sum<number>('lines').as('lines'),
    eb.fn.sum<number>('value_minor').as('value'),
    eb.fn.sum<number>('cost_minor').as('cost'),
    eb.fn.sum<number>('gst_minor').as('gst'),
  ])
}

const groupColumn = (group: Group) =>
  group === 'month' ? sql<string>`substr(day, 1, 7)` : sql<string>`${sql.ref(`${group}_id`)}`

async function grouped(db: Database, range: { from: string; to: string }, f: BusinessFilters) {
  const rows = await base(db, range, f).select(groupColumn(f.group).as('key')).groupBy(groupColumn(f.group)).execute()
  return new Map(rows.map((r) => [String(r.key), figures(r)]))
}

async function namesOf(db: Database, group: Exclude<Group, 'month'>, ids: number[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const table = group === 'category' ? 'categories' : group === 'buyer' ? 'buyers' : 'sellers'
  const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [String(r.id), r.name]))
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })

export interface GroupRow extends Figures {
  key: string
  label: string
  previousValue: number | null
  /** Filter the report to this group (a drill-down), when the group is a record. */
  drill: string | null
}

/** The report's figures: totals of the period and the one before, and the groups (top TOP_GROUPS by value, the rest summed). */
export async function businessReport(db: Database, period: Period, f: BusinessFilters) {
  const [now, before, groups, previousGroups] = await Promise.all([
    base(db, period, f).executeTakeFirstOrThrow(),
    base(db, period.previous, f).executeTakeFirstOrThrow(),
    grouped(db, period, f),
    f.group === 'month' ? Promise.resolve(new Map<string, Figures>()) : grouped(db, period.previous, f),
  ])
  let rows: GroupRow[]
  let others: GroupRow | null = null
  if (f.group === 'month') {
    rows = monthsOf(period.from, period.to).map((month) => ({
      key: month,
      label: monthName(month),
      ...(groups.get(month) ?? zero()),
      previousValue: null,
      drill: null,
    }))
  } else {
    const sorted = [...groups.entries()].sort((a, b) => b[1].value - a[1].value || Number(a[0]) - Number(b[0]))
    const top = sorted.slice(0, TOP_GROUPS)
    const names = await namesOf(
      db,
      f.group,
      top.map(([key]) => Number(key)),
    )
    rows = top.map(([key, figs]) => ({
      key,
      label: names.get(key) ?? `#${key}`,
      ...figs,
      previousValue: previousGroups.get(key)?.value ?? 0,
      drill: `${f.group}=${key}`,
    }))
    const rest = sorted.slice(TOP_GROUPS)
    if (rest.length) {
      const sum = rest.reduce(
        (acc, [, figs]) => ({
          orders: acc.orders + figs.orders,
          lines: acc.lines + figs.lines,
          value: acc.value + figs.value,
          cost: acc.cost + figs.cost,
          gst: acc.gst + figs.gst,
        }),
        zero(),
      )
      const previous = rest.reduce((acc, [key]) => acc + (previousGroups.get(key)?.value ?? 0), 0)
      others = { key: 'others', label: `${rest.length} more`, ...sum, previousValue: previous, drill: null }
    }
  }
  return { totals: figures(now), previous: figures(before), rows, others }
}
export type BusinessReport = Awaited<ReturnType<typeof businessReport>>

/** Names of the records the report is narrowed to, for its filter line. */
export async function filterNames(db: Database, f: BusinessFilters) {
  const [category, buyer, seller] = await Promise.all([
    f.categoryId
      ? db.selectFrom('categories').select('name').where('id', '=', f.categoryId).executeTakeFirst()
      : undefined,
    f.buyerId ? db.selectFrom('buyers').select('name').where('id', '=', f.buyerId).executeTakeFirst() : undefined,
    f.sellerId ? db.selectFrom('sellers').select('name').where('id', '=', f.sellerId).executeTakeFirst() : undefined,
  ])
  return { category: category?.name ?? null, buyer: buyer?.name ?? null, seller: seller?.name ?? null }
}

export function categoryChoices(db: Database) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute()
}
