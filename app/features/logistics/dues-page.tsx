import { TableFrame } from '~/ui/table'
import { getFormProps } from '@conform-to/react'
import { Form, useLocation } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { Figures } from '~/ui/figures'
import { ErrorSummary, Field } from '~/ui/field'
import { FilterActions, SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { countOf, formatDate, formatMoney } from '~/utils/format'
import type { Reply } from '~/platform/form-reply'
import type { DueRow } from './queries.server'
import { type DueBucket, type DueFilters } from './schema'
import { bookingPath, billingPath, duesPath, transportersPath } from './shared'

const BUCKETS: { key: DueBucket; label: string }[] = [
  { key: 'overdue', label: 'Overdue' },
  { key: 'this_week', label: 'Due this week' },
  { key: 'later', label: 'Due later' },
]

interface DuesData {
  today: string
  buckets: Record<DueBucket, { count: number; totalMinor: number }>
  perTransporter: { id: number; name: string; count: number; totalMinor: number }[]
  rows: DueRow[]
  total: number
  filters: DueFilters
  transporters: { id: number; name: string }[]
}

const day = (d: string) => formatDate(`${d}T12:00:00Z`)
const href = (f: Partial<DueFilters>) => {
  const params = new URLSearchParams()
  if (f.bucket) params.set('bucket', f.bucket)
  if (f.transporter) params.set('transporter', String(f.transporter))
  return `${duesPath}${params.size ? `?${params}` : ''}`
}

/** /logistics/transport_payment_dues: unpaid transporter bills by when they fall due, with totals; tick and mark paid. */
export function DuesPage({ data, lastResult }: { data: DuesData; lastResult: Reply }) {
  const { filters, buckets } = data
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.markPaidSchema), {
    id: 'mark-paid',
    lastResult,
    defaultValue: { intent: 'pay', paidOn: data.today },
  })
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  const filtering = Boolean(filters.bucket || filters.transporter)
  const everything = buckets.overdue.totalMinor + buckets.this_week.totalMinor + buckets.later.totalMinor
  return (
    <div className="logistics">
      <PageHeader title="Payment dues" />
      <p className="muted">
        Paying a bill deducts TDS under section 194C by the transporter’s PAN and declaration (
        <Link to={transportersPath}>transporters’ tax details</Link>).
      </p>
      <Figures
        figures={[
          ...BUCKETS.map((b) => ({
            label: `${b.label}: ${countOf(buckets[b.key].count, 'bill')}`,
            value: formatMoney(buckets[b.key].totalMinor),
            to: href({ ...filters, bucket: b.key }),
            tone: b.key === 'overdue' && buckets.overdue.count ? ('warning' as const) : undefined,
          })),
          {
            label: `All unpaid${filters.transporter ? ' of this transporter' : ''}`,
            value: formatMoney(everything),
            to: href({ ...filters, bucket: '' }),
          },
        ]}
      />
      <Form method="get" className="filters" role="search" aria-label="Filter the dues">
        <SelectFilter
          name="bucket"
          label="Due"
          value={filters.bucket}
          any="Any time"
          options={BUCKETS.map((b) => ({ value: b.key, label: b.label }))}
        />
        <SelectFilter
          name="transporter"
          label="Transporter"
          value={filters.transporter === null ? '' : String(filters.transporter)}
          any="Any transporter"
          options={data.transporters.map((t) => ({ value: String(t.id), label: t.name }))}
        />
        <FilterActions
          sort="due"
          dir="asc"
          defaultSort="due"
          defaultDir="asc"
          clearTo={duesPath}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={data.total}
        noun="unpaid bill"
        matching={filtering && 'these filters'}
        csv={`${duesPath}.csv${exportParams.size ? `?${exportParams}` : ''}`}
      />
      <Form method="post" {...getFormProps(form)} aria-label="Mark bills paid">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="pay" />
        <TableFrame label="Unpaid bills, soonest due first">
          <table className="table">
            <caption className="visually-hidden">Unpaid bills, soonest due first</caption>
            <thead>
              <tr>
                <th scope="col">Pay</th>
                <th scope="col">Booking</th>
                <th scope="col">Transporter</th>
                <th scope="col">Bill</th>
                <th scope="col">Due</th>
                <th scope="col" className="numeric">
                  Amount + GST
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 ? (
                <tr>
                  <td colSpan={6} className="muted">
                    {filtering ? 'No unpaid bill matches these filters.' : 'Every bill entered is paid.'}
                  </td>
                </tr>
              ) : null}
              {data.rows.map((r) => (
                <tr key={r.id} className={r.dueOn < data.today ? 'overdue' : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      name="booking"
                      value={r.id}
                      id={`pay-${r.id}`}
                      aria-label={`Mark ${r.code} paid`}
                    />
                  </td>
                  <td>
                    <Link to={bookingPath(r.requestId, r.id)}>{r.code}</Link>
                  </td>
                  <td>{r.transporter}</td>
                  <td>
                    <Link to={billingPath(r.requestId, r.id)}>{r.billNumber}</Link>{' '}
                    <span className="muted">{day(r.billDate)}</span>
                  </td>
                  <td>
                    {day(r.dueOn)}
                    {r.dueOn < data.today ? <strong className="overdue-mark"> overdue</strong> : null}
                  </td>
                  <td className="numeric">{formatMoney(r.amountMinor + r.gstMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
        {fields.booking.errors?.length ? <p className="field-error">{fields.booking.errors.join(' ')}</p> : null}
        <div className="form-grid">
          <Field label="Paid on" type="date" meta={fields.paidOn} inputProps={{ max: data.today }} />
          <Field label="Payment reference" meta={fields.reference} hint="UTR or cheque number" />
        </div>
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Marking…">
            Mark the ticked bills paid
          </SubmitButton>
        </div>
      </Form>
      <Pagination page={filters.page} pageSize={filters.pageSize} total={data.total} />
      <section className="card" aria-labelledby="per-transporter-heading">
        <h2 id="per-transporter-heading">Unpaid per transporter</h2>
        {data.perTransporter.length === 0 ? <p className="muted">Nothing is owed to any transporter.</p> : null}
        <ul className="plain-list">
          {data.perTransporter.map((t) => (
            <li key={t.id}>
              <Link to={href({ ...filters, transporter: t.id })}>{t.name}</Link>: {formatMoney(t.totalMinor)} in{' '}
              {countOf(t.count, 'bill')}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
