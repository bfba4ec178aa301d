import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { lockedRead } from '#db/locks'
import { formatDateTime, formatMoney, kolkataDay } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextCode } from '~/platform/numbering.server'
import type { BillingForm, BookingFields, EwayBillForm, SupplierInvoiceForm } from './schema'
import { checkEwayBill, consignments, missingDocument, type Consignment } from './eway-bill.server'
import { billTaxRefusal, deductOnPayment, lockTransporterYears, recordBillTax } from './freight.server'
import { financialYearOf, tdsSectionLabels } from './freight-tax'
import { ewayValidity } from './eway-rules'
import { bookingCarries, type BookingStepName, type OrderMove } from './states'
import { bookingStep, countBookingDays, requestStep } from './steps.server'

// Transport bookings (docs/domain.md "Logistics and money"): a transporter booked for a request,
// its steps (picked up, delivered, cancelled) which move the request in the same transaction (the
// order it carries is moved by the lifecycle, ~/lifecycle/shipments.server, through `carry`), and
// the transporter's bill, paid from the payment dues. A request has one
// booking that is not cancelled (a partial unique index); a transporter's bill number is entered
// once (a unique index).

type Actor = { userId: number }

/**
 * A transporter by name (folded: case and spaces do not matter), made on first use; a GSTIN or
 * TRANSIN given is kept on it (the e-way bill's transporter id), none given keeps the one known.
 */
export async function transporterId(trx: Executor, name: string, gstin?: string | null): Promise<number> {
  const clean = name.trim().replace(/\s+/g, ' ')
  const key = clean.toLowerCase()
  await trx
    .insertInto('transporters')
    .values({ name: clean, name_key: key, gstin: gstin || null })
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute()
  const found = await trx
    .selectFrom('transporters')
    .select(['id', 'gstin'])
    .where('name_key', '=', key)
    .executeTakeFirstOrThrow()
  if (gstin && found.gstin !== gstin)
    await trx.updateTable('transporters').set({ gstin }).where('id', '=', found.id).execute()
  return found.id
}

/** Transporters to choose from (filters, the booking form's suggestions), by name. */
export const transporterChoices = (db: Executor) =>
  db.selectFrom('transporters').select(['id', 'name']).orderBy('name').limit(500).execute()

function checkTimes(input: BookingFields) {
  if (input.expectedDeliveryAt < input.pickupAt)
    throw new Refused('expectedDeliveryAt', 'Expected delivery cannot be before the pickup')
}

const bookingValues = (input: BookingFields, transporter: number) => ({
  transporter_id: transporter,
  vehicle_number: input.vehicleNumber || null,
  driver_phone: input.driverPhone || null,
  lr_number: input.lrNumber || null,
  pickup_at: input.pickupAt,
  pickup_on: kolkataDay(input.pickupAt),
  expected_delivery_at: input.expectedDeliveryAt,
  delivery_on: kolkataDay(input.expectedDeliveryAt),
  freight_minor: input.freight,
  distance_km: input.distanceKm ?? null,
})

