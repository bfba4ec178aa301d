import { BarChart } from '~/ui/charts'
import { SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'
import type { QcPageData } from './pages.server'
import { QC_GROUPS, qcGroupLabels } from './qc'
import { Comparison, periodWords, ReportFilters } from './report-ui'

const count = (n: number) => n.toLocaleString('en-IN')
const percent = (n: number) => `${n.toFixed(1)}%`
const rate = (passed: number, lots: number) => (lots ? (passed / lots) * 100 : 0)

/** /reports/qc: pass rates by seller, category or month; the conditions that failed most; lots partly accepted. */
export function QcReportPage({ data }: { data: QcPageData }) {
  const { period, filters, report } = data
  const base = new URLSearchParams({ from: period.from, to: period.to })
  if (filters.categoryId) base.set('category', String(filters.categoryId))
  if (filters.sellerId) base.set('seller', String(filters.sellerId))
  const drillTo = (drill: string) => {
    const params = new URLSearchParams(base)
    for (const [k, v] of new URLSearchParams(drill)) params.set(k, v)
    params.set('group', 'month')
    return `?${params}`
  }
  const chartRows = report.rows.slice(0, 24)
  return (
    <div className="report">
      <PageHeader title="QC report" />
      <ReportFilters period={period} label="Report period and filters" clearTo="/reports/qc">
        <SelectFilter
          name="group"
          label="By"
          value={filters.group}
          options={QC_GROUPS.map((g) => ({ value: g, label: qcGroupLabels[g] }))}
        />
        <SelectFilter
          name="category"
          label="Category"
          value={filters.categoryId}
          any="Every category"
          options={data.categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        {filters.sellerId ? <input type="hidden" name="seller" value={filters.sellerId} /> : null}
      </ReportFilters>
      {data.sellerName ? (
        <p className="row">
          <span className="chip">
            Seller: {data.sellerName}{' '}
            <Link to={`?${new URLSearchParams([...base].filter(([k]) => k !== 'seller'))}&group=${filters.group}`}>
              Remove
            </Link>
          </span>
        </p>
      ) : null}
      <p className="muted">
        Inspections decided {periodWords(period)}, against {periodWords({ ...period, ...period.previous })}. A lot
        passes when nothing of it is rejected; an approval passes every lot, a rejection fails every one.
      </p>
      <ul className="figures" aria-label="The period against the one before">
        <Comparison
          label="Inspections decided"
          now={report.totals.inspections}
          before={report.previous.inspections}
          format={count}
        />
        <Comparison label="Lots" now={report.totals.lots} before={report.previous.lots} format={count} />
        <Comparison
          label="Pass rate"
          now={rate(report.totals.passed, report.totals.lots)}
          before={rate(report.previous.passed, report.previous.lots)}
          format={percent}
        />
        <Comparison
          label="Lots partly accepted"
          now={report.totals.partly}
          before={report.previous.partly}
          format={count}
        />
        <Comparison label="Lots failed" now={report.totals.failed} before={report.previous.failed} format={count} />
      </ul>
      <div className="report-layout">
        <section className="card" aria-labelledby="qc-chart-heading">
          <h2 id="qc-chart-heading">Pass rate by {qcGroupLabels[filters.group].toLowerCase()}</h2>
          {chartRows.some((r) => r.lots) ? (
            <BarChart
              title={`Pass rate of lots by ${qcGroupLabels[filters.group].toLowerCase()}, ${periodWords(period)}`}
              summary={chartRows
                .map((r) => `${r.label}: ${percent(rate(r.passed, r.lots))} of ${r.lots} lots passed`)
                .join('; ')}
              data={chartRows.map((r) => ({ label: r.label, value: rate(r.passed, r.lots) }))}
              format={(n) => `${Math.round(n)}%`}
              valueLabel="Lots passed"
            />
          ) : (
            <p className="muted">No inspection was decided in this period.</p>
          )}
        </section>
        <section className="stack" aria-labelledby="qc-table-heading">
          <div className="list-summary">
            <h2 id="qc-table-heading" style={{ margin: 0 }}>
              By {qcGroupLabels[filters.group].toLowerCase()}
            </h2>
            <Link reloadDocument to={data.csvHref}>
              Download CSV
            </Link>
          </div>
          <Table
            caption={`QC figures by ${qcGroupLabels[filters.group].toLowerCase()}`}
            rows={report.rows}
            rowKey={(r) => r.key}
            empty="No inspection was decided in this period."
            columns={[
              {
                key: 'group',
                header: qcGroupLabels[filters.group],
                title: true,
                cell: (r) => (r.drill ? <Link to={drillTo(r.drill)}>{r.label}</Link> : r.label),
              },
              { key: 'inspections', header: 'Inspections', numeric: true, cell: (r) => count(r.inspections) },
              { key: 'lots', header: 'Lots', numeric: true, cell: (r) => count(r.lots) },
              {
                key: 'rate',
                header: 'Pass rate',
                numeric: true,
                cell: (r) => (r.lots ? percent(rate(r.passed, r.lots)) : '—'),
              },
              { key: 'partly', header: 'Partly accepted', numeric: true, cell: (r) => count(r.partly) },
              { key: 'failed', header: 'Failed', numeric: true, cell: (r) => count(r.failed) },
            ]}
          />
        </section>
      </div>
      <div className="report-layout" style={{ marginTop: 24 }}>
        <section className="stack" aria-labelledby="conditions-heading">
          <h2 id="conditions-heading">Conditions that failed most</h2>
          <Table
            caption="Conditions that failed most"
            rows={report.conditions}
            rowKey={(c) => c.condition}
            empty="No condition failed in this period."
            columns={[
              { key: 'condition', header: 'Condition', title: true, cell: (c) => c.condition },
              { key: 'fails', header: 'Failed', numeric: true, cell: (c) => count(c.fails) },
              { key: 'checks', header: 'Checked', numeric: true, cell: (c) => count(c.checks) },
              {
                key: 'rate',
                header: 'Fail rate',
                numeric: true,
                cell: (c) => percent(c.checks ? (c.fails / c.checks) * 100 : 0),
              },
            ]}
          />
        </section>
        <section className="stack" aria-labelledby="partly-heading">
          <h2 id="partly-heading">Latest lots partly accepted</h2>
          <Table
            caption="Latest inspections partly accepted"
            rows={report.partly}
            rowKey={(p) => p.id}
            empty="No inspection was partly accepted in this period."
            columns={[
              { key: 'code', header: 'Inspection', title: true, nowrap: true, cell: (p) => p.code },
              {
                key: 'order',
                header: 'Seller order',
                nowrap: true,
                cell: (p) => <Link to={`/master_orders/${p.master_order_id}`}>{p.orderCode}</Link>,
              },
              { key: 'seller', header: 'Seller', cell: (p) => p.seller },
              {
                key: 'when',
                header: 'Decided',
                nowrap: true,
                cell: (p) => (p.decided_at ? formatDateTime(p.decided_at) : '—'),
              },
            ]}
          />
        </section>
      </div>
    </div>
  )
}
