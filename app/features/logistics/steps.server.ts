import type { TransportBookingStatus, TransportRequestStatus, TransportType } from '#db/types'
import { type Executor } from '~/platform/executor'
import { takeStep, type StepInput, type StepTaken } from '~/platform/steps.server'
import { bookingMachine, requestMachine, type BookingStepName, type RequestStepName } from './states'

// The one way a transport request or booking changes state: a step of its machine (states.ts) taken
// by the platform's takeStep (conditional update on the state read, audit entry, "already <state>
// (by X, T)"), with the counts kept here moving in the same transaction. Requests and bookings both
// take their steps through this module, so neither imports the other.

/** How many requests of each type are in each status (transport_request_counts), kept with every change. */
export async function countRequest(
  trx: Executor,
  type: TransportType,
  status: TransportRequestStatus,
  change: 1 | -1,
): Promise<void> {
  await trx
    .insertInto('transport_request_counts')
    .values({ transport_type: type, status, n: change })
    .onConflict((oc) =>
      oc
        .columns(['transport_type', 'status'])
        .doUpdateSet((eb) => ({ n: eb('transport_request_counts.n', '+', change) })),
    )
    .execute()
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

type RequestStatus = TransportRequestStatus

/** Takes a request's step; its counts by type and status move with it. */
export async function requestStep(
  trx: Executor,
  id: number,
  type: TransportType,
  name: RequestStepName,
  input: StepInput<RequestStatus>,
): Promise<StepTaken<RequestStatus>> {
  return takeStep(trx, requestMachine, id, name, {
    ...input,
    set: { updated_at: (input.now ?? new Date()).toISOString(), ...input.set },
    moved: async (move) => {
      await countRequest(trx, type, move.from, -1)
      await countRequest(trx, type, move.to, 1)
      await input.moved?.(move)
    },
  })
}

/** Takes a booking's step (told in its request's history); a cancelled booking leaves the calendar's counts. */
export async function bookingStep(
  trx: Executor,
  id: number,
  name: BookingStepName,
  input: StepInput<TransportBookingStatus>,
): Promise<StepTaken<TransportBookingStatus>> {
  const at = (input.now ?? new Date()).toISOString()
  return takeStep(trx, bookingMachine, id, name, {
    ...input,
    set: {
      updated_at: at,
      ...(name === 'pick_up' ? { picked_up_at: at } : {}),
      ...(name === 'deliver' ? { delivered_at: at } : {}),
      ...(name === 'cancel' ? { cancel_reason: input.note?.trim() ?? '' } : {}),
      ...input.set,
    },
    action: input.action ?? `transport_booking.${bookingMachine.steps[name].to}`,
    moved: async (move) => {
      if (name === 'cancel')
        await countBookingDays(
          trx,
          await trx
            .selectFrom('transport_bookings')
            .select(['pickup_on', 'delivery_on', 'transporter_id'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow(),
          -1,
        )
      await input.moved?.(move)
    },
  })
}