/** Books a transporter for an open request (the request becomes booked), once per idempotency key. */
export async function createBooking(
  db: Database,
  actor: Actor,
  requestId: number,
  input: BookingFields,
  key: string | undefined,
): Promise<Result<{ id: number; code: string; repeated: boolean }>> {
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const request = await trx
          .selectFrom('transport_requests')
          .select(['id', 'status', 'transport_type'])
          .where('id', '=', requestId)
          .executeTakeFirst()
        if (!request) return { ok: false as const, notFound: true, message: 'There is no such request.' }
        const { result, repeated } = await once(trx, key, 'transport_booking', actor.userId, async () => {
          checkTimes(input)
          const code = await nextCode(trx, 'TB')
          const transporter = await transporterId(trx, input.transporter, input.transporterGstin)
          const values = bookingValues(input, transporter)
          await requestStep(trx, requestId, request.transport_type, 'book', {
            actorUserId: actor.userId,
            current: request.status,
            after: {
              booking: code,
              transporter: input.transporter,
              pickupAt: formatDateTime(input.pickupAt),
              freight: formatMoney(input.freight),
              ...(input.distanceKm ? { distanceKm: input.distanceKm } : {}),
              ...(input.transporterGstin ? { transporterGstin: input.transporterGstin } : {}),
            },
          })
          const row = await trx
            .insertInto('transport_bookings')
            .values({ code, request_id: requestId, status: 'booked', created_by: actor.userId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow()
          await countBookingDays(trx, values, 1)
          return row.id
        })
        const booking = await trx
          .selectFrom('transport_bookings')
          .select(['id', 'code'])
          .where('id', '=', result)
          .executeTakeFirstOrThrow()
        return { ok: true as const, value: { ...booking, repeated } }
      }),
    (error) =>
      isUniqueViolation(error)
        ? { ok: false, message: 'This request was booked a moment ago by someone else: look at it again.' }
        : undefined,
  )
}

/** A booking of a request (both ids must match), or undefined. */
export async function bookingOf(db: Executor, requestId: number, bookingId: number) {
  return db
    .selectFrom('transport_bookings as b')
    .innerJoin('transport_requests as r', 'r.id', 'b.request_id')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'b.id',
      'b.code',
      'b.status',
      'b.updated_at',
      'b.lr_number',
      'b.bill_state',
      'b.bill_number',
      'b.freight_minor',
      't.name as transporter',
      'r.id as requestId',
      'r.code as requestCode',
      'r.transport_type',
      'r.seller_order_id',
      'r.sample_order_id',
    ])
    .where('b.id', '=', bookingId)
    .where('b.request_id', '=', requestId)
    .executeTakeFirst()
}

/** Changes a booking's details while booked or picked up, conditional on the version the form was opened at. */
export async function updateBooking(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: BookingFields,
  version: string | undefined,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const booking = await bookingOf(trx, requestId, bookingId)
      if (!booking) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
      if (booking.status !== 'booked' && booking.status !== 'picked_up')
        throw new Refused(
          undefined,
          `${booking.code} is ${booking.status.replace(/_/g, ' ')}: its details can no longer be changed.`,
        )
      checkTimes(input)
      const transporter = await transporterId(trx, input.transporter, input.transporterGstin)
      const before = await trx
        .selectFrom('transport_bookings')
        .select([
          'vehicle_number',
          'driver_phone',
          'lr_number',
          'pickup_at',
          'expected_delivery_at',
          'freight_minor',
          'distance_km',
          'pickup_on',
          'delivery_on',
          'transporter_id',
        ])
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow()
      const values = bookingValues(input, transporter)
      const updated = await trx
        .updateTable('transport_bookings')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', bookingId)
        .where('status', '=', booking.status)
        .$if(Boolean(version), (q) => q.where('updated_at', '=', version!))
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Refused(
          undefined,
          `${booking.code} was changed by someone else since you opened it: look at it again and redo your change.`,
        )
      if (
        before.pickup_on !== values.pickup_on ||
        before.delivery_on !== values.delivery_on ||
        before.transporter_id !== values.transporter_id
      ) {
        await countBookingDays(trx, before, -1)
        await countBookingDays(trx, values, 1)
      }
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_booking.updated',
        entityType: 'transport_request',
        entityId: requestId,
        before: {
          booking: booking.code,
          transporter: booking.transporter,
          vehicle: before.vehicle_number,
          driverPhone: before.driver_phone,
          lr: before.lr_number,
          pickupAt: formatDateTime(before.pickup_at),
          expectedDeliveryAt: formatDateTime(before.expected_delivery_at),
          freight: formatMoney(Number(before.freight_minor)),
          distanceKm: before.distance_km,
        },
        after: {
          booking: booking.code,
          transporter: input.transporter,
          vehicle: input.vehicleNumber || null,
          driverPhone: input.driverPhone || null,
          lr: input.lrNumber || null,
          pickupAt: formatDateTime(input.pickupAt),
          expectedDeliveryAt: formatDateTime(input.expectedDeliveryAt),
          freight: formatMoney(input.freight),
          distanceKm: input.distanceKm ?? null,
          ...(input.transporterGstin ? { transporterGstin: input.transporterGstin } : {}),
        },
      })
      return { ok: true as const, value: { code: booking.code } }
    }),
  )
}

