import { BarChart } from '~/ui/charts'
import { SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { GROUPS, groupLabels } from './business'
import type { GroupRow } from './business.server'
import type { BusinessPageData } from './pages.server'
import { Comparison, periodWords, ReportFilters } from './report-ui'

/** Whole rupees: a report's figures need no paise (the CSV keeps them). */
const inr = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`
const compact = (paise: number) => {
  const rupees = paise / 100
  if (Math.abs(rupees) >= 1e7) return `₹${(rupees / 1e7).toFixed(1)} Cr`
  if (Math.abs(rupees) >= 1e5) return `₹${(rupees / 1e5).toFixed(1)} L`
  return `₹${Math.round(rupees).toLocaleString('en-IN')}`
}
const count = (n: number) => n.toLocaleString('en-IN')
const pct = (value: number, cost: number) => (value ? `${(((value - cost) / value) * 100).toFixed(1)}%` : '—')

/** /reports/master_order: the business report. */
export function BusinessReportPage({ data }: { data: BusinessPageData }) {
  const { period, filters, report, names } = data
  const rows: GroupRow[] = [...report.rows, ...(report.others ? [report.others] : [])]
  const drillBase = new URLSearchParams({ from: period.from, to: period.to })
  if (filters.categoryId) drillBase.set('category', String(filters.categoryId))
  if (filters.buyerId) drillBase.set('buyer', String(filters.buyerId))
  if (filters.sellerId) drillBase.set('seller', String(filters.sellerId))
  const narrowed = [
    names.category ? { label: `Category: ${names.category}`, drop: 'category' } : null,
    names.buyer ? { label: `Buyer: ${names.buyer}`, drop: 'buyer' } : null,
    names.seller ? { label: `Seller: ${names.seller}`, drop: 'seller' } : null,
  ].filter((n): n is { label: string; drop: string } => n !== null)
  const without = (name: string) => {
    const params = new URLSearchParams(drillBase)
    params.delete(name)
    params.set('group', filters.group)
    return `?${params}`
  }
  // A record's row narrows the report to it, by month.
  const drillTo = (drill: string) => {
    const params = new URLSearchParams(drillBase)
    for (const [key, value] of new URLSearchParams(drill)) params.set(key, value)
    params.set('group', 'month')
    return `?${params}`
  }
  const chartRows = report.rows.slice(0, 24)
  return (
    <div className="report">
      <PageHeader title="Business report" />
      <ReportFilters period={period} label="Report period and filters" clearTo="/reports/master_order">
        <SelectFilter
          name="group"
          label="By"
          value={filters.group}
          options={GROUPS.map((g) => ({ value: g, label: groupLabels[g] }))}
        />
        <SelectFilter
          name="category"
          label="Category"
          value={filters.categoryId}
          any="Every category"
          options={data.categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        {filters.buyerId ? <input type="hidden" name="buyer" value={filters.buyerId} /> : null}
        {filters.sellerId ? <input type="hidden" name="seller" value={filters.sellerId} /> : null}
      </ReportFilters>
      {narrowed.length ? (
        <p className="row">
          {narrowed.map((n) => (
            <span key={n.drop} className="chip">
              {n.label} <Link to={without(n.drop)}>Remove</Link>
            </span>
          ))}
        </p>
      ) : null}
      <p className="muted">
        Orders placed {periodWords(period)}, against {periodWords({ ...period, ...period.previous })}. A seller order
        counts once, under the category of its first line; rejected and cancelled ones do not count.
      </p>
      <ul className="figures" aria-label="The period against the one before">
        <Comparison label="Orders" now={report.totals.orders} before={report.previous.orders} format={count} />
        <Comparison label="Value" now={report.totals.value} before={report.previous.value} format={inr} />
        <Comparison label="Cost" now={report.totals.cost} before={report.previous.cost} format={inr} />
        <Comparison
          label="Margin"
          now={report.totals.value - report.totals.cost}
          before={report.previous.value - report.previous.cost}
          format={inr}
        />
        <Comparison label="GST" now={report.totals.gst} before={report.previous.gst} format={inr} />
      </ul>
      <div className="report-layout">
        <section className="card" aria-labelledby="chart-heading">
          <h2 id="chart-heading">Value and margin by {groupLabels[filters.group].toLowerCase()}</h2>
          {rows.length ? (
            <BarChart
              title={`Value and margin by ${groupLabels[filters.group].toLowerCase()}, ${periodWords(period)}`}
              summary={chartRows
                .map((r) => `${r.label}: value ${inr(r.value)}, margin ${inr(r.value - r.cost)}`)
                .join('; ')}
              data={chartRows.map((r) => ({ label: r.label, value: r.value, part: r.value - r.cost }))}
              format={compact}
              valueLabel="Value"
              partLabel="Margin"
            />
          ) : (
            <p className="muted">No orders in this period.</p>
          )}
          {report.rows.length > chartRows.length ? (
            <p className="muted">The chart shows the first {chartRows.length}; the table has them all.</p>
          ) : null}
        </section>
        <section className="stack" aria-labelledby="table-heading">
          <div className="list-summary">
            <h2 id="table-heading" style={{ margin: 0 }}>
              By {groupLabels[filters.group].toLowerCase()}
            </h2>
            <Link reloadDocument to={data.csvHref}>
              Download CSV
            </Link>
          </div>
          <Table
            caption={`Business figures by ${groupLabels[filters.group].toLowerCase()}`}
            rows={rows}
            rowKey={(r) => r.key}
            empty="No orders in this period."
            columns={[
              {
                key: 'group',
                header: groupLabels[filters.group],
                title: true,
                cell: (r) => (r.drill ? <Link to={drillTo(r.drill)}>{r.label}</Link> : r.label),
              },
              { key: 'orders', header: 'Orders', numeric: true, cell: (r) => count(r.orders) },
              { key: 'value', header: 'Value', numeric: true, cell: (r) => inr(r.value) },
              { key: 'cost', header: 'Cost', numeric: true, cell: (r) => inr(r.cost) },
              {
                key: 'margin',
                header: 'Margin',
                numeric: true,
                cell: (r) => `${inr(r.value - r.cost)} (${pct(r.value, r.cost)})`,
              },
              { key: 'gst', header: 'GST', numeric: true, cell: (r) => inr(r.gst) },
              ...(filters.group === 'month'
                ? []
                : [
                    {
                      key: 'previous',
                      header: 'Value before',
                      numeric: true,
                      cell: (r: GroupRow) => inr(r.previousValue ?? 0),
                    },
                  ]),
            ]}
          />
        </section>
      </div>
    </div>
  )
}
