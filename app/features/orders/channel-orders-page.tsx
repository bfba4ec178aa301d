import { Form } from '@remix-run/react'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ErrorList } from '~/ui/field'
import { FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { countOf, formatDate, formatMoney } from '~/utils/format'
import { CHANNELS, channelLabels, IMPORT_COLUMNS, type ImportReport } from './channels'
import { orderPath } from './lens'
import type { OrderFilters } from './schema'
import type { OrderRow } from './search.server'

export const CHANNEL_ORDERS_PATH = '/solv_and_gt_orders'

/** What the import form answers: the report of an import, or why the file was not read. */
export type ImportReply =
  { report: ImportReport } | { errors: { channel?: string; file?: string }; channel: string } | null | undefined

function ImportReportView({ report }: { report: ImportReport }) {
  const channel = channelLabels[report.channel]
  return (
    <section className="card" aria-labelledby="import-report-heading" role="status">
      <h2 id="import-report-heading">
        {channel} file: {countOf(report.rows, 'row')} read
      </h2>
      <ul>
        <li>
          {report.created.length ? `${countOf(report.created.length, 'order')} imported: ` : 'No new order imported.'}
          {report.created.map((o, i) => (
            <span key={o.id}>
              {i ? ', ' : ''}
              <Link to={orderPath('main', o.id)}>{o.code}</Link> ({o.channelOrderId})
            </span>
          ))}
        </li>
        {report.already.length ? (
          <li>
            {countOf(report.already.length, 'order')} already imported before, left as{' '}
            {report.already.length === 1 ? 'it is' : 'they are'}:{' '}
            {report.already.map((o, i) => (
              <span key={o.id}>
                {i ? ', ' : ''}
                <Link to={orderPath('main', o.id)}>{o.code}</Link> ({o.channelOrderId})
              </span>
            ))}
          </li>
        ) : null}
        <li>
          {report.problems.length
            ? `${countOf(report.problems.length, 'row')} ${report.problems.length === 1 ? 'needs' : 'need'} a change: fix ${report.problems.length === 1 ? 'it' : 'them'} in the file and import it again (what is imported already is not made twice).`
            : 'Every row was good.'}
        </li>
      </ul>
      {report.problems.length ? (
        <Table
          caption="Rows that need a change"
          rows={report.problems}
          rowKey={(p) => `${p.line}:${p.message}`}
          columns={[
            { key: 'line', header: 'Line', numeric: true, cell: (p) => p.line },
            {
              key: 'order',
              header: 'Order id',
              nowrap: true,
              cell: (p) => p.orderId || <span className="muted">none</span>,
            },
            { key: 'message', header: 'What is wrong', title: true, cell: (p) => p.message },
          ]}
        />
      ) : null}
    </section>
  )
}

function ImportForm({ reply }: { reply: ImportReply }) {
  const errors = reply && 'errors' in reply ? reply.errors : {}
  const chosen = reply && 'errors' in reply ? reply.channel : ''
  const messages = [errors.channel, errors.file].filter((m): m is string => Boolean(m))
  return (
    <Form method="post" encType="multipart/form-data" className="card" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a channel’s CSV export</h2>
      {messages.length ? (
        <div className="error-summary" role="alert" id="import-error" tabIndex={-1}>
          <p className="error-summary-title">The file was not imported:</p>
          <ul>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="channel">Channel</label>
          <select
            id="channel"
            name="channel"
            defaultValue={chosen}
            aria-invalid={errors.channel ? true : undefined}
            aria-describedby={errors.channel ? 'channel-error' : undefined}
          >
            <option value="">Choose…</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {channelLabels[c]}
              </option>
            ))}
          </select>
          <ErrorList id="channel-error" errors={errors.channel ? [errors.channel] : null} />
        </div>
        <div className="field">
          <label htmlFor="file">CSV file</label>
          <input
            id="file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'file-error file-hint' : 'file-hint'}
          />
          <p className="hint" id="file-hint">
            Up to 10 MB, columns as below.{' '}
            <Link reloadDocument to={`${CHANNEL_ORDERS_PATH}/sample.csv`}>
              Download a sample file
            </Link>
          </p>
          <ErrorList id="file-error" errors={errors.file ? [errors.file] : null} />
        </div>
      </div>
      <div className="form-actions">
        <SubmitButton pendingText="Importing…">Import the file</SubmitButton>
      </div>
      <details className="import-columns">
        <summary>The file’s columns</summary>
        <Table
          caption="Columns of an import file"
          rows={[...IMPORT_COLUMNS]}
          rowKey={(c) => c.name}
          columns={[
            { key: 'name', header: 'Column', nowrap: true, cell: (c) => <code>{c.name}</code> },
            { key: 'required', header: 'Required', cell: (c) => (c.required ? 'Yes' : 'No') },
            { key: 'about', header: 'What it holds', title: true, cell: (c) => c.about },
          ]}
        />
      </details>
    </Form>
  )
}

/** The orders of the two channels, the import form and the last import's report. */
export function ChannelOrdersPage({
  rows,
  total,
  capped,
  filters,
  reply,
}: {
  rows: OrderRow[]
  total: number
  capped: boolean
  filters: OrderFilters
  reply: ImportReply
}) {
  const filtering = Boolean(filters.q || filters.source !== 'channels')
  const columns: Column<OrderRow>[] = [
    {
      key: 'code',
      header: 'Order',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={orderPath('main', r.id)}>{r.code}</Link>,
    },
    { key: 'channel', header: 'Channel', cell: (r) => channelLabels[r.source as 'solv'] ?? r.source },
    { key: 'channelId', header: 'Channel’s id', nowrap: true, cell: (r) => r.channelOrderId },
    { key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName },
    { key: 'status', header: 'Status', cell: (r) => (r.status ? <StatusBadge status={r.status} /> : null) },
    { key: 'placed', header: 'Imported', nowrap: true, cell: (r) => formatDate(r.placedAt) },
    { key: 'value', header: 'Value', numeric: true, cell: (r) => formatMoney(r.valueMinor ?? 0) },
  ]
  return (
    <div className="orders">
      <PageHeader title="Solv and GT orders" />
      <p className="muted">
        Orders that came from the two outside channels. Import a channel’s CSV export: each good order is placed as if
        from the cart (its seller orders wait for approval), each bad row is listed with its line number, and importing
        the same file again creates nothing new.
      </p>
      {reply && 'report' in reply ? <ImportReportView report={reply.report} /> : null}
      <ImportForm reply={reply} />
      <h2 className="section-heading">Imported orders</h2>
      <Form method="get" className="filters" role="search" aria-label="Filter the imported orders">
        <SearchFilter value={filters.q} placeholder="Order code: MO-2026-000123" />
        <SelectFilter
          name="source"
          label="Channel"
          value={filters.source === 'channels' ? '' : filters.source}
          any="Solv and GT"
          options={CHANNELS.map((c) => ({ value: c, label: channelLabels[c] }))}
        />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="placed"
          defaultDir="desc"
          clearTo={CHANNEL_ORDERS_PATH}
          filtering={filtering}
        />
      </Form>
      <ListSummary total={total} capped={capped} noun="imported order" matching={filtering && 'these filters'} />
      <Table
        caption="Imported orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No imported order matches these filters.' : 'No orders imported yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
    </div>
  )
}