/** A booking as its step sees it (bookingOf). */
export type BookingOf = NonNullable<Awaited<ReturnType<typeof bookingOf>>>

/**
 * What moves the order a booking carries, in the step's transaction (the lifecycle's): answers what
 * it did in words ("SO-… dispatched"), or null when nothing moved; throws a Refused to refuse the step.
 */
export type CarryOrder = (booking: BookingOf, move: Exclude<OrderMove, null>) => Promise<string | null>

/** A booking step taken from a route (the lifecycle's takeBookingStep, with the order it carries). */
export type TakeBookingStep = (
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  name: BookingStepName,
  reason?: string,
  now?: Date,
  pickedUpAt?: string,
) => Promise<Result<{ code: string; moved: string | null }>>

/** How far a pickup time entered may be from now: a few minutes ahead (clocks differ), a month back. */
export const PICKUP_AHEAD_MS = 10 * 60_000
export const PICKUP_BACK_DAYS = 30

/**
 * When the goods were picked up, as entered (the click's time when none is): not in the future
 * beyond a clock's difference, and not more than a month back. Refused at its field otherwise.
 */
export function checkedPickupTime(pickedUpAt: string | undefined, now: Date): string {
  if (!pickedUpAt) return now.toISOString()
  const at = new Date(pickedUpAt)
  if (Number.isNaN(at.getTime())) throw new Refused('pickedUpAt', 'Enter when the goods were picked up')
  if (at.getTime() > now.getTime() + PICKUP_AHEAD_MS)
    throw new Refused('pickedUpAt', 'The pickup time cannot be in the future: enter when the goods left')
  if (at.getTime() < now.getTime() - PICKUP_BACK_DAYS * 86_400_000)
    throw new Refused(
      'pickedUpAt',
      `The pickup time is more than ${PICKUP_BACK_DAYS} days ago: check the date (${formatDateTime(at.toISOString())})`,
    )
  return at.toISOString()
}

/**
 * Takes a booking's step inside the caller's transaction: the booking and its request move
 * (conditional on their states, so of two people at once one wins), then `carry` moves the order it
 * carries (states.ts `bookingCarries`), all told in one entry of the request's history. Refusals are
 * thrown: when the order cannot move, nothing does.
 */
export async function moveBooking(
  trx: Executor,
  actor: Actor,
  requestId: number,
  bookingId: number,
  name: BookingStepName,
  carry: CarryOrder,
  reason = '',
  now = new Date(),
  pickedUpAt?: string,
): Promise<{ code: string; moved: string | null }> {
  const carries = bookingCarries[name]
  const note = reason.trim().slice(0, 500)
  const booking = await bookingOf(trx, requestId, bookingId)
  if (!booking) throw Refused.notFound('There is no such booking.')
  // A pickup is recorded at the time entered (the goods may have left before anyone clicked).
  const pickup = name === 'pick_up' ? checkedPickupTime(pickedUpAt, now) : null
  if (pickup && booking.status === 'booked') await checkEwayBill(trx, bookingId, new Date(pickup))
  let moved: string | null = null
  await bookingStep(trx, bookingId, name, {
    actorUserId: actor.userId,
    current: booking.status,
    note,
    now,
    reason: { message: 'Say why the booking is cancelled' },
    before: { booking: booking.code },
    after: { booking: booking.code, ...(pickup ? { pickedUpAt: pickup } : {}) },
    ...(pickup ? { set: { picked_up_at: pickup } } : {}),
    carried: async () => {
      const request = await requestStep(trx, requestId, booking.transport_type, carries.request, {
        actorUserId: actor.userId,
        audit: false,
        now,
      })
      const move = carries.moves[booking.transport_type]
      moved = move ? await carry(booking, move) : null
      return { request: request.to, ...(moved ? { order: moved } : {}) }
    },
  })
  return { code: booking.code, moved }
}

