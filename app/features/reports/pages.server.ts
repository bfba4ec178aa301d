// What the reports' pages show, gathered for their loaders; their CSVs. Routes guard (main portal).
import type { Database } from '#db/database'
import { csvResponse, type CsvColumn } from '~/utils/csv.server'
import { kolkataDay } from '~/utils/format'
import {
  businessReport,
  categoryChoices,
  filterNames,
  readBusinessFilters,
  type BusinessFilters,
} from './business.server'
import { readPeriod } from './period'
import { passRate, qcReport, readQcFilters } from './qc.server'
import { qcQuality } from './qc-quality.server'
import { buyerSkuReport, buyersRanking } from './buyers.server'
import { readId } from '~/utils/list-params'
import { quantityInput } from '~/utils/quantity'

export const reportPaths = {
  business: '/reports/master_order',
  qc: '/reports/qc',
  buyers: '/reports/buyer_skus',
} as const

/** The report's query without the grouping (for drill-downs) or with it (for its CSV). */
export function businessQuery(
  period: { from: string; to: string },
  f: BusinessFilters,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams({ from: period.from, to: period.to, group: f.group })
  if (f.categoryId) params.set('category', String(f.categoryId))
  if (f.buyerId) params.set('buyer', String(f.buyerId))
  if (f.sellerId) params.set('seller', String(f.sellerId))
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  return params
}

export async function businessPage(db: Database, url: URL) {
  const period = readPeriod(url.searchParams, kolkataDay())
  const filters = readBusinessFilters(url.searchParams)
  const [report, names, categories] = await Promise.all([
    businessReport(db, period, filters),
    filterNames(db, filters),
    categoryChoices(db),
  ])
  return {
    period,
    filters,
    names,
    categories,
    report,
    csvHref: `${reportPaths.business}.csv?${businessQuery(period, filters)}`,
  }
}
export type BusinessPageData = Awaited<ReturnType<typeof businessPage>>

const businessColumns: CsvColumn[] = [
  { key: 'group', header: 'Group' },
  { key: 'orders', header: 'Orders' },
  { key: 'lines', header: 'Lines' },
  { key: 'value', header: 'Value (₹)' },
  { key: 'cost', header: 'Cost (₹)' },
  { key: 'margin', header: 'Margin (₹)' },
  { key: 'margin_pct', header: 'Margin %' },
  { key: 'gst', header: 'GST (₹)' },
  { key: 'previous_value', header: 'Value in the previous period (₹)' },
]
const rupees = (paise: number) => (paise / 100).toFixed(2)
export const marginPercent = (value: number, cost: number) => (value ? ((value - cost) / value) * 100 : 0)

export async function businessCsv(db: Database, url: URL) {
  const period = readPeriod(url.searchParams, kolkataDay())
  const filters = readBusinessFilters(url.searchParams)
  const { rows, others, totals } = await businessReport(db, period, filters)
  const records = [...rows, ...(others ? [others] : [])].map((r) => ({
    group: r.label,
    orders: r.orders,
    lines: r.lines,
    value: rupees(r.value),
    cost: rupees(r.cost),
    margin: rupees(r.value - r.cost),
    margin_pct: marginPercent(r.value, r.cost).toFixed(1),
    gst: rupees(r.gst),
    previous_value: r.previousValue === null ? '' : rupees(r.previousValue),
  }))
  records.push({
    group: 'Total',
    orders: totals.orders,
    lines: totals.lines,
    value: rupees(totals.value),
    cost: rupees(totals.cost),
    margin: rupees(totals.value - totals.cost),
    margin_pct: marginPercent(totals.value, totals.cost).toFixed(1),
    gst: rupees(totals.gst),
    previous_value: '',
  })
  return csvResponse(`business-report-${period.from}-to-${period.to}-by-${filters.group}.csv`, businessColumns, records)
}

// ---------- QC report ----------

export async function qcPage(db: Database, url: URL) {
  const period = readPeriod(url.searchParams, kolkataDay())
  const filters = readQcFilters(url.searchParams)
  const [report, quality, categories, seller] = await Promise.all([
    qcReport(db, period, filters),
    qcQuality(db, period, filters),
    categoryChoices(db),
    filters.sellerId
      ? db.selectFrom('sellers').select('name').where('id', '=', filters.sellerId).executeTakeFirst()
      : undefined,
  ])
  const query = new URLSearchParams({ from: period.from, to: period.to, group: filters.group })
  if (filters.categoryId) query.set('category', String(filters.categoryId))
  if (filters.sellerId) query.set('seller', String(filters.sellerId))
  return {
    period,
    filters,
    report,
    quality,
    categories,
    sellerName: seller?.name ?? null,
    csvHref: `${reportPaths.qc}.csv?${query}`,
  }
}
export type QcPageData = Awaited<ReturnType<typeof qcPage>>

