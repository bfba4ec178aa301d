import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { formatDateTime, formatMoney, kolkataDay } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextCode } from '~/platform/numbering.server'
import { sellerOrderStepIn } from '~/lifecycle/seller-orders.server'
import { sampleSight } from '../sample-orders/lens'
import { sampleStepIn } from '../sample-orders/steps.server'
import { alreadyMoved, moveRequest } from './requests.server'
import type { BillingForm, BookingFields } from './schema'
import { bookingSteps, type BookingStepName } from './states'

// Transport bookings (docs/domain.md "Logistics and money"): a transporter booked for a request,
// its steps (picked up, delivered, cancelled) which move the request and the order it carries in the
// same transaction, and the transporter's bill, paid from the payment dues. A request has one
// booking that is not cancelled (a partial unique index); a transporter's bill number is entered
// once (a unique index).

type Actor = { userId: number }

/** A transporter by name (folded: case and spaces do not matter), made on first use. */
export async function transporterId(trx: Executor, name: string): Promise<number> {
  const clean = name.trim().replace(/\s+/g, ' ')
  const key = clean.toLowerCase()
  await trx
    .insertInto('transporters')
    .values({ name: clean, name_key: key })
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute()
  return (await trx.selectFrom('transporters').select('id').where('name_key', '=', key).executeTakeFirstOrThrow()).id
}

/**
 * A booking more (1) or fewer (-1) on its pickup and its expected delivery day, for its transporter
 * (transport_booking_days, the calendar's counts): in the transaction of every change that moves
 * them (booked, its days or transporter changed, cancelled).
 */
export async function countBookingDays(
  trx: Executor,
  booking: { pickup_on: string; delivery_on: string; transporter_id: number },
  change: 1 | -1,
): Promise<void> {
  for (const [side, day] of [
    ['pickup', booking.pickup_on],
    ['delivery', booking.delivery_on],
  ] as const) {
    await trx
      .insertInto('transport_booking_days')
      .values({ day, side, transporter_id: booking.transporter_id, n: change })
      .onConflict((oc) =>
        oc
          .columns(['side', 'day', 'transporter_id'])
          .doUpdateSet((eb) => ({ n: eb('transport_booking_days.n', '+', change) })),
      )
      .execute()
  }
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
          .select(['id', 'code', 'status', 'transport_type'])
          .where('id', '=', requestId)
          .executeTakeFirst()
        if (!request) return { ok: false as const, notFound: true, message: 'There is no such request.' }
        const { result, repeated } = await once(trx, key, 'transport_booking', actor.userId, async () => {
          checkTimes(input)
          if (request.status !== 'open')
            throw await alreadyMoved(trx, requestId, request.code, request.status, 'booked')
          const code = await nextCode(trx, 'TB')
          const transporter = await transporterId(trx, input.transporter)
          const values = bookingValues(input, transporter)
          const row = await trx
            .insertInto('transport_bookings')
            .values({ code, request_id: requestId, status: 'booked', created_by: actor.userId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow()
          await countBookingDays(trx, values, 1)
          if (!(await moveRequest(trx, requestId, request.transport_type, 'open', 'booked')))
            throw await alreadyMoved(trx, requestId, request.code, request.status, 'booked')
          await audit(trx, {
            actorUserId: actor.userId,
            action: 'transport_request.booked',
            entityType: 'transport_request',
            entityId: requestId,
            before: { status: 'open' },
            after: {
              status: 'booked',
              booking: code,
              transporter: input.transporter,
              pickupAt: formatDateTime(input.pickupAt),
              freight: formatMoney(input.freight),
            },
          })
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
      const transporter = await transporterId(trx, input.transporter)
      const before = await trx
        .selectFrom('transport_bookings')
        .select([
          'vehicle_number',
          'driver_phone',
          'lr_number',
          'pickup_at',
          'expected_delivery_at',
          'freight_minor',
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
        },
      })
      return { ok: true as const, value: { code: booking.code } }
    }),
  )
}

/** The sample-order lens a courier booking acts through: business operations', which dispatches and delivers samples. */
const SAMPLE_LENS = { portal: 'biz_ops' as const, see: sampleSight.biz_ops, scope: { kind: 'all' as const } }

/**
 * Takes a booking's step: the booking and its request move (conditional on their states, so of
 * two people at once one wins), and the order it carries takes its step in the same transaction
 * (states.ts `moves`): picked up dispatches a seller order or sample order, delivered delivers it
 * (a seller order's invoice is raised then). When the order cannot move, nothing does.
 */