/**
 * Enters or corrects the transporter's bill of a booking that is not cancelled, until it is paid;
 * a bill number the transporter already used on another booking is refused at its field.
 */
export async function saveBilling(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: BillingForm,
): Promise<Result<{ code: string }>> {
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const booking = await bookingOf(trx, requestId, bookingId)
        if (!booking) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
        if (booking.status === 'cancelled')
          throw new Refused(undefined, `${booking.code} is cancelled: it has no bill.`)
        if (booking.bill_state === 'paid')
          throw new Refused(undefined, `${booking.code}’s bill is paid: it can no longer be changed.`)
        const fields: Record<string, string> = {}
        if (input.dueOn < input.billDate) fields.dueOn = 'The due date cannot be before the invoice date'
        if (input.billDate > kolkataDay()) fields.billDate = 'The invoice date cannot be in the future'
        if (input.amount <= 0) fields.amount = 'Enter the invoice amount, more than zero'
        const before = await trx
          .selectFrom('transport_bookings')
          .select(['bill_number', 'bill_date', 'bill_amount_minor', 'bill_gst_minor', 'bill_due_on', 'transporter_id'])
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow()
        // The bill fits the GTA's option in force (reverse charge: no GST; forward: the GTA's rate).
        const taxRefusal = fields.amount ? null : await billTaxRefusal(trx, before.transporter_id, input)
        if (taxRefusal) fields.gst = taxRefusal
        if (Object.keys(fields).length) throw new Refused(fields)
        const clash = await trx
          .selectFrom('transport_bookings')
          .select('code')
          .where('transporter_id', '=', before.transporter_id)
          .where('bill_number', '=', input.billNumber)
          .where('id', '<>', bookingId)
          .executeTakeFirst()
        if (clash)
          throw new Refused(
            'billNumber',
            `${booking.transporter}’s invoice ${input.billNumber} is already entered on ${clash.code}`,
          )
        const updated = await trx
          .updateTable('transport_bookings')
          .set({
            bill_state: 'unpaid',
            bill_number: input.billNumber,
            bill_date: input.billDate,
            bill_amount_minor: input.amount,
            bill_gst_minor: input.gst,
            bill_due_on: input.dueOn,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', bookingId)
          .where('bill_state', '<>', 'paid')
          .$if(Boolean(input.version), (q) => q.where('updated_at', '=', input.version!))
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1)
          throw new Refused(
            undefined,
            `${booking.code} was changed by someone else since you opened it: look at it again.`,
          )
        const tax = await recordBillTax(
          trx,
          { id: bookingId, transporterId: before.transporter_id },
          input,
          new Date().toISOString(),
        )
        await audit(trx, {
          actorUserId: actor.userId,
          action: before.bill_number ? 'transport_booking.bill_corrected' : 'transport_booking.bill_entered',
          entityType: 'transport_request',
          entityId: requestId,
          before: before.bill_number
            ? {
                booking: booking.code,
                bill: before.bill_number,
                date: before.bill_date,
                amount: formatMoney(Number(before.bill_amount_minor)),
                gst: formatMoney(Number(before.bill_gst_minor)),
                due: before.bill_due_on,
              }
            : undefined,
          after: {
            booking: booking.code,
            bill: input.billNumber,
            date: input.billDate,
            amount: formatMoney(input.amount),
            gst: formatMoney(input.gst),
            due: input.dueOn,
            gta: tax.option === 'reverse' ? 'reverse charge' : 'forward charge',
            ...(tax.rcm
              ? {
                  reverseChargeTax: formatMoney(tax.rcm.total),
                  reverseChargeUnder: `${tax.rcm.recipient.registration.state} registration ${tax.rcm.recipient.registration.gstin}`,
                }
              : {}),
          },
        })
        return { ok: true as const, value: { code: booking.code } }
      }),
    (error) =>
      isUniqueViolation(error)
        ? {
            ok: false,
            field: 'billNumber',
            message: 'This transporter’s invoice number was entered on another booking a moment ago',
          }
        : undefined,
  )
}

