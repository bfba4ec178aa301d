import type { Database } from '#db/database'
import type { MasterOrderStatus } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { kolkataDay } from '~/utils/format'
import { shiftMonth } from '~/utils/months'
import { dueBucketTotals } from '../logistics/queries.server'
import { calendarPath, qcApprovalsPath } from '../qc/forms'
import { approvalsPath } from '../orders/approvals.server'
import { firstOpenable, linkedFigures, type Figure } from '~/platform/figures'

// The operations dashboard (/dashboard): the figures the platform's staff act on, each linked to
// the list behind it, filtered to what it counts (where the viewer may open that list). Every
// figure is read from an index or a kept summary: no page counts a million rows.

const MASTER_STATUSES: MasterOrderStatus[] = [
  'placed',
  'confirmed',
  'in_production',
  'in_qc',
  'ready_to_dispatch',
  'dispatched',
  'delivered',
  'closed',
  'cancelled',
]
const statusWords = (s: string) =>
  s
    .replace(/_/g, ' ')
    .replace(/\bqc\b/, 'QC')
    .replace(/^./, (c) => c.toUpperCase())
/** Whole rupees: a dashboard figure needs no paise. */
const formatMoney = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`

export interface DashboardSection {
  title: string
  figures: Figure[]
}

/** A figure before it meets its viewer: the lists behind it, in the portals that act on it, the viewer's first one it may open is its link. */
type Draft = Omit<Figure, 'to'> & { to: string | readonly string[] }
const forViewer = (viewer: Viewer, f: Draft): Figure => ({ ...f, to: firstOpenable(viewer.roles, f.to) })

const count = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: unknown }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n ?? 0)

/** The value of the orders placed from one day to another (order_day_facts). */
async function valueBetween(db: Database, from: string, to: string) {
  const row = await db
    .selectFrom('order_day_facts')
    .select((eb) => [eb.fn.sum<number>('value_minor').as('value'), eb.fn.sum<number>('orders').as('orders')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirstOrThrow()
  return { value: Number(row.value ?? 0), orders: Number(row.orders ?? 0) }
}

async function dashboardSections(db: Database): Promise<{ title: string; figures: Draft[] }[]> {
  const today = kolkataDay()
  const month = today.slice(0, 7)
  const lastMonth = shiftMonth(month, -1)
  // Last month to the same day (or its last day): a like-for-like comparison with this month so far.
  const lastMonthDays = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)), 0)).getUTCDate()
  const sameDayLastMonth = `${lastMonth}-${String(Math.min(Number(today.slice(8, 10)), lastMonthDays)).padStart(2, '0')}`
  const [sellerOrders, qcWaiting, qcOverdue, priceChanges, samples, dues, statuses, thisMonth, lastMonthSoFar] =
    await Promise.all([
      count(
        db
          .selectFrom('seller_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending_approval'),
      ),
      count(
        db
          .selectFrom('qc_inspections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'submitted'),
      ),
      count(
        db
          .selectFrom('qc_inspections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'scheduled')
          .where('scheduled_on', '<', today),
      ),
      count(
        db
          .selectFrom('price_change_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending'),
      ),
      count(
        db
          .selectFrom('sample_order_counts')
          .select((eb) => eb.fn.sum<number>('orders').as('n'))
          .where('status', '=', 'requested'),
      ),
      dueBucketTotals(db),
      db.selectFrom('master_order_counts').select(['status', 'orders']).execute(),
      valueBetween(db, `${month}-01`, today),
      valueBetween(db, `${lastMonth}-01`, sameDayLastMonth),
    ])
  const warn = (n: number): Draft['tone'] => (n > 0 ? 'warning' : undefined)
  const byStatus = new Map(statuses.map((s) => [s.status, Number(s.orders)]))
  const change = lastMonthSoFar.value
    ? `${thisMonth.value >= lastMonthSoFar.value ? '+' : '−'}${Math.abs(((thisMonth.value - lastMonthSoFar.value) / lastMonthSoFar.value) * 100).toFixed(1)}%`
    : 'no orders then'
  return [
    {
      title: 'Waiting for a decision',
      figures: [
        {
          label: 'Seller orders to approve',
          value: sellerOrders,
          tone: warn(sellerOrders),
          to: [approvalsPath.admin, approvalsPath.supplier_admin],
        },
        {
          label: 'QC results to approve',
          value: qcWaiting,
          tone: warn(qcWaiting),
          to: [qcApprovalsPath.admin, qcApprovalsPath.biz_ops],
        },
        {
          label: 'Price changes to decide',
          value: priceChanges,
          tone: warn(priceChanges),
          to: '/admin/approvals/buyer_skus/pricing_requests?status=pending',
        },
        {
          label: 'Sample requests to approve',
          value: samples,
          tone: warn(samples),
          to: ['/admin/sample_orders?status=requested', '/biz_ops_team/sample_orders?status=requested'],
        },
      ],
    },
    {
      title: 'Late or due',
      figures: [
        {
          label: 'QC inspections overdue, not sent',
          value: qcOverdue,
          tone: warn(qcOverdue),
          to: [`${calendarPath.admin}?month=${month}`, `${calendarPath.biz_ops}?month=${month}`],
        },
        {
          label: `Transporter bills due this week (${dues.thisWeek.count})`,
          value: formatMoney(dues.thisWeek.totalMinor),
          tone: warn(dues.thisWeek.count),
          to: '/logistics/transport_payment_dues?bucket=this_week',
        },
        {
          label: `Transporter bills overdue (${dues.overdue.count})`,
          value: formatMoney(dues.overdue.totalMinor),
          tone: warn(dues.overdue.count),
          to: '/logistics/transport_payment_dues?bucket=overdue',
        },
      ],
    },
    {
      title: 'Orders',
      figures: [
        {
          label: `Value this month (${thisMonth.orders} orders)`,
          value: formatMoney(thisMonth.value),
          to: `/reports/master_order?${new URLSearchParams({ from: `${month}-01`, to: today })}`,
        },
        {
          label: `Last month to the same day: ${change}`,
          value: formatMoney(lastMonthSoFar.value),
          to: `/reports/master_order?${new URLSearchParams({ from: `${lastMonth}-01`, to: sameDayLastMonth })}`,
        },
        ...MASTER_STATUSES.map((status): Draft => ({
          label: statusWords(status),
          value: byStatus.get(status) ?? 0,
          to: `/master_orders?status=${status}`,
        })),
      ],
    },
  ]
}

/**
 * The dashboard as this viewer reads it: each figure a link to the list behind it in a portal the
 * viewer may open; a figure none of whose lists it may open is another role's work and is left out
 * (an internal user does not decide approvals), and so is a section left empty.
 */
export async function operationsDashboard(db: Database, viewer: Viewer): Promise<DashboardSection[]> {
  const sections = await dashboardSections(db)
  return sections
    .map((section) => ({
      title: section.title,
      figures: linkedFigures(
        viewer.roles,
        section.figures.map((f) => forViewer(viewer, f)),
      ),
    }))
    .filter((section) => section.figures.length > 0)
}

/** The dashboard's figures a staff portal's home adds to its own (which already shows its queues). */
export async function homeExtras(db: Database, viewer: Viewer, portal: string): Promise<Figure[]> {
  const wanted: Record<string, (f: Draft) => boolean> = {
    admin: (f) =>
      /^(QC inspections overdue|Transporter bills|Value this month|Last month to the same day)/.test(f.label),
    biz_ops: (f) => f.label.startsWith('QC inspections overdue'),
  }
  const pick = wanted[portal]
  if (!pick) return []
  return (await dashboardSections(db))
    .flatMap((s) => s.figures)
    .filter(pick)
    .map((f) => forViewer(viewer, f))
}
