import { getFormProps, type FieldMetadata } from '@conform-to/react'
import { useOrderHref } from '~/ui/may-open'
import { Form, useLocation } from '@remix-run/react'
import { sentenceCase, StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { Details, type Detail } from '~/ui/details'
import { ErrorSummary, Field, SelectField } from '~/ui/field'
import { DateFilter, FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { History } from '~/ui/history'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { AddRequestData, RequestPageData } from './pages.server'
import type { Place, RequestRow } from './queries.server'
import type { requestCreateSchema, RequestFilters } from './schema'
import { addRequestPath, bookingPath, requestPath, requestsPath } from './shared'
import { REQUEST_STATUSES, TRANSPORT_TYPES, transportTypes } from './states'

const day = (d: string) => formatDate(`${d}T12:00:00Z`)
const kg = (grams: number) => formatQuantity(grams, 'kg')

/** The "new request" menu: one link per type, with what it moves. */
function NewRequestMenu() {
  return (
    <details className="disclosure menu-disclosure">
      <summary className="btn btn-primary">New request</summary>
      <ul className="plain-list">
        {TRANSPORT_TYPES.map((type) => (
          <li key={type}>
            <Link to={addRequestPath(type)}>{transportTypes[type].label}</Link>{' '}
            <span className="muted">{transportTypes[type].describe}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** /logistics/transport_requests: filters in the URL, counts, CSV of what matches. */
export function RequestList({
  rows,
  total,
  capped,
  filters,
}: {
  rows: RequestRow[]
  total: number
  capped: boolean
  filters: RequestFilters
}) {
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  const filtering = Boolean(
    filters.q ||
    filters.type ||
    filters.status ||
    filters.order ||
    filters.city ||
    filters.pickupFrom ||
    filters.pickupTo,
  )
  const orderHref = useOrderHref()
  const columns: Column<RequestRow>[] = [
    {
      key: 'code',
      header: 'Request',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={requestPath(r.id)}>{r.code}</Link>,
    },
    { key: 'type', header: 'Type', cell: (r) => transportTypes[r.type].label },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'order',
      header: 'Order',
      nowrap: true,
      cell: (r) => (r.masterOrderId ? <Link to={orderHref(r.masterOrderId)}>{r.orderCode}</Link> : r.orderCode),
    },
    { key: 'from', header: 'From', cell: (r) => r.from },
    { key: 'to', header: 'To', cell: (r) => r.to },
    { key: 'pickup', header: 'Pickup', sortKey: 'pickup', nowrap: true, cell: (r) => day(r.pickupOn) },
    { key: 'load', header: 'Load', numeric: true, cell: (r) => `${kg(r.weightGrams)} · ${r.packages} pkg` },
    {
      key: 'booking',
      header: 'Booking',
      cell: (r) =>
        r.bookingId ? (
          <Link to={bookingPath(r.id, r.bookingId)}>{`${r.transporter}${r.lrNumber ? ` · ${r.lrNumber}` : ''}`}</Link>
        ) : (
          ''
        ),
    },
  ]
  return (
    <div className="logistics">
      <PageHeader title="Transport requests">
        <NewRequestMenu />
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="Filter transport requests">
        <SearchFilter value={filters.q} placeholder="Code: TR-2026-000123" />
        <SelectFilter
          name="type"
          label="Type"
          value={filters.type}
          any="Any type"
          options={TRANSPORT_TYPES.map((t) => ({ value: t, label: transportTypes[t].label }))}
        />
        <SelectFilter
          name="status"
          label="Status"
          value={filters.status}
          any="Any status"
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: sentenceCase(s) }))}
        />
        <div className="field">
          <label htmlFor="order">Order</label>
          <input id="order" name="order" defaultValue={filters.order} placeholder="SO-2026-… or SMP-…" />
        </div>
        <div className="field">
          <label htmlFor="city">City</label>
          <input id="city" name="city" defaultValue={filters.city} placeholder="From or to" />
        </div>
        <DateFilter
          name="pickupFrom"
          label="Pickup from"
          value={filters.pickupFrom}
          problem={filters.problems.pickupFrom}
        />
        <DateFilter name="pickupTo" label="Pickup to" value={filters.pickupTo} problem={filters.problems.pickupTo} />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="pickup"
          defaultDir="desc"
          clearTo={requestsPath}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        capped={capped}
        noun="transport request"
        matching={filtering && 'these filters'}
        csv={`${requestsPath}.csv${exportParams.size ? `?${exportParams}` : ''}`}
      />
      <Table
        caption="Transport requests"
        sort={{ sort: filters.sort, dir: filters.dir }}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No request matches these filters.' : 'No transport requests yet.'}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} />
    </div>
  )
}

/** The request's details as a form: addresses offered for its type and order, pickup day, weight, packages, notes. */
function RequestFields({
  fields,
  from,
  to,
  today,
}: {
  fields: ReturnType<typeof useZodForm<typeof requestCreateSchema>>[1]
  from: { id: number; label: string }[]
  to: { id: number; label: string }[]
  today: string
}) {
  return (
    <div className="form-grid">
      <SelectField
        label="Pick up from"
        meta={fields.fromAddressId}
        options={from.map((a) => ({ value: String(a.id), label: a.label }))}
        placeholder="Choose…"
      />
      <SelectField
        label="Deliver to"
        meta={fields.toAddressId}
        options={to.map((a) => ({ value: String(a.id), label: a.label }))}
        placeholder="Choose…"
      />
      <Field label="Pickup date" type="date" meta={fields.pickupOn} inputProps={{ min: today }} />
      <Field
        label="Weight (kg)"
        meta={fields.weight}
        hint="Up to 3 decimals, like 125.5"
        inputProps={{ inputMode: 'decimal' }}
      />
      <Field label="Packages" type="number" meta={fields.packages} inputProps={{ min: 1, step: 1 }} />
      <Field
        label="Each package’s weight in kg (optional)"
        meta={fields.packageWeights}
        hint="One per package, in order, separated by commas: like 12.5, 10, 8. They add up to the weight; each label prints its own."
        inputProps={{ inputMode: 'decimal' }}
      />
      <Field label="Notes (optional)" meta={fields.notes} hint="For the transporter: loading hours, fragile goods" />
    </div>
  )
}

/** /logistics/transport_requests/add/:transportType: choose the order (a list, or its code), then the form prefilled for it. */
export function AddRequest({ data, lastResult }: { data: AddRequestData; lastResult: Reply }) {
  const { type, info, candidates, chosen, orderCode, today } = data
  const key =
    typeof lastResult?.initialValue?.idempotencyKey === 'string'
      ? lastResult.initialValue.idempotencyKey
      : data.idempotencyKey
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.requestCreateSchema), {
    id: `request-${type}`,
    lastResult,
    defaultValue: {
      intent: 'create',
      orderCode,
      ...(chosen?.defaults ?? { packages: '1' }),
      pickupOn: today,
    },
  })
  return (
    <div className="logistics">
      <PageHeader title={`New ${info.label.toLowerCase()} request`} />
      <p className="muted">{info.describe}.</p>
      <Form method="get" className="filters" aria-label="Choose the order">
        <div className="field">
          <label htmlFor="order">Order code</label>
          <input
            id="order"
            name="order"
            defaultValue={orderCode}
            placeholder={type === 'sample' ? 'SMP-2026-000123' : 'SO-2026-000123'}
            aria-describedby={chosen?.problem ? 'order-problem' : undefined}
          />
          {chosen?.problem ? (
            <p className="field-error" id="order-problem">
              {chosen.problem}
            </p>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn">
            Use this order
          </button>
        </div>
      </Form>
      {chosen?.order ? (
        <Form method="post" {...getFormProps(form)} className="card">
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="idempotencyKey" value={key} />
          <input type="hidden" name="orderCode" value={chosen.order.code} />
          <h2>
            {chosen.order.code} <StatusBadge status={chosen.order.status} />
          </h2>
          <p className="muted">
            {chosen.order.masterCode ? `Order ${chosen.order.masterCode} · ` : ''}
            {chosen.order.sellerName ? `${chosen.order.sellerName} → ` : ''}
            {chosen.order.buyerName}
          </p>
          {fields.orderCode.errors?.length ? <p className="field-error">{fields.orderCode.errors.join(' ')}</p> : null}
          {chosen.lines.length ? (
            <ul className="plain-list" aria-label="What it carries">
              {chosen.lines.map((l) => (
                <li key={l.code}>
                  {l.code} · {l.name} · {l.quantity}
                </li>
              ))}
            </ul>
          ) : null}
          {chosen.carriedFrom ? (
            <p className="muted">Packages and weights as on {chosen.carriedFrom}: change them if the load changed.</p>
          ) : null}
          <RequestFields fields={fields} from={chosen.from} to={chosen.to} today={today} />
          <div className="form-actions">
            <SubmitButton variant="primary" pendingText="Creating…">
              Create the request
            </SubmitButton>
            <Link to={addRequestPath(type)}>Choose another order</Link>
          </div>
        </Form>
      ) : null}
      <section className="card" aria-labelledby="candidates-heading">
        <h2 id="candidates-heading">Orders waiting for {info.label.toLowerCase()} transport</h2>
        {candidates.length === 0 ? (
          <p className="muted">No order waits for this kind of transport now.</p>
        ) : (
          <ul className="plain-list">
            {candidates.map((c) => (
              <li key={c.code}>
                <Link to={addRequestPath(type, c.code)}>{c.code}</Link> <StatusBadge status={c.status} /> {c.party}
                {c.detail ? <span className="muted"> · {c.detail}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

export function PlaceText({ place }: { place: Place }) {
  return (
    <>
      <strong>{place.party}</strong>
      <br />
      {[place.label, place.line1, place.line2, `${place.city}, ${place.state} ${place.pin}`].filter(Boolean).join(', ')}
      {place.phone ? (
        <>
          <br />
          <a href={`tel:${place.phone}`}>{place.phone}</a>
        </>
      ) : null}
    </>
  )
}

/** The booking form's fields, shared by booking a request and editing a booking. */
export function BookingInputs({
  fields,
  transporters,
}: {
  fields: Record<
    | 'transporter'
    | 'transporterGstin'
    | 'vehicleNumber'
    | 'driverPhone'
    | 'lrNumber'
    | 'pickupAt'
    | 'expectedDeliveryAt'
    | 'freight'
    | 'distanceKm',
    FieldMetadata<unknown>
  >
  transporters: string[]
}) {
  return (
    <div className="form-grid">
      <Field
        label="Transporter"
        meta={fields.transporter}
        hint="Choose a known one or type a new name"
        inputProps={{ list: 'transporters', autoComplete: 'off' }}
      />
      <datalist id="transporters">
        {transporters.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <Field
        label="Transporter’s GSTIN / TRANSIN (optional)"
        meta={fields.transporterGstin}
        hint="15 characters, for the e-way bill; blank keeps the one known"
        inputProps={{ autoCapitalize: 'characters', maxLength: 20 }}
      />
      <Field
        label="Vehicle number (optional)"
        meta={fields.vehicleNumber}
        inputProps={{ autoCapitalize: 'characters' }}
      />
      <Field label="Driver’s phone (optional)" type="tel" meta={fields.driverPhone} />
      <Field label="LR / AWB number (optional)" meta={fields.lrNumber} />
      <Field label="Pickup" type="datetime-local" meta={fields.pickupAt} hint="Platform time (IST)" />
      <Field label="Expected delivery" type="datetime-local" meta={fields.expectedDeliveryAt} />
      <Field
        label="Freight (₹)"
        meta={fields.freight}
        hint="As agreed with the transporter"
        inputProps={{ inputMode: 'decimal' }}
      />
      <Field
        label="Distance in km (optional)"
        meta={fields.distanceKm}
        hint="By road, 1 to 4,000: the e-way bill’s distance and validity"
        inputProps={{ inputMode: 'numeric' }}
      />
    </div>
  )
}

/** /logistics/transport_requests/:requestId/edit: the request, its bookings, and the forms its state allows. */
export function RequestPage({ data, reply }: { data: RequestPageData; reply: Reply }) {
  const { request, info } = data
  const orderHref = useOrderHref()
  const facts: Detail[] = [
    { label: 'Type', value: info.label },
    { label: 'Status', value: <StatusBadge status={request.status} /> },
    {
      label: 'Order',
      value: request.masterOrderId ? (
        <Link to={orderHref(request.masterOrderId)}>{request.orderCode}</Link>
      ) : (
        request.orderCode
      ),
    },
    { label: 'From', value: <PlaceText place={request.from} /> },
    { label: 'To', value: <PlaceText place={request.to} /> },
    { label: 'Pickup date', value: day(request.pickupOn) },
    {
      label: 'Load',
      value: `${kg(request.weightGrams)}, ${request.packages} package${request.packages === 1 ? '' : 's'}${request.packageWeights ? ` (${request.packageWeights.map(kg).join(', ')})` : ''}`,
    },
    {
      label: 'Created',
      value: `${formatDateTime(request.createdAt)}${request.createdBy ? ` by ${request.createdBy}` : ''}`,
    },
  ]
  if (request.notes) facts.push({ label: 'Notes', value: request.notes })
  if (request.cancelReason) facts.push({ label: 'Cancelled because', value: request.cancelReason })
  return (
    <div className="logistics">
      <PageHeader title={`Transport request ${request.code}`}>
        <Link to={requestsPath}>All requests</Link>
      </PageHeader>
      <section className="card">
        <Details items={facts} />
      </section>
      {request.bookings.length ? (
        <section className="card" aria-labelledby="bookings-heading">
          <h2 id="bookings-heading">Bookings</h2>
          <ul className="plain-list">
            {request.bookings.map((b) => (
              <li key={b.id}>
                <Link to={bookingPath(request.id, b.id)}>{b.code}</Link> <StatusBadge status={b.status} />{' '}
                {b.transporter}
                {b.lrNumber ? ` · LR ${b.lrNumber}` : ''} · pickup {formatDateTime(b.pickupAt)} · expected{' '}
                {formatDateTime(b.expectedDeliveryAt)} · {formatMoney(b.freightMinor)}
                {b.cancelReason ? <span className="muted"> · cancelled: {b.cancelReason}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {request.status === 'open' ? <BookForm data={data} reply={reply} /> : null}
      {request.status === 'open' ? <UpdateForm data={data} reply={reply} /> : null}
      {request.status === 'open' || request.status === 'booked' ? <CancelForm data={data} reply={reply} /> : null}
      <History entries={request.history} />
    </div>
  )
}

function UpdateForm({ data, reply }: { data: RequestPageData; reply: Reply }) {
  const mine = replyFor(reply, 'update')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.requestPageSchema), {
    id: 'request-update',
    lastResult: mine,
    defaultValue: { ...data.defaults, intent: 'update' },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="update-heading">
      <h2 id="update-heading">Change the request</h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="form" value="update" />
      <input type="hidden" name="version" value={data.request.version} />
      <RequestFields fields={fields as never} from={data.from} to={data.to} today={data.today} />
      <div className="form-actions">
        <SubmitButton pendingText="Saving…">Save changes</SubmitButton>
      </div>
    </Form>
  )
}

function BookForm({ data, reply }: { data: RequestPageData; reply: Reply }) {
  const mine = replyFor(reply, 'book')
  const key =
    typeof mine?.initialValue?.idempotencyKey === 'string' ? mine.initialValue.idempotencyKey : data.idempotencyKey
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.requestPageSchema), {
    id: 'request-book',
    lastResult: mine,
    defaultValue: { intent: 'book', pickupAt: data.defaults.pickupAt },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="book-heading">
      <h2 id="book-heading">Book a transporter</h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="form" value="book" />
      <input type="hidden" name="idempotencyKey" value={key} />
      <BookingInputs fields={fields as never} transporters={data.transporters} />
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Booking…">
          Book
        </SubmitButton>
      </div>
    </Form>
  )
}

function CancelForm({ data, reply }: { data: RequestPageData; reply: Reply }) {
  const mine = replyFor(reply, 'cancel')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.requestPageSchema), {
    id: 'request-cancel',
    lastResult: mine,
  })
  return (
    <ConfirmDialog
      trigger="Cancel the request"
      triggerVariant="danger"
      title={`Cancel ${data.request.code}?`}
      description={data.request.status === 'booked' ? 'Its booking is cancelled too.' : 'Nothing has been booked yet.'}
      defaultOpen={Boolean(mine)}
    >
      <Form method="post" {...getFormProps(form)} className="step-form">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="form" value="cancel" />
        <Field label="Why" meta={fields.reason} />
        <div className="form-actions">
          <SubmitButton variant="danger" pendingText="Cancelling…">
            Cancel the request
          </SubmitButton>
        </div>
      </Form>
    </ConfirmDialog>
  )
}
