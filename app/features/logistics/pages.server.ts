// Everything the logistics pages (main portal /logistics/…) show, gathered for their loaders, and
// their forms' answers. Routes guard (main portal) and call these.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { TransportType } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { sentenceCase } from '~/ui/badge'
import { csvStreamResponse, type CsvColumn } from '~/utils/csv.server'
import { formatDateTime, formatDay, formatMoney, kolkataDay } from '~/utils/format'
import type { Result } from '~/utils/refusal.server'
import { readId } from '~/utils/list-params'
import { rupeesInput } from '~/utils/money'
import { formatQuantity, quantityInput } from '~/utils/quantity'
import { dateTimeInput } from '~/utils/fields'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { optionOn, percent } from './freight-tax'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import {
  billingPath,
  billingSchema,
  bookingPageSchema,
  bookingPath,
  markPaidSchema,
  readBookingFilters,
  readCalendarFilters,
  readDueFilters,
  readRequestFilters,
  requestCreateSchema,
  requestPageSchema,
  requestPath,
} from './schema'
import {
  bookingCalendar,
  bookingDetail,
  bookingRowBatches,
  dueRowBatches,
  listBookings,
  listRequests,
  paymentDues,
  requestDetail,
  requestRowBatches,
  type BookingRow,
  type DueRow,
  type RequestRow,
} from './queries.server'
import { cancelRequest, createRequest, updateRequest } from './requests.server'
import { addressChoices, candidateOrders, carriedLoad, linkedOrderByCode } from './linked-orders.server'
import {
  createBooking,
  markBillsPaid,
  recordEwayBill,
  recordSupplierInvoice,
  saveBilling,
  transporterChoices,
  type TakeBookingStep,
  updateBooking,
} from './bookings.server'
import { bookingMachine, isTransportType, transportTypes } from './states'
import { listRegistrations } from '../settlements/registrations.server'
import { consignmentOf, dayConsignments, ewayBillFile, ewayProblems, ewayState } from './eway-bill.server'
import { CANCEL_REASONS, EWAY_CANCEL_HOURS, EWAY_EXTEND_HOURS, validityDays } from './eway-rules'
import { cancelEwayBill, ewayEventOf, ewayEvents, extendEwayBill, updateEwayPartB } from './eway-events.server'

type Reply = SubmissionResult<string[]>
/** The lifecycle's invoiceBeforePickup (the route passes it): the buyer's invoice of a booked last mile, for its e-way bill. */
export type InvoiceBeforePickup = (
  db: Database,
  actor: { userId: number },
  requestId: number,
  bookingId: number,
) => Promise<Result<{ code: string; number: string }>>
const actor = (viewer: Viewer) => ({ userId: viewer.userId })
const today = () => kolkataDay()

// ---------- Requests ----------

export async function requestsPage(db: Database, url: URL) {
  const filters = readRequestFilters(url)
  return { ...(await listRequests(db, filters)), filters }
}

const requestColumns: CsvColumn[] = [
  { key: 'code', header: 'Request' },
  { key: 'type', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'order', header: 'Order' },
  { key: 'from', header: 'From' },
  { key: 'to', header: 'To' },
  { key: 'pickup_on', header: 'Pickup date' },
  { key: 'weight_kg', header: 'Weight (kg)' },
  { key: 'packages', header: 'Packages' },
  { key: 'booking', header: 'Booking' },
  { key: 'transporter', header: 'Transporter' },
  { key: 'lr', header: 'LR/AWB' },
]

async function* requestRecords(batches: AsyncIterable<RequestRow[]>) {
  for await (const rows of batches) {
    yield rows.map((r) => ({
      code: r.code,
      type: transportTypes[r.type].label,
      status: sentenceCase(r.status),
      order: r.orderCode,
      from: r.from,
      to: r.to,
      pickup_on: r.pickupOn,
      weight_kg: quantityInput(r.weightGrams),
      packages: r.packages,
      booking: r.bookingCode,
      transporter: r.transporter,
      lr: r.lrNumber,
    }))
  }
}

export const requestsCsv = (db: Database, url: URL) =>
  csvStreamResponse(
    `transport-requests-${today()}.csv`,
    requestColumns,
    requestRecords(requestRowBatches(db, readRequestFilters(url))),
  )

