import type { Database } from '#db/database'
import { lockedRead } from '#db/locks'
import type { EwayEventKind } from '#db/types'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { formatDateTime, kolkataDay } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { docNumber, words } from './eway-bill.server'
import {
  CANCEL_REASONS,
  ddmmyyyy,
  EWAY_CANCEL_HOURS,
  EWAY_EXTEND_HOURS,
  EXTEND_REASONS,
  ewayValidity,
  OTHERS,
  PART_B_REASONS,
  stateNameOf,
  vehicleNo,
} from './eway-rules'
import type { EwayCancelForm, EwayExtendForm, EwayPartBForm } from './schema'

// An e-way bill after its generation (docs/domain.md "The e-way bill", issue 52): cancelled within
// 24 hours and before the goods move (Rule 138(9)), its Part-B updated when the vehicle changes on
// the road, its validity extended from 8 hours before it expires to 8 hours after. Each is one
// transaction on the booking's locked row: the booking changes (the number cleared, the vehicle,
// the validity), an event row keeps the JSON the e-way bill portal takes for it (NIC EWB-API 1.03:
// CANEWB, VEHEWB, EXTENDVALIDITY; kept in ./nic), and the request's history says it.

type Actor = { userId: number }
const HOUR = 3_600_000

/** The booking's row, locked for the transaction, with what the three need; undefined when not of that request. */
async function lockedBooking(trx: Executor, requestId: number, bookingId: number) {
  return lockedRead(
    trx,
    trx
      .selectFrom('transport_bookings')
      .select([
        'id',
        'code',
        'status',
        'request_id',
        'vehicle_number',
        'lr_number',
        'pickup_at',
        'distance_km',
        'eway_bill_number',
        'eway_bill_at',
        'eway_valid_until',
      ])
      .where('id', '=', bookingId)
      .where('request_id', '=', requestId),
  ).executeTakeFirst()
}
type Booking = NonNullable<Awaited<ReturnType<typeof lockedBooking>>>

/** The booking's e-way bill, or a refusal saying there is none. */
function ewayOf(b: Booking) {
  if (!b.eway_bill_number || !b.eway_bill_at)
    throw new Refused(undefined, `${b.code} has no e-way bill recorded: there is nothing to change on it.`)
  return { number: b.eway_bill_number, at: b.eway_bill_at, validUntil: b.eway_valid_until }
}

/** "Others" needs a remark; the others take the reason's own words when none is given. */
function remarkFor(code: number, others: number, label: string, remark: string) {
  if (code === others && !remark) throw new Refused('remark', 'Say what the other reason is')
  return (remark || label).slice(0, 50)
}

/** The transport document (the LR) as the portal's requests carry it: its number and the pickup day. */
const transDoc = (b: Booking) =>
  b.lr_number
    ? { transDocNo: docNumber(b.lr_number), transDocDate: ddmmyyyy(kolkataDay(b.pickup_at)) }
    : { transDocNo: '', transDocDate: '' }

async function record(
  trx: Executor,
  actor: Actor,
  b: Booking,
  kind: EwayEventKind,
  number: string,
  payload: Record<string, unknown>,
  now: Date,
  validUntil: string | null = null,
) {
  const row = await trx
    .insertInto('transport_booking_eway_events')
    .values({
      booking_id: b.id,
      kind,
      eway_bill_number: number,
      payload_json: JSON.stringify(payload),
      valid_until: validUntil,
      at: now.toISOString(),
      created_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

const changedMeanwhile = (b: Booking) =>
  new Refused(undefined, `${b.code} was changed by someone else a moment ago: look at it again.`)

/**
 * Cancels a booking's e-way bill: within 24 hours of its generation and before the goods are
 * picked up. The booking's number is cleared (so its pickup is refused until a new one is
 * recorded); the event keeps the old number and NIC's cancel request.
 */
export async function cancelEwayBill(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: EwayCancelForm,
  now = new Date(),
): Promise<Result<{ code: string; number: string; eventId: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const b = await lockedBooking(trx, requestId, bookingId)
      if (!b) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
      const eway = ewayOf(b)
      if (b.status !== 'booked')
        throw new Refused(
          undefined,
          `${b.code} is ${b.status.replace(/_/g, ' ')}: its e-way bill ${eway.number} can no longer be cancelled (the goods moved on it).`,
        )
      if (now.getTime() - Date.parse(eway.at) > EWAY_CANCEL_HOURS * HOUR)
        throw new Refused(
          undefined,
          `E-way bill ${eway.number} was generated on ${formatDateTime(eway.at)}: it can be cancelled only within ${EWAY_CANCEL_HOURS} hours of that (Rule 138(9)).`,
        )
      const label = CANCEL_REASONS[input.reasonCode]
      const remark = remarkFor(input.reasonCode, OTHERS.cancel, label, input.remark)
      const payload = { ewbNo: Number(eway.number), cancelRsnCode: input.reasonCode, cancelRmrk: remark }
      // Conditional on what was read: of a cancel and a pickup at once, exactly one happens.
      const updated = await trx
        .updateTable('transport_bookings')
        .set({ eway_bill_number: null, eway_bill_at: null, eway_valid_until: null, updated_at: now.toISOString() })
        .where('id', '=', b.id)
        .where('status', '=', 'booked')
        .where('eway_bill_number', '=', eway.number)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(b)
      const eventId = await record(trx, actor, b, 'cancel', eway.number, payload, now)
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_booking.eway_bill_cancelled',
        entityType: 'transport_request',
        entityId: requestId,
        before: { booking: b.code, ewayBill: eway.number, generated: formatDateTime(eway.at) },
        after: { booking: b.code, reason: label, remark },
      })
      return { ok: true as const, value: { code: b.code, number: eway.number, eventId } }
    }),
  )
}