export async function qcCsv(db: Database, url: URL) {
  const period = readPeriod(url.searchParams, kolkataDay())
  const filters = readQcFilters(url.searchParams)
  const table = url.searchParams.get('table')
  const name = `qc-report-${period.from}-to-${period.to}`
  if (table === 'defects' || table === 'fabric' || table === 'switching') {
    const quality = await qcQuality(db, period, filters)
    if (table === 'defects')
      return csvResponse(
        `${name}-defects.csv`,
        [
          { key: 'name', header: 'Defect' },
          { key: 'severity', header: 'Class' },
          { key: 'count', header: 'Count' },
          { key: 'share', header: 'Share %' },
          { key: 'cumulative', header: 'Cumulative %' },
        ],
        quality.defects.map((d) => ({ ...d, share: d.share.toFixed(1), cumulative: d.cumulative.toFixed(1) })),
      )
    if (table === 'fabric')
      return csvResponse(
        `${name}-fabric-points.csv`,
        [
          { key: 'seller', header: 'Seller' },
          { key: 'rolls', header: 'Rolls' },
          { key: 'over', header: 'Rolls over the limit' },
          { key: 'points', header: 'Points' },
          { key: 'per100', header: 'Points per 100 sq yd' },
        ],
        quality.fabric.map((r) => ({ ...r, per100: r.pointsPer100.toFixed(2) })),
      )
    return csvResponse(
      `${name}-switching.csv`,
      [
        { key: 'seller', header: 'Seller' },
        { key: 'category', header: 'Category' },
        { key: 'state', header: 'Inspection' },
        { key: 'score', header: 'Switching score' },
        { key: 'lots', header: 'Lots' },
        { key: 'reason', header: 'Why' },
      ],
      quality.switching,
    )
  }
  const { rows, totals } = await qcReport(db, period, filters)
  const records = [...rows, { label: 'Total', ...totals }].map((r) => ({
    group: r.label,
    inspections: r.inspections,
    lots: r.lots,
    passed: r.passed,
    partly: r.partly,
    failed: r.failed,
    pass_rate: passRate(r).toFixed(1),
  }))
  return csvResponse(
    `qc-report-${period.from}-to-${period.to}-by-${filters.group}.csv`,
    [
      { key: 'group', header: 'Group' },
      { key: 'inspections', header: 'Inspections' },
      { key: 'lots', header: 'Lots' },
      { key: 'passed', header: 'Passed' },
      { key: 'partly', header: 'Partly accepted' },
      { key: 'failed', header: 'Failed' },
      { key: 'pass_rate', header: 'Pass rate %' },
    ],
    records,
  )
}

// ---------- Buyer reports ----------

export async function buyersPage(db: Database, url: URL) {
  const period = readPeriod(url.searchParams, kolkataDay())
  return { period, ranking: await buyersRanking(db, period) }
}
export type BuyersPageData = Awaited<ReturnType<typeof buyersPage>>

/** One buyer's SKU report; undefined for an unknown buyer (the route answers 404). */
export async function buyerReportPage(db: Database, buyerParam: string | undefined, url: URL) {
  const buyerId = readId(buyerParam)
  if (!buyerId) return undefined
  const period = readPeriod(url.searchParams, kolkataDay())
  const report = await buyerSkuReport(db, buyerId, period, readId(url.searchParams.get('sku')))
  return report
    ? {
        period,
        report,
        csvHref: `${reportPaths.buyers}/${buyerId}/report.csv?${new URLSearchParams({ from: period.from, to: period.to })}`,
      }
    : undefined
}
export type BuyerReportPageData = NonNullable<Awaited<ReturnType<typeof buyerReportPage>>>

export async function buyerReportCsv(db: Database, buyerParam: string | undefined, url: URL) {
  const data = await buyerReportPage(db, buyerParam, url)
  if (!data) throw new Response('Not found', { status: 404 })
  const { report, period } = data
  return csvResponse(
    `buyer-${report.buyer.id}-skus-${period.from}-to-${period.to}.csv`,
    [
      { key: 'code', header: 'Buyer SKU' },
      { key: 'name', header: 'Name' },
      { key: 'lines', header: 'Lines' },
      { key: 'quantity', header: 'Quantity' },
      { key: 'unit', header: 'Unit' },
      { key: 'value', header: 'Value (₹)' },
    ],
    report.skus.map((s) => ({
      code: s.code,
      name: s.name,
      lines: s.lines,
      quantity: quantityInput(s.quantityMilli),
      unit: s.unit,
      value: rupees(s.value),
    })),
  )
}