/**
 * Marks unpaid bills paid (the day and the payment's reference), in one transaction: each bill by
 * a conditional update from unpaid, so a retried or doubled submit pays nothing twice and says which
 * were already paid, by whom.
 */
export async function markBillsPaid(
  db: Database,
  actor: Actor,
  bookingIds: number[],
  paidOn: string,
  reference: string,
): Promise<Result<{ paid: string[]; already: string[]; totalMinor: number; tdsMinor: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      if (paidOn > kolkataDay()) throw new Refused('paidOn', 'The payment day cannot be in the future')
      const ids = [...new Set(bookingIds)]
      const bills = await trx
        .selectFrom('transport_bookings')
        .select([
          'id',
          'code',
          'request_id',
          'transporter_id',
          'bill_state',
          'bill_amount_minor',
          'bill_gst_minor',
          'bill_number',
          'bill_date',
        ])
        .where('id', 'in', ids)
        .orderBy('bill_date')
        .orderBy('id')
        .execute()
      if (bills.length !== ids.length)
        return { ok: false as const, notFound: true, message: 'One of these bills does not exist.' }
      const at = new Date().toISOString()
      // Section 194C's threshold reads the transporter's year: its row is taken first (two payments at once wait).
      await lockTransporterYears(
        trx,
        bills.map((b) => b.transporter_id),
        financialYearOf(paidOn),
        at,
      )
      const paid: string[] = []
      const already: string[] = []
      let totalMinor = 0
      let tdsTotalMinor = 0
      for (const bill of bills) {
        if (bill.bill_state === 'none') throw new Refused('booking', `${bill.code} has no bill entered yet`)
        const updated = await trx
          .updateTable('transport_bookings')
          .set({
            bill_state: 'paid',
            paid_on: paidOn,
            payment_reference: reference,
            paid_by: actor.userId,
            paid_at: at,
            updated_at: at,
          })
          .where('id', '=', bill.id)
          .where('bill_state', '=', 'unpaid')
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) {
          already.push(bill.code)
          continue
        }
        const amount = Number(bill.bill_amount_minor) + Number(bill.bill_gst_minor)
        const tds = await deductOnPayment(
          trx,
          {
            id: bill.id,
            transporterId: bill.transporter_id,
            billNumber: bill.bill_number,
            billDate: bill.bill_date,
            amount: Number(bill.bill_amount_minor),
            gst: Number(bill.bill_gst_minor),
          },
          paidOn,
          at,
        )
        totalMinor += amount - tds.tdsMinor
        tdsTotalMinor += tds.tdsMinor
        paid.push(bill.code)
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'transport_booking.bill_paid',
          entityType: 'transport_request',
          entityId: bill.request_id,
          before: { booking: bill.code, bill: bill.bill_number, state: 'unpaid' },
          after: {
            state: 'paid',
            paidOn,
            reference,
            amount: formatMoney(amount),
            tds: tds.tdsMinor
              ? `${formatMoney(tds.tdsMinor)} under ${tds.section} at ${tds.rateBp / 100} % on ${formatMoney(tds.baseMinor)}`
              : tdsSectionLabels[tds.section],
            paid: formatMoney(amount - tds.tdsMinor),
          },
        })
      }
      return { ok: true as const, value: { paid, already, totalMinor, tdsMinor: tdsTotalMinor } }
    }),
  )
}