/** The add page of a type: the orders it may move, and with one chosen (`?order=`), the form prefilled for it. Undefined for an unknown type (404). */
export async function addRequestPage(db: Database, typeParam: string | undefined, url: URL) {
  if (!isTransportType(typeParam)) return undefined
  const type = typeParam
  const code = (url.searchParams.get('order') ?? '').trim().toUpperCase().slice(0, 40)
  const [candidates, chosen] = await Promise.all([
    candidateOrders(db, type),
    code ? chosenOrder(db, type, code) : Promise.resolve(null),
  ])
  return {
    type,
    info: transportTypes[type],
    candidates,
    chosen,
    orderCode: code,
    idempotencyKey: newIdempotencyKey(),
    today: today(),
  }
}

async function chosenOrder(db: Database, type: TransportType, code: string) {
  const order = await linkedOrderByCode(db, code)
  if (!order)
    return {
      problem: `No order has the code ${code}.`,
      order: null,
      from: [],
      to: [],
      lines: [],
      carriedFrom: null,
      defaults: null,
    }
  const [choices, load] = await Promise.all([addressChoices(db, type, order), carriedLoad(db, type, order)])
  return {
    problem: null,
    lines: load.lines.map((l) => ({ ...l, quantity: formatQuantity(l.quantity, l.unit) })),
    carriedFrom: load.from ? `${load.from.code} (${transportTypes[load.from.type].label.toLowerCase()})` : null,
    defaults: {
      fromAddressId: choices.from[0] ? String(choices.from[0].id) : '',
      toAddressId: choices.to[0] ? String(choices.to[0].id) : '',
      weight: load.weightGrams ? quantityInput(load.weightGrams) : '',
      packages: String(load.packages ?? 1),
      packageWeights: load.packageWeights ? load.packageWeights.map(quantityInput).join(', ') : '',
    },
    order: {
      code: order.code,
      status: order.status,
      masterCode: order.masterCode,
      sellerName: order.sellerName,
      buyerName: order.buyerName,
    },
    from: choices.from.map(({ id, label }) => ({ id, label })),
    to: choices.to.map(({ id, label }) => ({ id, label })),
  }
}
export type AddRequestData = NonNullable<Awaited<ReturnType<typeof addRequestPage>>>

export async function addRequestAction(
  db: Database,
  viewer: Viewer,
  typeParam: string | undefined,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  if (!isTransportType(typeParam)) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: requestCreateSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const { orderCode, idempotencyKey, intent: _intent, ...input } = submission.value
  const created = await createRequest(db, actor(viewer), typeParam, orderCode, input, idempotencyKey)
  if (!created.ok)
    return created.notFound
      ? { status: 'not-found' }
      : {
          status: 'invalid',
          reply: refusalReply(submission, created, 'The request was not created: see the fields below.'),
        }
  const message = created.value.repeated
    ? `${created.value.code} was already created for ${orderCode}.`
    : `${created.value.code}: ${transportTypes[typeParam].label.toLowerCase()} transport of ${orderCode} requested. Book a transporter next.`
  return { status: 'done', redirectTo: requestPath(created.value.id), toast: { kind: 'success', message } }
}

/** A request's page: its details, the forms its state allows, its bookings and history. */
export async function requestPage(db: Database, idParam: string | undefined) {
  const id = readId(idParam)
  const request = id ? await requestDetail(db, id) : undefined
  if (!request) return undefined
  const order = request.status === 'open' ? await linkedOrderByCode(db, request.orderCode) : undefined
  const [choices, transporters] = await Promise.all([
    order ? addressChoices(db, request.type, order) : Promise.resolve(null),
    request.status === 'open' ? transporterChoices(db) : Promise.resolve([]),
  ])
  return {
    request,
    info: transportTypes[request.type],
    from: choices?.from.map(({ id, label }) => ({ id, label })) ?? [],
    to: choices?.to.map(({ id, label }) => ({ id, label })) ?? [],
    transporters: transporters.map((t) => t.name),
    idempotencyKey: newIdempotencyKey(),
    defaults: {
      fromAddressId: String(request.from.addressId ?? ''),
      toAddressId: String(request.to.addressId ?? ''),
      pickupOn: request.pickupOn,
      weight: quantityInput(request.weightGrams),
      packages: String(request.packages),
      packageWeights: request.packageWeights ? request.packageWeights.map(quantityInput).join(', ') : '',
      notes: request.notes ?? '',
      pickupAt: dateTimeInput(`${request.pickupOn}T04:30:00.000Z`),
    },
    today: today(),
  }
}
export type RequestPageData = NonNullable<Awaited<ReturnType<typeof requestPage>>>

