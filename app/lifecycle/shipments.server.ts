import type { Database } from '#db/database'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { type Executor } from '~/platform/executor'
import { moveBooking, type BookingOf, type CarryOrder } from '~/features/logistics/bookings.server'
import type { BookingStepName } from '~/features/logistics/states'
import { sampleSight } from '~/features/sample-orders/lens'
import { sampleOrderStepIn } from './sample-orders.server'
import { sellerOrderStepIn } from './seller-orders.server'
import { shipmentMoved } from './webhooks.server'

// What happens across features when a transport booking moves (docs/decisions/0013): logistics
// moves the booking and its request; the order the booking carries takes its step here, in the same
// transaction. Picking up dispatches a seller order (a last mile from the warehouse carries goods the
// first mile already dispatched) or a sample order; delivering delivers it, and a seller order
// delivered raises its invoice (the seller-order lifecycle). When the order cannot move, nothing does.

type Actor = { userId: number }

/** The sample-order lens a courier booking acts through: business operations', which dispatches and delivers samples. */
const SAMPLE_LENS = { portal: 'biz_ops' as const, see: sampleSight.biz_ops, scope: { kind: 'all' as const } }

const NOT_CHANGED = ' The booking was not changed either.'

/** The order's refusal, said as the booking's: thrown, so the booking and its request roll back too. */
function refusedWithBooking(message: string): Refused {
  return new Refused(undefined, `${message}${NOT_CHANGED}`)
}

/** Runs an order's step, turning its refusal into the booking's. */
async function orderStep(step: () => Promise<unknown>): Promise<void> {
  try {
    await step()
  } catch (error) {
    if (error instanceof Refused) throw refusedWithBooking(error.message)
    throw error
  }
}

/** Moves the order a booking carries: its seller order or its sample order. */
function carryOrder(trx: Executor, actor: Actor, now: Date): CarryOrder {
  return async (booking: BookingOf, move) => {
    const past = move === 'dispatch' ? 'dispatched' : 'delivered'
    if (booking.seller_order_id) {
      const order = await trx
        .selectFrom('seller_orders')
        .select(['status', 'code'])
        .where('id', '=', booking.seller_order_id)
        .executeTakeFirstOrThrow()
      // A last mile from the warehouse carries goods the first mile already dispatched.
      if (move === 'dispatch' && order.status === 'dispatched') return null
      await orderStep(() => sellerOrderStepIn(trx, actor, booking.seller_order_id!, move, '', now))
      return `${order.code} ${past}`
    }
    if (booking.sample_order_id) {
      const sampleOrderId = booking.sample_order_id
      let code = ''
      await orderStep(async () => {
        code = (
          await sampleOrderStepIn(
            trx,
            actor,
            SAMPLE_LENS,
            sampleOrderId,
            move,
            { courier: booking.transporter, trackingNumber: booking.lr_number ?? booking.code },
            now,
          )
        ).code
      })
      return `${code} ${past}`
    }
    return null
  }
}

/** A booking's step inside the caller's transaction, with the order it carries and its webhook event; refusals are thrown. */
export async function bookingStepIn(
  trx: Executor,
  actor: Actor,
  requestId: number,
  bookingId: number,
  name: BookingStepName,
  reason = '',
  now = new Date(),
  pickedUpAt?: string,
): Promise<{ code: string; moved: string | null }> {
  const moved = await moveBooking(
    trx,
    actor,
    requestId,
    bookingId,
    name,
    carryOrder(trx, actor, now),
    reason,
    now,
    pickedUpAt,
  )
  if (name === 'pick_up') await shipmentMoved(trx, 'shipment.picked_up', requestId, bookingId)
  if (name === 'deliver') await shipmentMoved(trx, 'shipment.delivered', requestId, bookingId)
  return moved
}

/**
 * Takes a booking's step in one transaction: the booking, its request and the order it carries move
 * together (picked up dispatches, delivered delivers), or nothing does.
 */
export async function takeBookingStep(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  name: BookingStepName,
  reason = '',
  now = new Date(),
  pickedUpAt?: string,
): Promise<Result<{ code: string; moved: string | null }>> {
  return settle(() =>
    db.transaction().execute((trx) => bookingStepIn(trx, actor, requestId, bookingId, name, reason, now, pickedUpAt)),
  )
}