/**
 * An invoice whose IRN was cancelled is no longer a valid document (Rule 48(5); issue 52): no e-way
 * bill may name it. Goods that go out on the platform's tax invoice wait for a valid one.
 */
async function refuseCancelledInvoice(trx: Executor, c: Consignment): Promise<void> {
  if (c.docType !== 'INV' || (c.type !== 'last_mile' && c.type !== 'sample')) return
  const cancelled = await trx
    .selectFrom('buyer_invoices as i')
    .innerJoin('einvoice_registrations as r', (j) => j.on('r.doc_type', '=', 'INV').onRef('r.doc_id', '=', 'i.id'))
    .select('r.cancelled_at')
    .where('i.number', '=', c.docNo)
    .where('r.cancelled_at', 'is not', null)
    .executeTakeFirst()
  if (cancelled)
    throw new Refused(
      undefined,
      `The IRN of invoice ${c.docNo} was cancelled on ${cancelled.cancelled_at}: it is no longer a valid document, so no e-way bill can name it.`,
    )
}

/**
 * Records (or corrects) the e-way bill generated for a booking while it is booked or on the road:
 * its 12-digit number (one booking's only) and when it was generated; its validity follows from the
 * booking's distance (one day per 200 km or part). Refused at its field when the number is another
 * booking's or the time is in the future; the distance must be entered first.
 */
export async function recordEwayBill(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: EwayBillForm & { version?: string },
  now = new Date(),
): Promise<Result<{ code: string; validUntil: string; days: number }>> {
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        // The booking's row first, for the rest of the transaction: a cancellation of its invoice's
        // IRN at the same moment takes the bookings before the registration (issue 52).
        await lockedRead(trx, trx.selectFrom('transport_bookings').select('id').where('id', '=', bookingId)).execute()
        const booking = await bookingOf(trx, requestId, bookingId)
        if (!booking) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
        if (booking.status !== 'booked' && booking.status !== 'picked_up')
          throw new Refused(
            undefined,
            `${booking.code} is ${booking.status.replace(/_/g, ' ')}: its e-way bill can no longer be changed.`,
          )
        if (input.generatedAt > new Date(now.getTime() + 5 * 60_000).toISOString())
          throw new Refused('generatedAt', 'The e-way bill cannot be generated in the future')
        const before = await trx
          .selectFrom('transport_bookings')
          .select(['distance_km', 'eway_bill_number', 'eway_bill_at', 'eway_valid_until'])
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow()
        if (before.distance_km === null)
          throw new Refused(
            undefined,
            `Enter ${booking.code}’s distance (km) in its details first: the e-way bill’s validity is counted from it.`,
          )
        // The e-way bill names the document the goods move on (issue 52): it is generated from it.
        const consignment = (await consignments(trx, [bookingId])).get(bookingId)
        if (consignment && !consignment.docNo) throw new Refused(undefined, missingDocument(consignment))
        if (consignment) await refuseCancelledInvoice(trx, consignment)
        const clash = await trx
          .selectFrom('transport_bookings')
          .select('code')
          .where('eway_bill_number', '=', input.ewayBillNumber)
          .where('id', '<>', bookingId)
          .executeTakeFirst()
        if (clash) throw new Refused('ewayBillNumber', `This e-way bill number is already recorded on ${clash.code}`)
        // A cancelled e-way bill is dead on the portal: its number never carries goods again (issue 52).
        const cancelled = await trx
          .selectFrom('transport_booking_eway_events')
          .select('at')
          .where('eway_bill_number', '=', input.ewayBillNumber)
          .where('kind', '=', 'cancel')
          .executeTakeFirst()
        if (cancelled)
          throw new Refused(
            'ewayBillNumber',
            `This e-way bill was cancelled on ${formatDateTime(cancelled.at)}: record the new one the portal gave`,
          )
        const { days, validUntil } = ewayValidity(input.generatedAt, Number(before.distance_km))
        const updated = await trx
          .updateTable('transport_bookings')
          .set({
            eway_bill_number: input.ewayBillNumber,
            eway_bill_at: input.generatedAt,
            eway_valid_until: validUntil,
            updated_at: now.toISOString(),
          })
          .where('id', '=', bookingId)
          .where('status', '=', booking.status)
          .$if(Boolean(input.version), (q) => q.where('updated_at', '=', input.version!))
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1)
          throw new Refused(
            undefined,
            `${booking.code} was changed by someone else since you opened it: look at it again.`,
          )
        await audit(trx, {
          actorUserId: actor.userId,
          action: before.eway_bill_number
            ? 'transport_booking.eway_bill_corrected'
            : 'transport_booking.eway_bill_recorded',
          entityType: 'transport_request',
          entityId: requestId,
          before: before.eway_bill_number
            ? {
                booking: booking.code,
                ewayBill: before.eway_bill_number,
                generated: formatDateTime(before.eway_bill_at!),
                validUntil: formatDateTime(before.eway_valid_until!),
              }
            : undefined,
          after: {
            booking: booking.code,
            ewayBill: input.ewayBillNumber,
            generated: formatDateTime(input.generatedAt),
            validUntil: formatDateTime(validUntil),
          },
        })
        return { ok: true as const, value: { code: booking.code, validUntil, days } }
      }),
    (error) =>
      isUniqueViolation(error)
        ? { ok: false, message: 'This e-way bill number was recorded on another booking a moment ago: look again.' }
        : undefined,
  )
}

