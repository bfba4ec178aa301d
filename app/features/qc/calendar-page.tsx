import { monthName, WEEKDAYS } from '~/utils/months'
import { getFormProps, type FieldMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { StatusBadge } from '~/ui/badge'
import { History } from '~/ui/history'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field, SelectField } from '~/ui/field'
import { SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { countOf, formatDay } from '~/utils/format'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { calendarPage } from './calendar.server'
import { calendarHref, type CalendarFilters } from './shared'
import { SLOTS } from './rules'

type Data = Awaited<ReturnType<typeof calendarPage>>

/** Day, slot and operator: the fields the schedule and move forms share. */
function SlotFields({
  fields,
  operators,
}: {
  fields: Record<'day' | 'slot' | 'operator', FieldMetadata<unknown>>
  operators: Data['operators']
}) {
  return (
    <>
      <Field label="Day" meta={fields.day} type="date" />
      <SelectField
        label="Time slot"
        meta={fields.slot}
        placeholder="Choose a slot"
        options={SLOTS.map((s) => ({ value: s.key, label: s.label }))}
      />
      <SelectField
        label="Field operator"
        meta={fields.operator}
        placeholder="Choose an operator"
        options={operators.map((o) => ({ value: String(o.id), label: o.name }))}
      />
    </>
  )
}

function ScheduleForm({ data, reply }: { data: Data; reply: Reply }) {
  const order = data.scheduling!
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.calendarFormSchema), {
    id: 'schedule',
    lastResult: replyFor(reply, 'schedule'),
    defaultValue: {
      day: data.filters.day && data.filters.day >= data.today ? data.filters.day : data.today,
      operator: data.filters.operator ? String(data.filters.operator) : '',
    },
  })
  if (order.status !== 'ready_for_qc')
    return (
      <p className="card">
        {order.code} is {order.status.replace(/_/g, ' ')}: only an order ready for QC is scheduled.
      </p>
    )
  return (
    <Form method="post" {...getFormProps(form)} className="card form-grid" aria-label={`Schedule ${order.code}`}>
      <h2>
        Schedule {order.code} · {order.seller}
      </h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value="schedule" />
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="sellerOrder" value={order.id} />
      <SlotFields fields={fields} operators={data.operators} />
      <div className="form-actions">
        <SubmitButton intent="schedule" variant="primary" pendingText="Scheduling…">
          Schedule the inspection
        </SubmitButton>
        <Link to={calendarHref(data.base, data.filters, { day: data.filters.day })}>Close</Link>
      </div>
    </Form>
  )
}

function InspectionForms({ data, reply }: { data: Data; reply: Reply }) {
  const inspection = data.inspection!
  const [move, moveFields] = useZodForm(() => import('./forms').then((m) => m.calendarFormSchema), {
    id: 'move',
    lastResult: replyFor(reply, 'move'),
    defaultValue: { day: inspection.scheduled_on, slot: inspection.slot, operator: String(inspection.operator_id) },
  })
  const [cancel, cancelFields] = useZodForm(() => import('./forms').then((m) => m.calendarFormSchema), {
    id: 'cancel',
    lastResult: replyFor(reply, 'cancel'),
  })
  return (
    <section className="card" aria-label={`Inspection ${inspection.code}`}>
      <h2>
        {inspection.code} · {inspection.seller}
      </h2>
      <p>
        <StatusBadge status={inspection.status} /> {formatDay(inspection.scheduled_on)}, {inspection.slotLabel} ·{' '}
        {inspection.operator} · order {inspection.order_code}
      </p>
      {inspection.status === 'scheduled' ? (
        <>
          <Form method="post" {...getFormProps(move)} className="form-grid" aria-label={`Move ${inspection.code}`}>
            <h3>Move it</h3>
            <ErrorSummary form={move} />
            <input type="hidden" name="form" value="move" />
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="inspection" value={inspection.id} />
            <SlotFields fields={moveFields} operators={data.operators} />
            <div className="form-actions">
              <SubmitButton intent="move" variant="primary" pendingText="Moving…">
                Move the inspection
              </SubmitButton>
            </div>
          </Form>
          <Form method="post" {...getFormProps(cancel)} className="form-grid" aria-label={`Cancel ${inspection.code}`}>
            <h3>Cancel it</h3>
            <ErrorSummary form={cancel} />
            <input type="hidden" name="form" value="cancel" />
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="inspection" value={inspection.id} />
            <Field
              label="Why"
              meta={cancelFields.reason}
              hint="The operator reads it; the order waits to be scheduled again"
            />
            <div className="form-actions">
              <SubmitButton intent="cancel" variant="danger" pendingText="Cancelling…">
                Cancel the inspection
              </SubmitButton>
            </div>
          </Form>
        </>
      ) : (
        <p className="muted">Only a scheduled inspection is moved or cancelled.</p>
      )}
      <Link to={calendarHref(data.base, data.filters, { day: data.filters.day })}>Close</Link>
      <History entries={inspection.history} title={`History of ${inspection.code}`} />
    </section>
  )
}