export async function requestAction(
  db: Database,
  viewer: Viewer,
  idParam: string | undefined,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const id = readId(idParam)
  const exists = id
    ? await db.selectFrom('transport_requests').select('id').where('id', '=', id).executeTakeFirst()
    : undefined
  if (!id || !exists) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: requestPageSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  switch (input.intent) {
    case 'update': {
      const { intent: _i, version, ...fields } = input
      const done = await updateRequest(db, actor(viewer), id, fields, version)
      if (!done.ok)
        return done.notFound
          ? { status: 'not-found' }
          : { status: 'invalid', reply: refusalReply(submission, done, 'Nothing was changed: see the fields below.') }
      return { status: 'done', toast: { kind: 'success', message: `${done.value.code} is saved.` } }
    }
    case 'book': {
      const { intent: _i, idempotencyKey, ...fields } = input
      const done = await createBooking(db, actor(viewer), id, fields, idempotencyKey)
      if (!done.ok)
        return done.notFound
          ? { status: 'not-found' }
          : {
              status: 'invalid',
              reply: refusalReply(submission, done, 'The transporter was not booked: see the fields below.'),
            }
      return {
        status: 'done',
        redirectTo: bookingPath(id, done.value.id),
        toast: {
          kind: 'success',
          message: done.value.repeated
            ? `${done.value.code} was already booked.`
            : `${done.value.code}: ${fields.transporter} is booked.`,
        },
      }
    }
    case 'cancel': {
      const done = await cancelRequest(db, actor(viewer), id, input.reason)
      if (!done.ok)
        return done.notFound ? { status: 'not-found' } : { status: 'invalid', reply: refusalReply(submission, done) }
      return { status: 'done', toast: { kind: 'success', message: `${done.value.code} is cancelled.` } }
    }
  }
}

// ---------- Bookings ----------

export async function bookingsPage(db: Database, url: URL) {
  const filters = readBookingFilters(url)
  const [list, transporters, registrations] = await Promise.all([
    listBookings(db, filters),
    transporterChoices(db),
    listRegistrations(db),
  ])
  // A day's bulk file is per registration (issue 52): the portal takes a file of the GSTIN logged in.
  const gstins = registrations.map((r) => ({ value: r.gstin, label: `${r.gstin} (${r.state})` }))
  return { ...list, filters, transporters, gstins }
}

const bookingColumns: CsvColumn[] = [
  { key: 'code', header: 'Booking' },
  { key: 'status', header: 'Status' },
  { key: 'request', header: 'Request' },
  { key: 'type', header: 'Type' },
  { key: 'order', header: 'Order' },
  { key: 'from_city', header: 'From' },
  { key: 'to_city', header: 'To' },
  { key: 'transporter', header: 'Transporter' },
  { key: 'vehicle', header: 'Vehicle' },
  { key: 'lr', header: 'LR/AWB' },
  { key: 'pickup_at', header: 'Pickup' },
  { key: 'expected_delivery_at', header: 'Expected delivery' },
  { key: 'delivered_at', header: 'Delivered' },
  { key: 'freight', header: 'Freight (INR)' },
  { key: 'bill', header: 'Bill' },
]

async function* bookingRecords(batches: AsyncIterable<BookingRow[]>) {
  for await (const rows of batches) {
    yield rows.map((r) => ({
      code: r.code,
      status: r.status,
      request: r.requestCode,
      type: transportTypes[r.type].label,
      order: r.orderCode,
      from_city: r.fromCity,
      to_city: r.toCity,
      transporter: r.transporter,
      vehicle: r.vehicleNumber,
      lr: r.lrNumber,
      pickup_at: r.pickupAt,
      expected_delivery_at: r.expectedDeliveryAt,
      delivered_at: r.deliveredAt,
      freight: rupeesInput(r.freightMinor),
      bill: r.billState === 'none' ? '' : `${r.billNumber} (${r.billState})`,
    }))
  }
}

export const bookingsCsv = (db: Database, url: URL) =>
  csvStreamResponse(
    `transport-bookings-${today()}.csv`,
    bookingColumns,
    bookingRecords(bookingRowBatches(db, readBookingFilters(url))),
  )

