import { sql, type ExpressionBuilder } from 'kysely'
import type { Database } from '#db/database'
import type { DB } from '#db/types'
import { readId } from '~/utils/list-params'
import { startOfKolkataDay } from '~/utils/format'
import { addDays, monthsOf, type Period } from './period'
import { QC_GROUPS, type QcGroup } from './qc'

// The QC report (/reports/qc): pass rates of the lots decided in a period by seller, category or
// month; the conditions that failed most; the lots partly accepted. Read from qc_day_facts and
// qc_condition_facts, and the latest partly approved inspections from their index.

export interface QcFilters {
  group: QcGroup
  categoryId: number | null
  sellerId: number | null
}

export function readQcFilters(params: URLSearchParams): QcFilters {
  const group = params.get('group')
  return {
    group: (QC_GROUPS as readonly string[]).includes(group ?? '') ? (group as QcGroup) : 'seller',
    categoryId: readId(params.get('category')),
    sellerId: readId(params.get('seller')),
  }
}

export interface QcFigures {
  inspections: number
  lots: number
  passed: number
  partly: number
  failed: number
}

const sums = (eb: ExpressionBuilder<DB, 'qc_day_facts'>) => [
  eb.fn.sum('inspections').as('inspections'),
  eb.fn.sum('lots').as('lots'),
  eb.fn.sum('lots_passed').as('passed'),
  eb.fn.sum('lots_partly').as('partly'),
  eb.fn.sum('lots_failed').as('failed'),
]
const figures = (r: Record<string, unknown>): QcFigures => ({
  inspections: Number(r.inspections ?? 0),
  lots: Number(r.lots ?? 0),
  passed: Number(r.passed ?? 0),
  partly: Number(r.partly ?? 0),
  failed: Number(r.failed ?? 0),
})
export const passRate = (f: Pick<QcFigures, 'lots' | 'passed'>) => (f.lots ? (f.passed / f.lots) * 100 : 0)

function days(db: Database, range: { from: string; to: string }, f: QcFilters) {
  let query = db.selectFrom('qc_day_facts').where('day', '>=', range.from).where('day', '<=', range.to)
  if (f.categoryId) query = query.where('category_id', '=', f.categoryId)
  if (f.sellerId) query = query.where('seller_id', '=', f.sellerId)
  return query
}

const groupColumn = (group: QcGroup) =>
  group === 'month' ? sql<string>`substr(day, 1, 7)` : sql<string>`${sql.ref(`${group}_id`)}`

export async function qcReport(db: Database, period: Period, f: QcFilters) {
  let conditions = db
    .selectFrom('qc_condition_facts')
    .select([
      'condition',
      (eb) => eb.fn.sum<number>('checks').as('checks'),
      (eb) => eb.fn.sum<number>('fails').as('fails'),
    ])
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
  if (f.categoryId) conditions = conditions.where('category_id', '=', f.categoryId)
  let partly = db
    .selectFrom('qc_inspections as i')
    .innerJoin('seller_orders as so', 'so.id', 'i.seller_order_id')
    .innerJoin('sellers as s', 's.id', 'i.seller_id')
    .select(['i.id', 'i.code', 'i.decided_at', 'so.code as orderCode', 's.name as seller', 'i.master_order_id'])
    .where('i.status', '=', 'partly_approved')
    .where('i.decided_at', '>=', startOfKolkataDay(period.from))
    .where('i.decided_at', '<', startOfKolkataDay(addDays(period.to, 1)))
  if (f.sellerId) partly = partly.where('i.seller_id', '=', f.sellerId)
  const [now, before, grouped, failing, latestPartly] = await Promise.all([
    days(db, period, f).select(sums).executeTakeFirstOrThrow(),
    days(db, period.previous, f).select(sums).executeTakeFirstOrThrow(),
    days(db, period, f).select(groupColumn(f.group).as('key')).select(sums).groupBy(groupColumn(f.group)).execute(),
    // Conditions are per category: a seller filter does not narrow them.
    conditions
      .groupBy('condition')
      .orderBy((eb) => eb.fn.sum('fails'), 'desc')
      .orderBy('condition')
      .limit(10)
      .execute(),
    partly.orderBy('i.decided_at', 'desc').limit(10).execute(),
  ])
  const byKey = new Map(grouped.map((r) => [String(r.key), figures(r as Record<string, unknown>)]))
  let rows: Array<QcFigures & { key: string; label: string; drill: string | null }>
  if (f.group === 'month') {
    rows = monthsOf(period.from, period.to).map((m) => ({
      key: m,
      label: new Date(`${m}-01T00:00:00Z`).toLocaleDateString('en-IN', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      ...(byKey.get(m) ?? figures({})),
      drill: null,
    }))
  } else {
    const table = f.group === 'seller' ? 'sellers' : 'categories'
    const ids = [...byKey.keys()].map(Number)
    const names = ids.length
      ? new Map(
          (await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [
            String(r.id),
            r.name,
          ]),
        )
      : new Map<string, string>()
    rows = [...byKey.entries()]
      .map(([key, figs]) => ({ key, label: names.get(key) ?? `#${key}`, ...figs, drill: `${f.group}=${key}` }))
      .sort((a, b) => b.lots - a.lots || a.label.localeCompare(b.label))
      .slice(0, 100)
  }
  return {
    totals: figures(now as Record<string, unknown>),
    previous: figures(before as Record<string, unknown>),
    rows,
    conditions: failing.map((c) => ({ condition: c.condition, checks: Number(c.checks), fails: Number(c.fails) })),
    partly: latestPartly,
  }
}
export type QcReport = Awaited<ReturnType<typeof qcReport>>