export async function takeBookingStep(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  name: BookingStepName,
  reason = '',
  now = new Date(),
): Promise<Result<{ code: string; moved: string | null }>> {
  const step = bookingSteps[name]
  const note = reason.trim().slice(0, 500)
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const booking = await bookingOf(trx, requestId, bookingId)
      if (!booking) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
      if ('needsReason' in step && step.needsReason && !note)
        throw new Refused('reason', 'Say why the booking is cancelled')
      const at = now.toISOString()
      const moved = await trx
        .updateTable('transport_bookings')
        .set({
          status: step.to,
          updated_at: at,
          ...(name === 'pick_up' ? { picked_up_at: at } : {}),
          ...(name === 'deliver' ? { delivered_at: at } : {}),
          ...(name === 'cancel' ? { cancel_reason: note } : {}),
        })
        .where('id', '=', bookingId)
        .where('status', 'in', step.from)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw await bookingMoved(trx, bookingId, step.label)
      if (name === 'cancel')
        await countBookingDays(
          trx,
          await trx
            .selectFrom('transport_bookings')
            .select(['pickup_on', 'delivery_on', 'transporter_id'])
            .where('id', '=', bookingId)
            .executeTakeFirstOrThrow(),
          -1,
        )
      const requestFrom = name === 'deliver' ? 'in_transit' : 'booked'
      if (!(await moveRequest(trx, requestId, booking.transport_type, requestFrom, step.request)))
        throw await alreadyMoved(trx, requestId, booking.requestCode, requestFrom, step.done)
      const orderMove = step.moves[booking.transport_type]
      let movedOrder: string | null = null
      if (orderMove && booking.seller_order_id) {
        const current = await trx
          .selectFrom('seller_orders')
          .select(['status', 'code'])
          .where('id', '=', booking.seller_order_id)
          .executeTakeFirstOrThrow()
        // A last mile from the warehouse carries goods the first mile already dispatched.
        if (!(orderMove === 'dispatch' && current.status === 'dispatched')) {
          // The step throws its refusal (issue 36); the booking says it was not changed either.
          const taken = await sellerOrderStepIn(trx, actor, booking.seller_order_id, orderMove, '', now).catch(
            (error: unknown) => {
              if (error instanceof Refused && !error.field && !error.fields)
                throw new Refused(undefined, `${error.message} The booking was not changed either.`)
              throw error
            },
          )
          movedOrder = `${taken.code} ${orderMove === 'dispatch' ? 'dispatched' : 'delivered'}`
        }
      } else if (orderMove && booking.sample_order_id) {
        const taken = await sampleStepIn(trx, actor, SAMPLE_LENS, booking.sample_order_id, orderMove, {
          courier: booking.transporter,
          trackingNumber: booking.lr_number ?? booking.code,
        })
        if (!taken.ok) throw new Refused(undefined, `${taken.message} The booking was not changed either.`)
        movedOrder = `${taken.value.code} ${orderMove === 'dispatch' ? 'dispatched' : 'delivered'}`
      }
      await audit(trx, {
        actorUserId: actor.userId,
        action: `transport_booking.${name === 'pick_up' ? 'picked_up' : step.to}`,
        entityType: 'transport_request',
        entityId: requestId,
        before: { booking: booking.code, status: booking.status },
        after: {
          booking: booking.code,
          status: step.to,
          request: step.request,
          ...(movedOrder ? { order: movedOrder } : {}),
        },
        note: note || null,
      })
      return { ok: true as const, value: { code: booking.code, moved: movedOrder } }
    }),
  )
}

async function bookingMoved(trx: Executor, bookingId: number, label: string): Promise<Refused> {
  const now = await trx
    .selectFrom('transport_bookings')
    .select(['code', 'status', 'updated_at'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow()
  return new Refused(
    undefined,
    `${now.code} is already ${now.status.replace(/_/g, ' ')} (changed ${formatDateTime(now.updated_at)}): “${label}” is no longer possible, and nothing was changed.`,
  )
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
        if (Object.keys(fields).length) throw new Refused(fields)
        const before = await trx
          .selectFrom('transport_bookings')
          .select(['bill_number', 'bill_date', 'bill_amount_minor', 'bill_gst_minor', 'bill_due_on', 'transporter_id'])
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow()
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
): Promise<Result<{ paid: string[]; already: string[]; totalMinor: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      if (paidOn > kolkataDay()) throw new Refused('paidOn', 'The payment day cannot be in the future')
      const ids = [...new Set(bookingIds)]
      const bills = await trx
        .selectFrom('transport_bookings')
        .select(['id', 'code', 'request_id', 'bill_state', 'bill_amount_minor', 'bill_gst_minor', 'bill_number'])
        .where('id', 'in', ids)
        .execute()
      if (bills.length !== ids.length)
        return { ok: false as const, notFound: true, message: 'One of these bills does not exist.' }
      const at = new Date().toISOString()
      const paid: string[] = []
      const already: string[] = []
      let totalMinor = 0
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
        totalMinor += amount
        paid.push(bill.code)
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'transport_booking.bill_paid',
          entityType: 'transport_request',
          entityId: bill.request_id,
          before: { booking: bill.code, bill: bill.bill_number, state: 'unpaid' },
          after: { state: 'paid', paidOn, reference, amount: formatMoney(amount) },
        })
      }
      return { ok: true as const, value: { paid, already, totalMinor } }
    }),
  )
}