export async function calendarPage(db: Database, url: URL) {
  const filters = readCalendarFilters(url, today().slice(0, 7))
  const [calendar, transporters] = await Promise.all([bookingCalendar(db, filters), transporterChoices(db)])
  return { ...calendar, filters, transporters }
}

/** A booking's page: its details and steps; undefined unless the request and the booking belong together (404). */
export async function bookingPage(
  db: Database,
  requestIdParam: string | undefined,
  bookingIdParam: string | undefined,
) {
  const requestId = readId(requestIdParam)
  const bookingId = readId(bookingIdParam)
  const detail = requestId && bookingId ? await bookingDetail(db, requestId, bookingId) : undefined
  if (!detail) return undefined
  const b = detail.booking
  const [transporters, consignment, events] = await Promise.all([
    transporterChoices(db),
    consignmentOf(db, requestId!, bookingId!),
    ewayEvents(db, bookingId!),
  ])
  const now = Date.now()
  const eway = consignment?.eway
  return {
    ...detail,
    info: transportTypes[detail.request.type],
    transporters: transporters.map((t) => t.name),
    ewayBill: consignment
      ? {
          needed: consignment.needed,
          valueMinor: consignment.valueMinor,
          document: consignment.docNo
            ? `${consignment.docType === 'INV' ? (consignment.type === 'first_mile' ? 'The mill’s tax invoice' : 'Tax invoice') : 'Delivery challan'} ${consignment.docNo} of ${formatDay(consignment.docDate)}`
            : consignment.type === 'first_mile'
              ? 'The mill’s tax invoice: not entered yet'
              : 'Tax invoice: raised at the pickup',
          /** A booked last mile whose buyer invoice is not raised: it may be raised now, for its e-way bill. */
          canRaiseInvoice: consignment.type === 'last_mile' && consignment.status === 'booked' && !consignment.docNo,
          /** A booked first mile: the mill's invoice may be entered (or corrected). */
          takesMillInvoice: consignment.type === 'first_mile' && consignment.status === 'booked',
          state: ewayState(consignment),
          number: consignment.eway.number,
          generatedAt: consignment.eway.at,
          validUntil: consignment.eway.validUntil,
          days: b.distanceKm ? validityDays(b.distanceKm) : null,
          problems: ewayProblems(consignment),
          // What may be done to it now (issue 52): cancel within 24 hours and before the pickup;
          // Part-B while it is valid and the goods not delivered; extend 8 hours either side of expiry.
          canCancel:
            Boolean(eway?.number && eway.at) &&
            consignment.status === 'booked' &&
            now - Date.parse(eway!.at!) <= EWAY_CANCEL_HOURS * 3_600_000,
          canPartB:
            Boolean(eway?.number) &&
            (consignment.status === 'booked' || consignment.status === 'picked_up') &&
            !(eway!.validUntil && Date.parse(eway!.validUntil) < now),
          canExtend:
            Boolean(eway?.number && eway.validUntil) &&
            (consignment.status === 'booked' || consignment.status === 'picked_up') &&
            Math.abs(now - Date.parse(eway!.validUntil!)) <= EWAY_EXTEND_HOURS * 3_600_000,
          events: events.map((e) => ({
            id: e.id,
            kind: e.kind,
            number: e.number,
            at: e.at,
            by: e.by,
            validUntil: e.validUntil,
            summary:
              e.kind === 'cancel'
                ? `Cancelled: ${CANCEL_REASONS[e.payload.cancelRsnCode as keyof typeof CANCEL_REASONS] ?? ''} (${String(e.payload.cancelRmrk)})`
                : e.kind === 'part_b'
                  ? `Vehicle ${String(e.payload.vehicleNo)} from ${String(e.payload.fromPlace)} (${String(e.payload.reasonRem)})`
                  : `Extended for ${String(e.payload.remainingDistance)} km from ${String(e.payload.fromPlace)} (${String(e.payload.extnRemarks)})`,
          })),
        }
      : null,
    /** Where the goods are, for the Part-B and extension forms: the pickup place until told otherwise. */
    ewayPlace: consignment
      ? {
          place: consignment.from.place,
          stateCode: String(consignment.from.actualStateCode ?? ''),
          pincode: consignment.from.pincode,
          remainingKm: consignment.transport.distanceKm === null ? '' : String(consignment.transport.distanceKm),
        }
      : null,
    ewayDefaults: {
      ewayBillNumber: consignment?.eway.number ?? '',
      generatedAt: consignment?.eway.at ? dateTimeInput(consignment.eway.at) : '',
    },
    millInvoiceDefaults: {
      supplierInvoiceNumber: consignment?.type === 'first_mile' ? consignment.docNo : '',
      supplierInvoiceOn: consignment?.type === 'first_mile' ? consignment.docDate : '',
    },
    /** The pickup form's time: now, in platform time (the user enters when the goods really left). */
    pickupNow: dateTimeInput(new Date().toISOString()),
    defaults: {
      transporter: b.transporter,
      transporterGstin: b.transporterGstin ?? '',
      distanceKm: b.distanceKm === null ? '' : String(b.distanceKm),
      vehicleNumber: b.vehicleNumber ?? '',
      driverPhone: b.driverPhone ?? '',
      lrNumber: b.lrNumber ?? '',
      pickupAt: dateTimeInput(b.pickupAt),
      expectedDeliveryAt: dateTimeInput(b.expectedDeliveryAt),
      freight: rupeesInput(b.freightMinor),
    },
  }
}
export type BookingPageData = NonNullable<Awaited<ReturnType<typeof bookingPage>>>