/**
 * Enters (or corrects) the mill's tax invoice a first mile moves on (issue 52), while the booking is
 * booked: its number (letters, digits, / and -, at most 16, as a seller bill's) and date, neither in
 * the future nor after the planned pickup. Its e-way bill names it (before the mill's bill is
 * recorded in payables). Audited in the request's history.
 */
export async function recordSupplierInvoice(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: SupplierInvoiceForm,
  now = new Date(),
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const booking = await bookingOf(trx, requestId, bookingId)
      if (!booking) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
      if (booking.transport_type !== 'first_mile')
        throw new Refused(undefined, `${booking.code} is not a first mile: it does not move on the mill’s invoice.`)
      if (booking.status !== 'booked')
        throw new Refused(
          undefined,
          `${booking.code} is ${booking.status.replace(/_/g, ' ')}: the document it moved on can no longer be changed.`,
        )
      if (input.supplierInvoiceOn > kolkataDay(now))
        throw new Refused('supplierInvoiceOn', 'The mill’s invoice cannot be dated in the future')
      const before = await trx
        .selectFrom('transport_bookings')
        .select(['pickup_on', 'supplier_invoice_number', 'supplier_invoice_on'])
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow()
      if (input.supplierInvoiceOn > before.pickup_on)
        throw new Refused(
          'supplierInvoiceOn',
          `The goods are picked up on ${before.pickup_on}: the invoice they move on is dated that day or before`,
        )
      const updated = await trx
        .updateTable('transport_bookings')
        .set({
          supplier_invoice_number: input.supplierInvoiceNumber,
          supplier_invoice_on: input.supplierInvoiceOn,
          updated_at: now.toISOString(),
        })
        .where('id', '=', bookingId)
        .where('status', '=', 'booked')
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Refused(
          undefined,
          `${booking.code} was changed by someone else since you opened it: look at it again.`,
        )
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_booking.supplier_invoice_recorded',
        entityType: 'transport_request',
        entityId: requestId,
        before: before.supplier_invoice_number
          ? { booking: booking.code, millInvoice: before.supplier_invoice_number, dated: before.supplier_invoice_on }
          : undefined,
        after: { booking: booking.code, millInvoice: input.supplierInvoiceNumber, dated: input.supplierInvoiceOn },
      })
      return { ok: true as const, value: { code: booking.code } }
    }),
  )
}
