import { getFormProps } from '@conform-to/react'
import { Form, useLocation } from '@remix-run/react'
import { sentenceCase, StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { Details, type Detail } from '~/ui/details'
import { ErrorSummary, Field } from '~/ui/field'
import { DateFilter, FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { History } from '~/ui/history'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { countOf, formatDate, formatDateTime, formatDay, formatMoney } from '~/utils/format'
import { monthName, monthWeeks, shiftMonth, WEEKDAYS } from '~/utils/months'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { BillingPageData, BookingPageData } from './pages.server'
import type { BookingRow } from './queries.server'
import { BookingInputs, PlaceText } from './request-pages'
import { EwayAfterGeneration } from './eway-event-forms'
import { type BookingCalendarFilters, type BookingFilters } from './schema'
import { billingPath, bookingPath, bookingsPath, dayEwayJsonPath, ewayJsonPath, requestPath } from './shared'
import { stepsFrom } from '~/platform/steps'
import { BOOKING_STATUSES, bookingCarries, bookingMachine, transportTypes, type BookingStepName } from './states'

const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00Z`) : '')

function bookingColumns(): Column<BookingRow>[] {
  return [
    {
      key: 'code',
      header: 'Booking',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={bookingPath(r.requestId, r.id)}>{r.code}</Link>,
    },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'request',
      header: 'Request',
      nowrap: true,
      cell: (r) => <Link to={requestPath(r.requestId)}>{r.requestCode}</Link>,
    },
    { key: 'type', header: 'Type', cell: (r) => `${transportTypes[r.type].label} · ${r.orderCode}` },
    { key: 'route', header: 'Route', cell: (r) => `${r.fromCity} → ${r.toCity}` },
    {
      key: 'transporter',
      header: 'Transporter',
      cell: (r) =>
        `${r.transporter}${r.vehicleNumber ? ` · ${r.vehicleNumber}` : ''}${r.lrNumber ? ` · LR ${r.lrNumber}` : ''}`,
    },
    { key: 'pickup', header: 'Pickup', sortKey: 'pickup', nowrap: true, cell: (r) => formatDateTime(r.pickupAt) },
    {
      key: 'delivery',
      header: 'Expected delivery',
      sortKey: 'delivery',
      nowrap: true,
      cell: (r) =>
        r.deliveredAt ? `Delivered ${formatDateTime(r.deliveredAt)}` : formatDateTime(r.expectedDeliveryAt),
    },
    { key: 'freight', header: 'Freight', numeric: true, cell: (r) => formatMoney(r.freightMinor) },
    { key: 'bill', header: 'Bill', cell: (r) => (r.billState === 'none' ? '' : `${r.billNumber} (${r.billState})`) },
  ]
}

const transporterOptions = (transporters: { id: number; name: string }[]) =>
  transporters.map((t) => ({ value: String(t.id), label: t.name }))

/** /logistics/transport_bookings */
export function BookingList({
  rows,
  total,
  capped,
  filters,
  transporters,
  gstins,
}: {
  rows: BookingRow[]
  total: number
  capped: boolean
  filters: BookingFilters
  transporters: { id: number; name: string }[]
  /** The platform's registrations: a day's file is one registration's (the portal takes a file per GSTIN). */
  gstins: { value: string; label: string }[]
}) {
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  const filtering = Boolean(filters.q || filters.transporter || filters.status || filters.from || filters.to)
  return (
    <div className="logistics">
      <PageHeader title="Bookings">
        <Link to={`${bookingsPath}/calendar`}>Calendar</Link>
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="Filter bookings">
        <SearchFilter value={filters.q} placeholder="Code: TB-2026-000123" />
        <SelectFilter
          name="transporter"
          label="Transporter"
          value={filters.transporter === null ? '' : String(filters.transporter)}
          any="Any transporter"
          options={transporterOptions(transporters)}
        />
        <SelectFilter
          name="status"
          label="Status"
          value={filters.status}
          any="Any status"
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: sentenceCase(s) }))}
        />
        <DateFilter
          name="from"
          label={filters.sort === 'delivery' ? 'Delivery from' : 'Pickup from'}
          value={filters.from}
          problem={filters.problems.from}
        />
        <DateFilter
          name="to"
          label={filters.sort === 'delivery' ? 'Delivery to' : 'Pickup to'}
          value={filters.to}
          problem={filters.problems.to}
        />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="pickup"
          defaultDir="desc"
          clearTo={bookingsPath}
          filtering={filtering}
        />
      </Form>
      <form method="get" action={dayEwayJsonPath} className="filters" aria-label="Download a day’s e-way bills">
        <div className="field">
          <label htmlFor="eway-day">Pickup day</label>
          <input id="eway-day" name="day" type="date" defaultValue={filters.from || ''} />
        </div>
        {gstins.length > 1 ? (
          <div className="field">
            <label htmlFor="eway-gstin">Registration (GSTIN)</label>
            <select id="eway-gstin" name="gstin" defaultValue={gstins[0]!.value}>
              {gstins.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn">
            Download the day’s e-way bills (JSON)
          </button>
        </div>
      </form>
      <ListSummary
        total={total}
        capped={capped}
        noun="booking"
        matching={filtering && 'these filters'}
        csv={`${bookingsPath}.csv${exportParams.size ? `?${exportParams}` : ''}`}
      />
      <Table
        caption="Bookings"
        sort={{ sort: filters.sort, dir: filters.dir }}
        columns={bookingColumns()}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No booking matches these filters.' : 'No bookings yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} />
    </div>
  )
}

type CalendarData = {
  days: {
    day: string
    count: number
    entries: { id: number; requestId: number; code: string; status: string; label: string }[]
  }[]
  day: string
  dayRows: BookingRow[]
  today: string
  filters: BookingCalendarFilters
  transporters: { id: number; name: string }[]
}

const calendarHref = (f: BookingCalendarFilters, change: Partial<BookingCalendarFilters>) => {
  const next = { ...f, ...change }
  const params = new URLSearchParams()
  params.set('month', next.month)
  if (next.show === 'delivery') params.set('show', 'delivery')
  if (next.transporter !== null) params.set('transporter', String(next.transporter))
  if (next.day) params.set('day', next.day)
  return `${bookingsPath}/calendar?${params}`
}

/** /logistics/transport_bookings/calendar: a month of pickups (or expected deliveries) per day, a day's bookings beside it. */
export function BookingCalendar({ data }: { data: CalendarData }) {
  const { filters, today } = data
  const counts = new Map(data.days.map((d) => [d.day, d.count]))
  const entries = new Map(data.days.map((d) => [d.day, d.entries]))
  const what = filters.show === 'delivery' ? 'expected deliveries' : 'pickups'
  const total = data.days.reduce((s, d) => s + d.count, 0)
  return (
    <div className="logistics qc-calendar">
      <PageHeader title="Bookings calendar">
        <Link to={bookingsPath}>All bookings</Link>
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="Choose the month and filter the bookings">
        <div className="field">
          <label htmlFor="month">Month</label>
          <input id="month" name="month" type="month" defaultValue={filters.month} />
        </div>
        <SelectFilter
          name="show"
          label="Show"
          value={filters.show}
          any="Pickups"
          options={[{ value: 'delivery', label: 'Expected deliveries' }]}
        />
        <SelectFilter
          name="transporter"
          label="Transporter"
          value={filters.transporter === null ? '' : String(filters.transporter)}
          any="Any transporter"
          options={transporterOptions(data.transporters)}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </div>
      </Form>
      <nav className="month-nav" aria-label="Months">
        <Link to={calendarHref(filters, { month: shiftMonth(filters.month, -1), day: '' })}>
          ← {monthName(shiftMonth(filters.month, -1))}
        </Link>
        <h2>{monthName(filters.month)}</h2>
        <Link to={calendarHref(filters, { month: shiftMonth(filters.month, 1), day: '' })}>
          {monthName(shiftMonth(filters.month, 1))} →
        </Link>
      </nav>
      <p className="muted">
        {countOf(total, 'booking')} with {what} this month (cancelled ones left out).
      </p>
      <div className="calendar-layout">
        <div className="calendar-main">
          <table className="month-grid">
            <caption className="visually-hidden">
              Bookings by day of {what.replace('expected ', 'expected ')}, {monthName(filters.month)}
            </caption>
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
              {monthWeeks(filters.month).map((week, w) => (
                <tr key={w} className={week.some((d) => d && counts.get(d)) ? 'busy-week' : 'free-week'}>
                  <th scope="row" className="week-label">{`Week of ${formatDay(week.find(Boolean)!)}`}</th>
                  {week.map((d, i) => {
                    if (!d) return <td key={i} className="out" aria-hidden />
                    const count = counts.get(d) ?? 0
                    const classes = [
                      d === today ? 'today' : null,
                      d === data.day ? 'chosen' : null,
                      count ? 'busy' : 'free',
                    ]
                      .filter(Boolean)
                      .join(' ')
                    return (
                      <td key={d} className={classes}>
                        <Link
                          className="day-link"
                          to={calendarHref(filters, { day: d })}
                          aria-label={`${formatDay(d)}: ${countOf(count, 'booking')}`}
                        >
                          <span className="day-name">{`${WEEKDAYS[i]} `}</span>
                          {String(Number(d.slice(8)))}
                        </Link>
                        {count ? (
                          <ul>
                            {(entries.get(d) ?? []).map((e) => (
                              <li key={e.id} className={`entry entry-${e.status}`}>
                                <Link to={bookingPath(e.requestId, e.id)} title={e.code}>
                                  {e.label}
                                </Link>
                              </li>
                            ))}
                            {count > (entries.get(d)?.length ?? 0) ? (
                              <li>
                                <Link
                                  to={calendarHref(filters, { day: d })}
                                >{`+${count - (entries.get(d)?.length ?? 0)} more`}</Link>
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
        </div>
        <aside className="calendar-side" aria-label="The chosen day">
          <section className="card" aria-labelledby="day-heading">
            <h2 id="day-heading">{data.day ? formatDay(data.day) : 'Choose a day'}</h2>
            {data.day && data.dayRows.length === 0 ? <p className="muted">No booking this day.</p> : null}
            <ul className="day-list">
              {data.dayRows.map((r) => (
                <li key={r.id}>
                  <Link to={bookingPath(r.requestId, r.id)}>{r.code}</Link> <StatusBadge status={r.status} />{' '}
                  {r.transporter} · {r.fromCity} → {r.toCity} ·{' '}
                  {formatDateTime(filters.show === 'delivery' ? r.expectedDeliveryAt : r.pickupAt)}
                </li>
              ))}
            </ul>
            {data.day && data.dayRows.length >= 20 ? (
              <p>
                <Link
                  to={`${bookingsPath}?from=${data.day}&to=${data.day}${filters.show === 'delivery' ? '&sort=delivery' : ''}${filters.transporter !== null ? `&transporter=${filters.transporter}` : ''}`}
                >
                  All bookings of this day
                </Link>
              </p>
            ) : null}
          </section>
        </aside>
      </div>
    </div>
  )
}

/** A booking's step as a small form (a reason in a dialog for cancelling). */
function StepForm({ data, step, reply }: { data: BookingPageData; step: BookingStepName; reply: Reply }) {
  const mine = replyFor(reply, step)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.bookingPageSchema), {
    id: `booking-${step}`,
    lastResult: mine,
    defaultValue: step === 'pick_up' ? { intent: step, pickedUpAt: data.pickupNow } : undefined,
  })
  const definition = bookingMachine.steps[step]
  const moves = bookingCarries[step].moves[data.request.type]
  const effect = moves
    ? `${data.request.orderCode} is ${moves === 'dispatch' ? 'dispatched' : 'delivered'} with it${moves === 'deliver' && data.request.type === 'last_mile' ? ', and the buyer’s invoice is raised' : ''}.`
    : null
  const body = (
    <Form method="post" {...getFormProps(form)} className="step-form">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="form" value={step} />
      {step === 'cancel' ? <Field label="Why" meta={fields.reason} /> : null}
      {step === 'pick_up' ? (
        <Field
          label="Picked up at"
          type="datetime-local"
          meta={fields.pickedUpAt}
          hint="When the goods left, platform time (IST); now unless you change it"
        />
      ) : null}
      <div className="form-actions">
        <SubmitButton intent={step} variant={step === 'cancel' ? 'danger' : 'primary'} pendingText="Saving…">
          {definition.label}
        </SubmitButton>
        {effect && step !== 'cancel' ? <span className="muted">{effect}</span> : null}
      </div>
    </Form>
  )
  if (step !== 'cancel') return body
  return (
    <ConfirmDialog
      trigger={definition.label}
      triggerVariant="danger"
      title={`Cancel ${data.booking.code}?`}
      description="The request goes back to open, to be booked again."
      defaultOpen={Boolean(mine)}
    >
      {body}
    </ConfirmDialog>
  )
}

const EWAY_FLAGS: Partial<Record<string, string>> = {
  moved_without: 'Moved without the e-way bill it needed: record it now.',
  expired:
    'The e-way bill has expired while the goods are on the road: extend it (within 8 hours of expiry) or record a new one.',
  missing: 'Needed before pickup: download the JSON, generate it on the e-way bill portal, record its number here.',
}

/** The booking's e-way bill: whether it needs one, the JSON to generate it, its number and validity. */
function EwayBillCard({ data, reply }: { data: BookingPageData; reply: Reply }) {
  const { booking, request, ewayBill } = data
  const mine = replyFor(reply, 'eway_bill')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.bookingPageSchema), {
    id: 'booking-eway-bill',
    lastResult: mine,
    defaultValue: { ...data.ewayDefaults, intent: 'eway_bill' },
  })
  const millReply = replyFor(reply, 'supplier_invoice')
  const [millForm, millFields] = useZodForm(() => import('./schema').then((m) => m.bookingPageSchema), {
    id: 'booking-mill-invoice',
    lastResult: millReply,
    defaultValue: { ...data.millInvoiceDefaults, intent: 'supplier_invoice' },
  })
  const invoiceReply = replyFor(reply, 'invoice')
  if (!ewayBill) return null
  const flag = EWAY_FLAGS[ewayBill.state]
  const facts: Detail[] = [
    {
      label: 'Needed',
      value: ewayBill.needed
        ? `Yes: goods worth ${formatMoney(ewayBill.valueMinor)} with taxes (more than ₹50,000)`
        : `No: goods worth ${formatMoney(ewayBill.valueMinor)} with taxes (₹50,000 or less)`,
    },
    { label: 'Document', value: ewayBill.document },
  ]
  if (ewayBill.number)
    facts.push(
      { label: 'E-way bill', value: ewayBill.number },
      { label: 'Generated', value: formatDateTime(ewayBill.generatedAt!) },
      {
        label: 'Valid until',
        value: `${formatDateTime(ewayBill.validUntil!)}${ewayBill.days ? ` (${countOf(ewayBill.days, 'day')} for ${booking.distanceKm} km)` : ''}`,
      },
    )
  const open = booking.status === 'booked' || booking.status === 'picked_up'
  return (
    <section className="card" aria-labelledby="eway-heading">
      <h2 id="eway-heading">E-way bill</h2>
      {flag ? (
        <p className="notice notice-warning" role="status">
          {flag}
        </p>
      ) : null}
      <Details items={facts} />
      {ewayBill.problems.length ? (
        <ul className="muted">
          {ewayBill.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {ewayBill.takesMillInvoice ? (
        <Form method="post" {...getFormProps(millForm)} aria-label="The mill’s invoice">
          <ErrorSummary form={millForm} />
          <input type="hidden" name="intent" value="supplier_invoice" />
          <input type="hidden" name="form" value="supplier_invoice" />
          <p className="muted">
            A first mile moves on the mill’s own tax invoice to the platform: its bill’s, once recorded, or the one
            entered here.
          </p>
          <div className="form-grid">
            <Field
              label="Mill’s invoice number"
              meta={millFields.supplierInvoiceNumber}
              hint="Letters, digits, / and -, at most 16"
              inputProps={{ autoComplete: 'off' }}
            />
            <Field label="Mill’s invoice date" type="date" meta={millFields.supplierInvoiceOn} />
          </div>
          <div className="form-actions">
            <SubmitButton intent="supplier_invoice" pendingText="Saving…">
              Save the mill’s invoice
            </SubmitButton>
          </div>
        </Form>
      ) : null}
      {ewayBill.canRaiseInvoice ? (
        <Form method="post" aria-label="Raise the tax invoice">
          {invoiceReply?.error?.[''] ? (
            <p className="notice notice-error" role="alert">
              {invoiceReply.error[''].join(' ')}
            </p>
          ) : null}
          <input type="hidden" name="intent" value="invoice" />
          <input type="hidden" name="form" value="invoice" />
          <p className="muted">
            The buyer’s tax invoice is raised when the goods leave (the pickup). The e-way bill names it: raise it now
            to generate the e-way bill before the pickup.
          </p>
          <div className="form-actions">
            <SubmitButton intent="invoice" pendingText="Raising…">
              Raise the tax invoice now
            </SubmitButton>
          </div>
        </Form>
      ) : null}
      <p>
        <a href={ewayJsonPath(request.id, booking.id)} download>
          Download the e-way bill JSON
        </a>{' '}
        <span className="muted">for the portal’s bulk generation</span>
      </p>
      {open ? (
        <Form method="post" {...getFormProps(form)} aria-label="Record the e-way bill">
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="eway_bill" />
          <input type="hidden" name="form" value="eway_bill" />
          <input type="hidden" name="version" value={booking.version} />
          <div className="form-grid">
            <Field
              label="E-way bill number"
              meta={fields.ewayBillNumber}
              hint="12 digits, as the portal gave it"
              inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
            />
            <Field label="Generated at" type="datetime-local" meta={fields.generatedAt} hint="Platform time (IST)" />
          </div>
          <div className="form-actions">
            <SubmitButton intent="eway_bill" pendingText="Saving…">
              {ewayBill.number ? 'Correct the e-way bill' : 'Record the e-way bill'}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
      <EwayAfterGeneration data={data} reply={reply} />
    </section>
  )
}

/** …/transport_bookings/:bookingId/edit: the booking, its steps, its details as a form while it moves. */
export function BookingPage({ data, reply }: { data: BookingPageData; reply: Reply }) {
  const { booking, request, info } = data
  const mine = replyFor(reply, 'update')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.bookingPageSchema), {
    id: 'booking-update',
    lastResult: mine,
    defaultValue: { ...data.defaults, intent: 'update' },
  })
  const facts: Detail[] = [
    { label: 'Status', value: <StatusBadge status={booking.status} /> },
    {
      label: 'Request',
      value: (
        <Link
          to={requestPath(request.id)}
        >{`${request.code} (${info.label.toLowerCase()}, ${request.orderCode})`}</Link>
      ),
    },
    { label: 'From', value: <PlaceText place={request.from} /> },
    { label: 'To', value: <PlaceText place={request.to} /> },
    {
      label: 'Transporter',
      value: `${booking.transporter}${booking.vehicleNumber ? ` · ${booking.vehicleNumber}` : ''}`,
    },
    {
      label: 'Driver',
      value: booking.driverPhone ? <a href={`tel:${booking.driverPhone}`}>{booking.driverPhone}</a> : '—',
    },
    { label: 'LR / AWB', value: booking.lrNumber ?? '—' },
    {
      label: 'Pickup',
      value: booking.pickedUpAt
        ? `Picked up ${formatDateTime(booking.pickedUpAt)}`
        : `Planned ${formatDateTime(booking.pickupAt)}`,
    },
    {
      label: 'Delivery',
      value: booking.deliveredAt
        ? `Delivered ${formatDateTime(booking.deliveredAt)}`
        : `Expected ${formatDateTime(booking.expectedDeliveryAt)}`,
    },
    { label: 'Freight', value: formatMoney(booking.freightMinor) },
    {
      label: 'Bill',
      value: booking.billState === 'none' ? 'Not entered' : `${booking.billNumber} · ${booking.billState}`,
    },
  ]
  if (booking.cancelReason) facts.push({ label: 'Cancelled because', value: booking.cancelReason })
  const editable = booking.status === 'booked' || booking.status === 'picked_up'
  return (
    <div className="logistics">
      <PageHeader title={`Booking ${booking.code}`}>
        <Link to={bookingsPath}>All bookings</Link>
        {booking.status !== 'cancelled' ? <Link to={billingPath(request.id, booking.id)}>Billing details</Link> : null}
      </PageHeader>
      <section className="card">
        <Details items={facts} />
        {booking.distanceKm ? <p className="muted">{`${booking.distanceKm} km by road`}</p> : null}
        <div className="step-forms">
          {stepsFrom(bookingMachine, booking.status).map((step) => (
            <StepForm key={step} data={data} step={step} reply={reply} />
          ))}
        </div>
      </section>
      {booking.status !== 'cancelled' ? <EwayBillCard data={data} reply={reply} /> : null}
      {editable ? (
        <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="booking-heading">
          <h2 id="booking-heading">Change the booking</h2>
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="form" value="update" />
          <input type="hidden" name="version" value={booking.version} />
          <BookingInputs fields={fields as never} transporters={data.transporters} />
          <div className="form-actions">
            <SubmitButton pendingText="Saving…">Save changes</SubmitButton>
          </div>
        </Form>
      ) : null}
      <History entries={request.history} />
    </div>
  )
}

/** …/edit/billing_details: the transporter's bill, entered or corrected until it is paid. */
export function BillingPage({ data, lastResult }: { data: BillingPageData & { mayAct: boolean }; lastResult: Reply }) {
  const { booking, request } = data
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.billingSchema), {
    id: 'billing',
    lastResult,
    defaultValue: data.defaults,
  })
  const paid = booking.billState === 'paid'
  const facts: Detail[] = [
    {
      label: 'Booking',
      value: <Link to={bookingPath(request.id, booking.id)}>{`${booking.code} · ${booking.transporter}`}</Link>,
    },
    { label: 'Booking status', value: <StatusBadge status={booking.status} /> },
    { label: 'Freight agreed', value: formatMoney(booking.freightMinor) },
    { label: 'Bill', value: <StatusBadge status={booking.billState === 'none' ? 'not_entered' : booking.billState} /> },
  ]
  // A reader who may not change the bill (finance, before paying it) sees it as entered.
  if (paid || (!data.mayAct && booking.billState !== 'none')) {
    facts.push(
      { label: 'Invoice', value: `${booking.billNumber} of ${day(booking.billDate)}` },
      {
        label: 'Amount',
        value: `${formatMoney(booking.billAmountMinor ?? 0)} + GST ${formatMoney(booking.billGstMinor ?? 0)} = ${formatMoney((booking.billAmountMinor ?? 0) + (booking.billGstMinor ?? 0))}`,
      },
      ...(paid
        ? [
            {
              label: 'Paid',
              value: `${day(booking.paidOn)} · ${booking.paymentReference}${booking.paidBy ? ` · marked by ${booking.paidBy}` : ''}`,
            },
          ]
        : [{ label: 'Due', value: day(booking.billDueOn) }]),
    )
  }
  return (
    <div className="logistics">
      <PageHeader title={`Billing details of ${booking.code}`} />
      <section className="card">
        <Details items={facts} />
      </section>
      {booking.status === 'cancelled' ? (
        <p className="card">This booking is cancelled: it has no bill.</p>
      ) : paid ? (
        <p className="card muted">The bill is paid: it can no longer be changed.</p>
      ) : !data.mayAct ? (
        <p className="card muted">
          {booking.billState === 'none'
            ? 'The transporter’s bill is not entered yet.'
            : 'The logistics team enters and corrects the bill.'}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="bill-heading">
          <h2 id="bill-heading">
            {booking.billState === 'none' ? 'Enter the transporter’s bill' : 'Correct the bill'}
          </h2>
          <ErrorSummary form={form} />
          <input type="hidden" name="version" value={booking.version} />
          <div className="form-grid">
            <Field label="Transporter’s invoice number" meta={fields.billNumber} />
            <Field label="Invoice date" type="date" meta={fields.billDate} inputProps={{ max: data.today }} />
            <Field label="Amount before GST (₹)" meta={fields.amount} inputProps={{ inputMode: 'decimal' }} />
            <Field label="GST (₹)" meta={fields.gst} hint={data.gstHint} inputProps={{ inputMode: 'decimal' }} />
            <Field label="Due date" type="date" meta={fields.dueOn} />
          </div>
          <div className="form-actions">
            <SubmitButton variant="primary" pendingText="Saving…">
              Save the bill
            </SubmitButton>
          </div>
        </Form>
      )}
    </div>
  )
}