/** The booking page's forms; its steps are taken by `takeBookingStep`, the lifecycle's (the route passes it). */
export async function bookingAction(
  db: Database,
  viewer: Viewer,
  requestIdParam: string | undefined,
  bookingIdParam: string | undefined,
  form: FormData,
  takeBookingStep: TakeBookingStep,
  invoiceBeforePickup?: InvoiceBeforePickup,
): Promise<FormOutcome<Reply>> {
  const requestId = readId(requestIdParam)
  const bookingId = readId(bookingIdParam)
  if (!requestId || !bookingId || !(await bookingDetail(db, requestId, bookingId))) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: bookingPageSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  if (input.intent === 'update') {
    const { intent: _i, version, ...fields } = input
    const done = await updateBooking(db, actor(viewer), requestId, bookingId, fields, version)
    if (!done.ok)
      return done.notFound
        ? { status: 'not-found' }
        : { status: 'invalid', reply: refusalReply(submission, done, 'Nothing was changed: see the fields below.') }
    return { status: 'done', toast: { kind: 'success', message: `${done.value.code} is saved.` } }
  }
  if (input.intent === 'supplier_invoice') {
    const { intent: _i, ...fields } = input
    const done = await recordSupplierInvoice(db, actor(viewer), requestId, bookingId, fields)
    if (!done.ok)
      return done.notFound
        ? { status: 'not-found' }
        : {
            status: 'invalid',
            reply: refusalReply(submission, done, 'The mill’s invoice was not saved: see the fields below.'),
          }
    return {
      status: 'done',
      toast: {
        kind: 'success',
        message: `${done.value.code} moves on the mill’s invoice ${fields.supplierInvoiceNumber}.`,
      },
    }
  }
  if (input.intent === 'invoice') {
    if (!invoiceBeforePickup) return { status: 'not-found' }
    const done = await invoiceBeforePickup(db, actor(viewer), requestId, bookingId)
    if (!done.ok)
      return done.notFound ? { status: 'not-found' } : { status: 'invalid', reply: refusalReply(submission, done) }
    return {
      status: 'done',
      toast: {
        kind: 'success',
        message: `Invoice ${done.value.number} raised for the goods ${done.value.code} takes.`,
      },
    }
  }
  if (input.intent === 'eway_bill') {
    const { intent: _i, ...fields } = input
    const done = await recordEwayBill(db, actor(viewer), requestId, bookingId, fields)
    if (!done.ok)
      return done.notFound
        ? { status: 'not-found' }
        : {
            status: 'invalid',
            reply: refusalReply(submission, done, 'The e-way bill was not recorded: see the fields below.'),
          }
    return {
      status: 'done',
      toast: {
        kind: 'success',
        message: `${done.value.code}: e-way bill ${fields.ewayBillNumber} recorded, valid until ${formatDateTime(done.value.validUntil)}.`,
      },
    }
  }
  if (input.intent === 'eway_cancel' || input.intent === 'eway_part_b' || input.intent === 'eway_extend') {
    const who = actor(viewer)
    const done =
      input.intent === 'eway_cancel'
        ? await cancelEwayBill(db, who, requestId, bookingId, input)
        : input.intent === 'eway_part_b'
          ? await updateEwayPartB(db, who, requestId, bookingId, input)
          : await extendEwayBill(db, who, requestId, bookingId, input)
    if (!done.ok)
      return done.notFound
        ? { status: 'not-found' }
        : { status: 'invalid', reply: refusalReply(submission, done, 'Nothing was changed: see the fields below.') }
    const v = done.value
    const message =
      'number' in v
        ? `${v.code}: e-way bill ${v.number} cancelled. Download its cancellation for the portal; the goods need a new e-way bill before pickup.`
        : 'vehicle' in v
          ? `${v.code}: the e-way bill’s vehicle is now ${v.vehicle}. Download the Part-B update for the portal.`
          : `${v.code}: the e-way bill is extended, valid until ${formatDateTime(v.validUntil)}. Download the extension for the portal.`
    return { status: 'done', toast: { kind: 'success', message } }
  }
  const done = await takeBookingStep(
    db,
    actor(viewer),
    requestId,
    bookingId,
    input.intent,
    input.intent === 'cancel' ? input.reason : '',
    new Date(),
    input.intent === 'pick_up' ? input.pickedUpAt : undefined,
  )
  if (!done.ok)
    return done.notFound ? { status: 'not-found' } : { status: 'invalid', reply: refusalReply(submission, done) }
  const step = bookingMachine.steps[input.intent]
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: `${done.value.code} is ${step.done}${done.value.moved ? `; ${done.value.moved}` : ''}.`,
    },
  }
}