/** Part-B and extension are for a booking still under way (booked or on the road); otherwise refused, saying what no longer happens. */
function refuseUnlessMoving(b: { code: string; status: string }, what: string): void {
  if (b.status !== 'booked' && b.status !== 'picked_up')
    throw new Refused(undefined, `${b.code} is ${b.status.replace(/_/g, ' ')}: ${what}`)
}

/**
 * Part-B: the vehicle changes on the road (or is given for the first time) while the booking is
 * booked or picked up and its e-way bill valid. The booking's vehicle follows.
 */
export async function updateEwayPartB(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: EwayPartBForm,
  now = new Date(),
): Promise<Result<{ code: string; vehicle: string; eventId: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const b = await lockedBooking(trx, requestId, bookingId)
      if (!b) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
      const eway = ewayOf(b)
      refuseUnlessMoving(b, 'its e-way bill’s vehicle no longer changes.')
      if (eway.validUntil && eway.validUntil < now.toISOString())
        throw new Refused(
          undefined,
          `E-way bill ${eway.number} expired on ${formatDateTime(eway.validUntil)}: extend it (or record a new one) first.`,
        )
      const vehicle = vehicleNo(input.vehicleNumber)
      const before = b.vehicle_number ? vehicleNo(b.vehicle_number) : ''
      if (vehicle === before) throw new Refused('vehicleNumber', `${vehicle} is the vehicle already on the e-way bill`)
      const label = PART_B_REASONS[input.reasonCode]
      const remark = remarkFor(input.reasonCode, OTHERS.partB, label, input.remark)
      const payload = {
        ewbNo: Number(eway.number),
        vehicleNo: vehicle,
        fromPlace: words(input.place, 50),
        fromState: input.stateCode,
        reasonCode: String(input.reasonCode),
        reasonRem: remark,
        ...transDoc(b),
        transMode: '1',
      }
      const updated = await trx
        .updateTable('transport_bookings')
        .set({ vehicle_number: vehicle, updated_at: now.toISOString() })
        .where('id', '=', b.id)
        .where('status', 'in', ['booked', 'picked_up'])
        .where('eway_bill_number', '=', eway.number)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(b)
      const eventId = await record(trx, actor, b, 'part_b', eway.number, payload, now)
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_booking.eway_part_b_updated',
        entityType: 'transport_request',
        entityId: requestId,
        before: { booking: b.code, ewayBill: eway.number, vehicle: before || undefined },
        after: {
          booking: b.code,
          ewayBill: eway.number,
          vehicle,
          reason: label,
          remark,
          place: `${input.place}, ${stateNameOf(input.stateCode)}`,
        },
      })
      return { ok: true as const, value: { code: b.code, vehicle, eventId } }
    }),
  )
}

/**
 * Extends an e-way bill about to expire (from 8 hours before its expiry to 8 hours after, NIC):
 * the new validity counts one day per 200 km of the distance still to go from the extension,
 * and is kept on the booking (so the logistics home no longer flags it).
 */
