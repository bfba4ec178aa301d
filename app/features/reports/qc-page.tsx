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
      <QualitySections data={data} />
    </div>
  )
}

const stateWords = { normal: 'Normal', tightened: 'Tightened', reduced: 'Reduced', discontinued: 'Discontinued' }

/** Issue 39: defects by class and type (Pareto), fabric points by seller, each seller's switching state. */
function QualitySections({ data }: { data: QcPageData }) {
  const { quality, period } = data
  const csv = (table: string) => `${data.csvHref}&table=${table}`
  return (
    <>
      <section className="stack" aria-labelledby="defects-heading" style={{ marginTop: 24 }}>
        <div className="list-summary">
          <h2 id="defects-heading" style={{ margin: 0 }}>
            Defects by class and type
          </h2>
          <Link reloadDocument to={csv('defects')}>
            Download CSV
          </Link>
        </div>
        <p className="muted">
          The defects the inspectors found in the lots decided {periodWords(period)}, most first, with the running share
          of all of them (a Pareto: the first few types are usually most of the defects).
        </p>
        <Table
          caption="Defects by class and type, most first"
          rows={quality.defects}
          rowKey={(d) => `${d.severity}|${d.name}`}
          empty="No defect was recorded in this period."
          columns={[
            { key: 'name', header: 'Defect', title: true, cell: (d) => d.name },
            { key: 'class', header: 'Class', cell: (d) => d.severity },
            { key: 'count', header: 'Count', numeric: true, cell: (d) => count(d.count) },
            { key: 'share', header: 'Share', numeric: true, cell: (d) => percent(d.share) },
            { key: 'cumulative', header: 'Cumulative', numeric: true, cell: (d) => percent(d.cumulative) },
          ]}
        />
      </section>
      <div className="report-layout" style={{ marginTop: 24 }}>
        <section className="stack" aria-labelledby="fabric-heading">
          <div className="list-summary">
            <h2 id="fabric-heading" style={{ margin: 0 }}>
              Fabric: points per 100 sq yd by seller
            </h2>
            <Link reloadDocument to={csv('fabric')}>
              Download CSV
            </Link>
          </div>
          <Table
            caption="Fabric rolls inspected by the 4-point system, by seller"
            rows={quality.fabric}
            rowKey={(r) => r.sellerId}
            empty="No fabric roll was inspected in this period."
            columns={[
              {
                key: 'seller',
                header: 'Seller',
                title: true,
                cell: (r) => <Link to={`/sellers/${r.sellerId}`}>{r.seller}</Link>,
              },
              { key: 'rolls', header: 'Rolls', numeric: true, cell: (r) => count(r.rolls) },
              { key: 'over', header: 'Over the limit', numeric: true, cell: (r) => count(r.over) },
              { key: 'points', header: 'Points', numeric: true, cell: (r) => count(r.points) },
              {
                key: 'per100',
                header: 'Per 100 sq yd',
                numeric: true,
                cell: (r) => r.pointsPer100.toFixed(2),
              },
            ]}
          />
        </section>
        <section className="stack" aria-labelledby="switching-heading">
          <div className="list-summary">
            <h2 id="switching-heading" style={{ margin: 0 }}>
              Sellers’ switching states
            </h2>
            <Link reloadDocument to={csv('switching')}>
              Download CSV
            </Link>
          </div>
          <p className="muted">As they stand now (ISO 2859-1 switching rules), tightened and discontinued first.</p>
          <Table
            caption="Each seller’s inspection state per category"
            rows={quality.switching}
            rowKey={(r) => `${r.seller_id}|${r.category_id}`}
            empty="No seller has lots decided by a sampling plan yet."
            columns={[
              {
                key: 'seller',
                header: 'Seller',
                title: true,
                cell: (r) => <Link to={`/sellers/${r.seller_id}`}>{r.seller}</Link>,
              },
              { key: 'category', header: 'Category', cell: (r) => r.category },
              { key: 'state', header: 'Inspection', cell: (r) => stateWords[r.state] },
              { key: 'score', header: 'Score', numeric: true, cell: (r) => count(r.score) },
              { key: 'lots', header: 'Lots', numeric: true, cell: (r) => count(r.lots) },
              { key: 'reason', header: 'Why', cell: (r) => r.reason ?? '—' },
            ]}
          />
        </section>
      </div>
    </>
  )
}