// ---------- Billing details ----------

export async function billingPage(
  db: Database,
  requestIdParam: string | undefined,
  bookingIdParam: string | undefined,
) {
  const requestId = readId(requestIdParam)
  const bookingId = readId(bookingIdParam)
  const detail = requestId && bookingId ? await bookingDetail(db, requestId, bookingId) : undefined
  if (!detail) return undefined
  const b = detail.booking
  const facts = await db
    .selectFrom('transport_bookings as tb')
    .innerJoin('transporters as t', 't.id', 'tb.transporter_id')
    .select(['t.gstin', 't.pan', 't.gta_option', 't.gta_forward_rate_bp', 't.gta_option_fy', 't.small_fleet_declared'])
    .where('tb.id', '=', b.id)
    .executeTakeFirstOrThrow()
  const option = optionOn(facts, b.billDate ?? today())
  return {
    ...detail,
    // The GTA option in force (issue 52): what the GST field must carry.
    gstHint:
      option.option === 'forward'
        ? `Forward charge: the transporter charges ${percent(option.rateBp)} GST`
        : 'Reverse charge: the transporter charges no GST (0); the platform pays 5 % itself',
    defaults: {
      billNumber: b.billNumber ?? '',
      billDate: b.billDate ?? '',
      amount: b.billAmountMinor === null ? rupeesInput(b.freightMinor) : rupeesInput(b.billAmountMinor),
      gst: b.billGstMinor === null ? '' : rupeesInput(b.billGstMinor),
      dueOn: b.billDueOn ?? '',
    },
    today: today(),
  }
}
export type BillingPageData = NonNullable<Awaited<ReturnType<typeof billingPage>>>

export async function billingAction(
  db: Database,
  viewer: Viewer,
  requestIdParam: string | undefined,
  bookingIdParam: string | undefined,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const requestId = readId(requestIdParam)
  const bookingId = readId(bookingIdParam)
  if (!requestId || !bookingId || !(await bookingDetail(db, requestId, bookingId))) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: billingSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const done = await saveBilling(db, actor(viewer), requestId, bookingId, submission.value)
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : { status: 'invalid', reply: refusalReply(submission, done, 'The bill was not saved: see the fields below.') }
  const total = submission.value.amount + submission.value.gst
  return {
    status: 'done',
    redirectTo: billingPath(requestId, bookingId),
    toast: {
      kind: 'success',
      message: `${done.value.code}: the bill ${submission.value.billNumber} for ${formatMoney(total)} is due ${submission.value.dueOn}.`,
    },
  }
}

// ---------- Payment dues ----------

export async function duesPage(db: Database, url: URL) {
  const filters = readDueFilters(url)
  const [dues, transporters] = await Promise.all([paymentDues(db, filters), transporterChoices(db)])
  return { ...dues, filters, transporters }
}