export async function extendEwayBill(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  input: EwayExtendForm,
  now = new Date(),
): Promise<Result<{ code: string; validUntil: string; eventId: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const b = await lockedBooking(trx, requestId, bookingId)
      if (!b) return { ok: false as const, notFound: true, message: 'There is no such booking.' }
      const eway = ewayOf(b)
      refuseUnlessMoving(b, 'its e-way bill is no longer extended.')
      if (!eway.validUntil) throw new Refused(undefined, `E-way bill ${eway.number} has no validity to extend.`)
      const expires = Date.parse(eway.validUntil)
      const from = new Date(expires - EWAY_EXTEND_HOURS * HOUR).toISOString()
      const until = new Date(expires + EWAY_EXTEND_HOURS * HOUR).toISOString()
      if (now.getTime() < expires - EWAY_EXTEND_HOURS * HOUR || now.getTime() > expires + EWAY_EXTEND_HOURS * HOUR)
        throw new Refused(
          undefined,
          `E-way bill ${eway.number} expires on ${formatDateTime(eway.validUntil)}: it can be extended only from ${formatDateTime(from)} to ${formatDateTime(until)} (${EWAY_EXTEND_HOURS} hours either side).${now.toISOString() > until ? ' Generate a new one and record it.' : ''}`,
        )
      if (b.distance_km !== null && input.remainingKm > Number(b.distance_km))
        throw new Refused(
          'remainingKm',
          `The distance still to go cannot be more than the ${Number(b.distance_km)} km the e-way bill was generated for`,
        )
      const label = EXTEND_REASONS[input.reasonCode]
      const remark = remarkFor(input.reasonCode, OTHERS.extend, label, input.remark)
      const { validUntil } = ewayValidity(now.toISOString(), input.remainingKm)
      const payload = {
        ewbNo: Number(eway.number),
        vehicleNo: b.vehicle_number ? vehicleNo(b.vehicle_number) : '',
        fromPlace: words(input.place, 50),
        fromState: input.stateCode,
        remainingDistance: input.remainingKm,
        ...transDoc(b),
        transMode: '1',
        extnRsnCode: input.reasonCode,
        extnRemarks: remark,
        fromPincode: Number(input.pincode),
        // On the road (transMode 1): "in movement", no transit type.
        consignmentStatus: 'M',
        transitType: '',
        addressLine1: '',
        addressLine2: '',
        addressLine3: '',
      }
      const updated = await trx
        .updateTable('transport_bookings')
        .set({ eway_valid_until: validUntil, updated_at: now.toISOString() })
        .where('id', '=', b.id)
        .where('eway_bill_number', '=', eway.number)
        .where('eway_valid_until', '=', eway.validUntil)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(b)
      const eventId = await record(trx, actor, b, 'extend', eway.number, payload, now, validUntil)
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_booking.eway_bill_extended',
        entityType: 'transport_request',
        entityId: requestId,
        before: { booking: b.code, ewayBill: eway.number, validUntil: formatDateTime(eway.validUntil) },
        after: {
          booking: b.code,
          ewayBill: eway.number,
          validUntil: formatDateTime(validUntil),
          remainingKm: input.remainingKm,
          reason: label,
          remark,
          place: `${input.place}, ${stateNameOf(input.stateCode)}`,
        },
      })
      return { ok: true as const, value: { code: b.code, validUntil, eventId } }
    }),
  )
}

export interface EwayEvent {
  id: number
  kind: EwayEventKind
  number: string
  at: string
  by: string | null
  validUntil: string | null
  payload: Record<string, unknown>
}

/** A booking's e-way bill events, the latest first. */
export async function ewayEvents(db: Executor, bookingId: number): Promise<EwayEvent[]> {
  const rows = await db
    .selectFrom('transport_booking_eway_events as e')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select(['e.id', 'e.kind', 'e.eway_bill_number', 'e.at', 'e.valid_until', 'e.payload_json', 'u.name as by'])
    .where('e.booking_id', '=', bookingId)
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    number: r.eway_bill_number,
    at: r.at,
    by: r.by,
    validUntil: r.valid_until,
    payload: JSON.parse(r.payload_json) as Record<string, unknown>,
  }))
}

/** One event of a request's booking (for its JSON download); undefined when not theirs. */
export async function ewayEventOf(db: Executor, requestId: number, bookingId: number, eventId: number) {
  return db
    .selectFrom('transport_booking_eway_events as e')
    .innerJoin('transport_bookings as b', 'b.id', 'e.booking_id')
    .select(['e.id', 'e.kind', 'e.eway_bill_number', 'e.payload_json', 'b.code'])
    .where('e.id', '=', eventId)
    .where('b.id', '=', bookingId)
    .where('b.request_id', '=', requestId)
    .executeTakeFirst()
}