function DayList({ data }: { data: Data }) {
  const list = data.dayList!
  return (
    <section className="card" aria-labelledby="day-heading">
      <h2 id="day-heading">{list.title}</h2>
      {list.rows.length === 0 ? (
        <p className="muted">
          No inspection on this day
          {data.filters.operator || data.filters.category || data.filters.seller ? ' matches the filters' : ''}.
        </p>
      ) : null}
      <ul className="day-list">
        {list.rows.slice(0, list.limit).map((r) => (
          <li key={r.id}>
            <strong>{r.slotLabel}</strong>{' '}
            <Link to={calendarHref(data.base, data.filters, { day: list.day, inspection: r.id })}>{r.code}</Link> ·{' '}
            {r.seller} · {r.operator} · {r.order_code} <StatusBadge status={r.status} />
          </li>
        ))}
      </ul>
      {list.rows.length > list.limit ? (
        <p className="muted">The first {list.limit} are shown: filter by operator or seller to see the rest.</p>
      ) : null}
    </section>
  )
}

function Waiting({ data }: { data: Data }) {
  const { waiting, filters, base } = data
  const pages = Math.ceil(waiting.total / waiting.pageSize)
  return (
    <section className="card" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">Ready for QC, not scheduled</h2>
      <p className="muted">
        {waiting.capped
          ? `More than ${countOf(waiting.total, 'seller order')}`
          : countOf(waiting.total, 'seller order')}
        , oldest orders first
      </p>
      <ul className="waiting-list">
        {waiting.rows.map((r) => (
          <li key={r.id}>
            <Link
              to={calendarHref(base, filters, {
                day: filters.day,
                schedule: r.id,
                waiting: filters.waitingPage > 1 ? filters.waitingPage : null,
              })}
              aria-label={`Schedule ${r.code}`}
            >
              {r.code}
            </Link>{' '}
            · {r.seller} · {countOf(r.lines, 'line')}
            {r.required_by ? ` · needed by ${formatDay(r.required_by)}` : ''}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages of waiting seller orders">
          {filters.waitingPage > 1 ? (
            <Link to={calendarHref(base, filters, { day: filters.day, waiting: filters.waitingPage - 1 })}>
              Previous
            </Link>
          ) : null}
          <span>
            Page {filters.waitingPage} of {pages}
          </span>
          {filters.waitingPage < pages ? (
            <Link to={calendarHref(base, filters, { day: filters.day, waiting: filters.waitingPage + 1 })}>Next</Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}

function MonthGrid({ data }: { data: Data }) {
  const { filters, base, weeks, days, today } = data
  return (
    <table className="month-grid">
      <caption className="visually-hidden">Inspections in {monthName(filters.month)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} scope="col">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w} className={week.some((day) => day && days[day]) ? 'busy-week' : 'free-week'}>
            {/* On a phone the grid is a list of weeks: this heading starts each one (hidden on a wide screen). */}
            <th scope="row" className="week-label">
              {`Week of ${formatDay(week.find(Boolean)!)}`}
            </th>
            {week.map((day, i) => {
              if (!day) return <td key={i} className="out" aria-hidden />
              const cell = days[day]
              const classes = [
                day === today ? 'today' : null,
                day === filters.day ? 'chosen' : null,
                cell ? 'busy' : 'free',
              ]
                .filter(Boolean)
                .join(' ')
              return (
                <td key={day} className={classes}>
                  <Link
                    className="day-link"
                    to={calendarHref(base, { ...filters, month: undefined }, { day })}
                    aria-label={`${formatDay(day)}: ${countOf(cell?.count ?? 0, 'inspection')}`}
                  >
                    <span className="day-name">{`${WEEKDAYS[i]} `}</span>
                    {String(Number(day.slice(8)))}
                  </Link>
                  {cell ? (
                    <ul>
                      {cell.entries.map((e) => (
                        <li key={e.id} className={`entry entry-${e.status}`}>
                          <Link
                            to={calendarHref(base, { ...filters, month: undefined }, { day, inspection: e.id })}
                            title={`${e.code}: ${e.operator}`}
                          >
                            {`${e.slot} ${e.seller}`}
                          </Link>
                        </li>
                      ))}
                      {cell.count > cell.entries.length ? (
                        <li>
                          <Link
                            to={calendarHref(base, { ...filters, month: undefined }, { day })}
                          >{`+${cell.count - cell.entries.length} more`}</Link>
                        </li>
                      ) : null}
                    </ul>
                  ) : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The QC calendar: filters and month navigation in the URL, the grid, and beside it the forms and lists. */
export function QcCalendar({ data, reply }: { data: Data; reply: Reply }) {
  const { filters, base } = data
  const keep: Partial<CalendarFilters> = {
    operator: filters.operator,
    category: filters.category,
    seller: filters.seller,
  }
  const filtering = Boolean(filters.operator || filters.category || filters.seller)
  return (
    <div className="qc-calendar">
      <PageHeader title="QC calendar" />
      <Form method="get" className="filters" role="search" aria-label="Choose the month and filter the inspections">
        <div className="field">
          <label htmlFor="month">Month</label>
          <input id="month" name="month" type="month" defaultValue={filters.month} />
        </div>
        <SelectFilter
          name="operator"
          label="Field operator"
          value={filters.operator}
          any="Every operator"
          options={data.operators.map((o) => ({ value: o.id, label: o.name }))}
        />
        <SelectFilter
          name="category"
          label="Category"
          value={filters.category}
          any="Every category"
          options={data.categories.map((c) => ({ value: c.id, label: `${c.product}: ${c.name}` }))}
        />
        <PickerFilter
          name="seller"
          label="Seller"
          kind="seller"
          value={filters.seller}
          error={data.sellerError}
          choices={data.sellerChoices}
          placeholder="Name, e-mail or GSTIN"
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
          {filtering ? <Link to={calendarHref(base, { month: filters.month })}>Clear filters</Link> : null}
        </div>
      </Form>
      <nav className="month-nav" aria-label="Months">
        <Link to={calendarHref(base, { ...keep, month: data.prev })} rel="prev">
          ← {monthName(data.prev)}
        </Link>
        <h2>{monthName(filters.month)}</h2>
        <Link to={calendarHref(base, { ...keep, month: data.next })} rel="next">
          {monthName(data.next)} →
        </Link>
        {filters.month !== data.today.slice(0, 7) ? (
          <Link to={calendarHref(base, { ...keep, month: data.today.slice(0, 7) })}>This month</Link>
        ) : null}
      </nav>
      <div className="calendar-layout">
        <div className="calendar-main">
          <MonthGrid data={data} />
        </div>
        <aside className="calendar-side" aria-label="Scheduling">
          {data.scheduling ? <ScheduleForm data={data} reply={reply} /> : null}
          {data.inspection ? <InspectionForms data={data} reply={reply} /> : null}
          {data.dayList ? <DayList data={data} /> : null}
          <Waiting data={data} />
        </aside>
      </div>
    </div>
  )
}