export async function duesAction(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: markPaidSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const { booking, paidOn, reference } = submission.value
  const done = await markBillsPaid(db, actor(viewer), booking, paidOn, reference)
  if (!done.ok)
    return done.notFound ? { status: 'not-found' } : { status: 'invalid', reply: refusalReply(submission, done) }
  const { paid, already, totalMinor, tdsMinor } = done.value
  const parts = [
    paid.length
      ? `${paid.length === 1 ? paid[0] : `${paid.length} bills`} marked paid (${formatMoney(totalMinor)}, ${reference}${tdsMinor ? `, after ${formatMoney(tdsMinor)} TDS under 194C` : ''}).`
      : '',
    already.length
      ? `${already.join(', ')} ${already.length === 1 ? 'was' : 'were'} already paid: nothing changed there.`
      : '',
  ]
  return { status: 'done', toast: { kind: paid.length ? 'success' : 'info', message: parts.filter(Boolean).join(' ') } }
}

const dueColumns: CsvColumn[] = [
  { key: 'booking', header: 'Booking' },
  { key: 'request', header: 'Request' },
  { key: 'transporter', header: 'Transporter' },
  { key: 'bill', header: 'Bill number' },
  { key: 'bill_date', header: 'Bill date' },
  { key: 'due_on', header: 'Due' },
  { key: 'amount', header: 'Amount (INR)' },
  { key: 'gst', header: 'GST (INR)' },
  { key: 'total', header: 'Total (INR)' },
]

async function* dueRecords(batches: AsyncIterable<DueRow[]>) {
  for await (const rows of batches) {
    yield rows.map((r) => ({
      booking: r.code,
      request: r.requestCode,
      transporter: r.transporter,
      bill: r.billNumber,
      bill_date: r.billDate,
      due_on: r.dueOn,
      amount: rupeesInput(r.amountMinor),
      gst: rupeesInput(r.gstMinor),
      total: rupeesInput(r.amountMinor + r.gstMinor),
    }))
  }
}

export const duesCsv = (db: Database, url: URL) =>
  csvStreamResponse(
    `transport-payment-dues-${today()}.csv`,
    dueColumns,
    dueRecords(dueRowBatches(db, readDueFilters(url))),
  )

// ---------- E-way bills (docs/domain.md (issue 38)) ----------

const jsonDownload = (name: string, body: unknown) =>
  new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  })

/** One booking's e-way bill as the NIC bulk-generation JSON; undefined when there is no such booking (404). */
export async function bookingEwayJson(
  db: Database,
  requestIdParam: string | undefined,
  bookingIdParam: string | undefined,
  eventParam: string | null = null,
): Promise<Response | undefined> {
  const requestId = readId(requestIdParam)
  const bookingId = readId(bookingIdParam)
  const consignment = requestId && bookingId ? await consignmentOf(db, requestId, bookingId) : undefined
  if (!consignment) return undefined
  // ?event= one of its cancel / Part-B / extension requests, as the portal takes it (issue 52).
  const eventId = readId(eventParam)
  if (eventParam !== null) {
    const event = eventId ? await ewayEventOf(db, requestId!, bookingId!, eventId) : undefined
    if (!event) return undefined
    return jsonDownload(
      `eway-bill-${event.eway_bill_number}-${event.kind.replace('_', '-')}-${consignment.code}.json`,
      JSON.parse(event.payload_json),
    )
  }
  return jsonDownload(`eway-bill-${consignment.code}.json`, ewayBillFile([consignment]))
}

/**
 * The bulk file of a day's bookings (by pickup day, `?day=`, today by default) that need an e-way
 * bill, of one registration (`?gstin=`, the home one by default): the portal takes a file of the
 * GSTIN logged in, so each registration's bills are a file of their own (issue 52).
 */
export async function dayEwayJson(db: Database, url: URL): Promise<Response> {
  const asked = (url.searchParams.get('day') ?? '').trim()
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today()
  const registrations = await listRegistrations(db)
  const askedGstin = (url.searchParams.get('gstin') ?? '').trim().toUpperCase()
  const gstin = registrations.find((r) => r.gstin === askedGstin)?.gstin ?? registrations[0]?.gstin ?? askedGstin
  const list = (await dayConsignments(db, day)).filter((c) => c.userGstin === gstin)
  return jsonDownload(`eway-bills-${day}-${gstin}.json`, ewayBillFile(list))
}
