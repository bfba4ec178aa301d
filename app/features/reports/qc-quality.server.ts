import { sql } from 'kysely'
import type { Database } from '#db/database'
import { startOfKolkataDay } from '~/utils/format'
import { addDays, type Period } from './period'
import type { QcFilters } from './qc.server'

// The QC report's quality figures (issue 39; docs/domain.md "QC by the book"): the defects found in the
// inspections decided in the period, by class and type, as a Pareto (most first, with the cumulative
// share); the fabric rolls' points per 100 square yards by seller; and each seller's switching state
// per category as it stands now. Read from what the inspections found (qc_defect_counts, qc_rolls,
// qc_roll_defects) and qc_supplier_states, under the report's period, category and seller filters.

const DECIDED = ['approved', 'partly_approved', 'rejected'] as const
/** Square millimetres in 100 square yards (914.4 mm a yard): points × this ÷ area is points per 100 sq yd. */
const MM2_PER_100_SQ_YD = 83_612_736

const STATE_ORDER = { discontinued: 0, tightened: 1, reduced: 2, normal: 3 } as const

export interface ParetoRow {
  severity: string
  name: string
  count: number
  /** Share of all the defects found, and the running share down the list (percent). */
  share: number
  cumulative: number
}

/** Counts sorted most first (then by name), each with its share and the running share of the whole. */
export function pareto(rows: { severity: string; name: string; count: number }[]): ParetoRow[] {
  const total = rows.reduce((sum, r) => sum + r.count, 0)
  let running = 0
  return [...rows]
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.severity.localeCompare(b.severity))
    .map((r) => {
      running += r.count
      return { ...r, share: (r.count / total) * 100, cumulative: (running / total) * 100 }
    })
}

export async function qcQuality(db: Database, period: Pick<Period, 'from' | 'to'>, f: QcFilters) {
  const from = startOfKolkataDay(period.from)
  const to = startOfKolkataDay(addDays(period.to, 1))
  let counted = db
    .selectFrom('qc_defect_counts as c')
    .innerJoin('qc_inspections as i', 'i.id', 'c.inspection_id')
    .innerJoin('sub_orders as s', 's.id', 'c.sub_order_id')
    .select(['c.severity', 'c.name', (eb) => eb.fn.sum<number>('c.count').as('n')])
    .where('i.status', 'in', DECIDED)
    .where('i.decided_at', '>=', from)
    .where('i.decided_at', '<', to)
    .groupBy(['c.severity', 'c.name'])
  // A roll's defects, on a line whose defects were not also counted by type (never twice): one each,
  // in the class of its defect type (minor when it names none).
  let rolled = db
    .selectFrom('qc_roll_defects as d')
    .innerJoin('qc_rolls as r', 'r.id', 'd.roll_id')
    .innerJoin('qc_inspections as i', 'i.id', 'r.inspection_id')
    .innerJoin('sub_orders as s', 's.id', 'r.sub_order_id')
    .leftJoin('defect_types as t', 't.id', 'd.defect_type_id')
    .select([
      sql<string>`coalesce(t.severity, 'minor')`.as('severity'),
      'd.name',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('i.status', 'in', DECIDED)
    .where('i.decided_at', '>=', from)
    .where('i.decided_at', '<', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('qc_defect_counts as dc')
            .select('dc.id')
            .whereRef('dc.inspection_id', '=', 'r.inspection_id')
            .whereRef('dc.sub_order_id', '=', 'r.sub_order_id'),
        ),
      ),
    )
    .groupBy([sql`coalesce(t.severity, 'minor')`, 'd.name'])
  let fabric = db
    .selectFrom('qc_rolls as r')
    .innerJoin('qc_inspections as i', 'i.id', 'r.inspection_id')
    .innerJoin('sub_orders as s', 's.id', 'r.sub_order_id')
    .innerJoin('sellers', 'sellers.id', 'i.seller_id')
    .select([
      'i.seller_id',
      'sellers.name as seller',
      (eb) => eb.fn.countAll<number>().as('rolls'),
      sql<number>`sum(case when r.accepted = 0 then 1 else 0 end)`.as('over'),
      (eb) => eb.fn.sum<number>('r.points').as('points'),
      sql<string>`sum(cast(r.length_mm as bigint) * r.width_mm)`.as('area'),
    ])
    .where('i.status', 'in', DECIDED)
    .where('i.decided_at', '>=', from)
    .where('i.decided_at', '<', to)
    .groupBy(['i.seller_id', 'sellers.name'])
  let states = db
    .selectFrom('qc_supplier_states as q')
    .innerJoin('sellers', 'sellers.id', 'q.seller_id')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .select([
      'q.seller_id',
      'sellers.name as seller',
      'q.category_id',
      'c.name as category',
      'q.state',
      'q.score',
      'q.lots',
      'q.reason',
    ])
  if (f.categoryId) {
    counted = counted.where('s.category_id', '=', f.categoryId)
    rolled = rolled.where('s.category_id', '=', f.categoryId)
    fabric = fabric.where('s.category_id', '=', f.categoryId)
    states = states.where('q.category_id', '=', f.categoryId)
  }
  if (f.sellerId) {
    counted = counted.where('i.seller_id', '=', f.sellerId)
    rolled = rolled.where('i.seller_id', '=', f.sellerId)
    fabric = fabric.where('i.seller_id', '=', f.sellerId)
    states = states.where('q.seller_id', '=', f.sellerId)
  }
  const [counts, rolls, bySeller, switching] = await Promise.all([
    counted.execute(),
    rolled.execute(),
    fabric.execute(),
    states.execute(),
  ])
  const merged = new Map<string, { severity: string; name: string; count: number }>()
  for (const r of [...counts, ...rolls]) {
    const key = `${r.severity}|${r.name}`
    const row = merged.get(key) ?? { severity: r.severity, name: r.name, count: 0 }
    row.count += Number(r.n)
    merged.set(key, row)
  }
  return {
    defects: pareto([...merged.values()]).slice(0, 50),
    fabric: bySeller
      .map((r) => {
        const area = Number(r.area)
        const points = Number(r.points)
        return {
          sellerId: r.seller_id,
          seller: r.seller,
          rolls: Number(r.rolls),
          over: Number(r.over),
          points,
          /** Over all the seller's rolls in the period: all the points over all the area. */
          pointsPer100: area > 0 ? (points * MM2_PER_100_SQ_YD) / area : 0,
        }
      })
      .sort((a, b) => b.pointsPer100 - a.pointsPer100 || a.seller.localeCompare(b.seller))
      .slice(0, 100),
    switching: switching
      .map((r) => ({ ...r, score: Number(r.score), lots: Number(r.lots) }))
      .sort(
        (a, b) =>
          STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
          a.seller.localeCompare(b.seller) ||
          a.category.localeCompare(b.category),
      )
      .slice(0, 100),
  }
}
export type QcQuality = Awaited<ReturnType<typeof qcQuality>>
