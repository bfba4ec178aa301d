import { BarChart, StepChart } from '~/ui/charts'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import type { BuyerReportPageData, BuyersPageData } from './pages.server'
import { periodWords, ReportFilters } from './report-ui'

const rupees = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`
const compact = (paise: number) => {
  const r = paise / 100
  if (Math.abs(r) >= 1e7) return `₹${(r / 1e7).toFixed(1)} Cr`
  if (Math.abs(r) >= 1e5) return `₹${(r / 1e5).toFixed(1)} L`
  return `₹${Math.round(r).toLocaleString('en-IN')}`
}
const count = (n: number) => n.toLocaleString('en-IN')

/** /reports/buyer_skus: buyers ranked by what they ordered in the period. */
export function BuyersReportPage({ data }: { data: BuyersPageData }) {
  const { period, ranking } = data
  const query = new URLSearchParams({ from: period.from, to: period.to })
  const chartRows = ranking.rows.slice(0, 20)
  return (
    <div className="report">
      <PageHeader title="Buyer report" />
      <ReportFilters period={period} label="Report period" clearTo="/reports/buyer_skus" />
      <p className="muted">
        Orders placed {periodWords(period)}: {count(ranking.buyers)} buyers ordered {rupees(ranking.totalValue)}. SKU
        counts cover the whole months of the period.
      </p>
      <div className="report-layout">
        <section className="card" aria-labelledby="buyers-chart-heading">
          <h2 id="buyers-chart-heading">Ordered value by buyer</h2>
          {chartRows.length ? (
            <BarChart
              title={`Ordered value by buyer, ${periodWords(period)}`}
              summary={chartRows.map((r) => `${r.rank}. ${r.name}: ${rupees(r.value)}`).join('; ')}
              data={chartRows.map((r) => ({ label: r.name, value: r.value }))}
              format={compact}
              valueLabel="Value ordered"
            />
          ) : (
            <p className="muted">No orders in this period.</p>
          )}
        </section>
        <section className="stack" aria-labelledby="buyers-table-heading">
          <h2 id="buyers-table-heading">Buyers by ordered value</h2>
          <Table
            caption="Buyers ranked by ordered value"
            rows={ranking.rows}
            rowKey={(r) => r.buyerId}
            empty="No orders in this period."
            columns={[
              { key: 'rank', header: 'Rank', numeric: true, cell: (r) => r.rank },
              {
                key: 'buyer',
                header: 'Buyer',
                title: true,
                cell: (r) => <Link to={`/reports/buyer_skus/${r.buyerId}/report?${query}`}>{r.name}</Link>,
              },
              { key: 'orders', header: 'Orders', numeric: true, cell: (r) => count(r.orders) },
              { key: 'skus', header: 'SKUs ordered', numeric: true, cell: (r) => count(r.skus) },
              { key: 'value', header: 'Value', numeric: true, cell: (r) => rupees(r.value) },
            ]}
          />
          {ranking.buyers > ranking.rows.length ? (
            <p className="muted">
              The first {ranking.rows.length} of {count(ranking.buyers)} buyers.
            </p>
          ) : null}
        </section>
      </div>
    </div>
  )
}

/** /reports/buyer_skus/:buyerId/report: a buyer's SKUs ordered in the period, and a SKU's price history. */
export function BuyerReportPage({ data }: { data: BuyerReportPageData }) {
  const { period, report } = data
  const base = new URLSearchParams({ from: period.from, to: period.to })
  const history = report.history
  const chartRows = report.skus.slice(0, 20)
  return (
    <div className="report">
      <PageHeader title={`${report.buyer.name}: SKUs ordered`} />
      <ReportFilters period={period} label="Report period" clearTo={`/reports/buyer_skus/${report.buyer.id}/report`} />
      <ul className="figures" aria-label="The buyer in the period">
        <li className="figure">
          <span className="muted">Orders</span>
          <strong data-figure="Orders">{count(report.totals.orders)}</strong>
        </li>
        <li className="figure">
          <span className="muted">Value</span>
          <strong data-figure="Value">{rupees(report.totals.value)}</strong>
        </li>
        <li className="figure">
          <span className="muted">SKUs ordered</span>
          <strong data-figure="SKUs ordered">{count(report.totals.skus)}</strong>
        </li>
      </ul>
      <p className="muted">
        Orders placed {periodWords(period)}; SKU figures cover its whole months.{' '}
        <Link to={`/buyers/${report.buyer.id}`}>The buyer’s record</Link>
      </p>
      <div className="report-layout">
        <section className="card" aria-labelledby="skus-chart-heading">
          <h2 id="skus-chart-heading">Value by SKU</h2>
          {chartRows.length ? (
            <BarChart
              title={`Value ordered by SKU, ${periodWords(period)}`}
              summary={chartRows.map((r) => `${r.code}: ${rupees(r.value)}`).join('; ')}
              data={chartRows.map((r) => ({ label: r.code, value: r.value }))}
              format={compact}
              valueLabel="Value ordered"
            />
          ) : (
            <p className="muted">Nothing ordered in this period.</p>
          )}
        </section>
        <section className="stack" aria-labelledby="skus-table-heading">
          <div className="list-summary">
            <h2 id="skus-table-heading" style={{ margin: 0 }}>
              SKUs ordered
            </h2>
            <Link reloadDocument to={data.csvHref}>
              Download CSV
            </Link>
          </div>
          <Table
            caption="SKUs ordered in the period"
            rows={report.skus}
            rowKey={(r) => r.buyerSkuId}
            empty="Nothing ordered in this period."
            columns={[
              {
                key: 'code',
                header: 'SKU',
                title: true,
                nowrap: true,
                cell: (r) => (
                  <Link to={`?${new URLSearchParams([...base, ['sku', String(r.buyerSkuId)]])}#price-history`}>
                    {r.code}
                  </Link>
                ),
              },
              { key: 'name', header: 'Name', cell: (r) => r.name },
              {
                key: 'quantity',
                header: 'Quantity',
                numeric: true,
                cell: (r) => formatQuantity(r.quantityMilli, r.unit),
              },
              { key: 'lines', header: 'Lines', numeric: true, cell: (r) => count(r.lines) },
              { key: 'value', header: 'Value', numeric: true, cell: (r) => rupees(r.value) },
            ]}
          />
          {report.more ? (
            <p className="muted">
              And {count(report.more)} more SKUs of lower value: the CSV has the first {report.skus.length}.
            </p>
          ) : null}
        </section>
      </div>
      {history ? (
        <section className="card" id="price-history" aria-labelledby="history-heading" style={{ marginTop: 24 }}>
          <h2 id="history-heading">Price history of {history.code}</h2>
          {history.versions.length ? (
            <>
              <StepChart
                title={`Price of ${history.code} by version`}
                summary={history.versions
                  .map((v) => `version ${v.number} from ${formatDate(v.effectiveFrom)}: ${formatMoney(v.priceMinor)}`)
                  .join('; ')}
                points={history.versions.map((v) => ({ at: v.effectiveFrom, value: v.priceMinor }))}
                until={new Date().toISOString()}
                format={compact}
              />
              <Table
                caption={`Versions of ${history.code}`}
                rows={history.versions}
                rowKey={(v) => v.number}
                columns={[
                  { key: 'number', header: 'Version', numeric: true, cell: (v) => v.number },
                  { key: 'from', header: 'In force from', nowrap: true, cell: (v) => formatDate(v.effectiveFrom) },
                  { key: 'price', header: 'Price', numeric: true, cell: (v) => formatMoney(v.priceMinor) },
                  { key: 'note', header: 'Note', cell: (v) => v.note ?? '' },
                ]}
              />
            </>
          ) : (
            <p className="muted">This SKU has no versions yet.</p>
          )}
        </section>
      ) : null}
    </div>
  )
}
