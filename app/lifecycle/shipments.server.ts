import type { Database } from '#db/database'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { type Executor } from '~/platform/executor'
import {
  bookingOf,
  checkedPickupTime,
  moveBooking,
  type BookingOf,
  type CarryOrder,
} from '~/features/logistics/bookings.server'
import type { BookingStepName } from '~/features/logistics/states'
import { sampleSight } from '~/features/sample-orders/lens'
import { sampleOrderStepIn } from './sample-orders.server'
import { invoiceAtRemovalIn, lockBuyerAccountOf, sellerOrderStepIn } from './seller-orders.server'
import { shipmentMoved } from './webhooks.server'

// What happens across features when a transport booking moves (docs/decisions/0013): logistics
// moves the booking and its request; the order the booking carries takes its step here, in the same
// transaction. Picking up dispatches a seller order (a last mile from the warehouse carries goods the
// first mile already dispatched) or a sample order; delivering delivers it. A last mile's pickup is
// the removal of the goods toward the buyer: it raises the buyer's tax invoice, dated the pickup
// (section 31 CGST Act; issue 52), unless it was raised just before for the e-way bill. When the
// order cannot move, nothing does.

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

/** Moves the order a booking carries: its seller order or its sample order; a last mile's pickup (at `removedAt`) invoices it. */
function carryOrder(trx: Executor, actor: Actor, now: Date, removedAt: Date): CarryOrder {
  return async (booking: BookingOf, move) => {
    const past = move === 'dispatch' ? 'dispatched' : 'delivered'
    if (booking.seller_order_id) {
      const sellerOrderId = booking.seller_order_id
      const removal = move === 'dispatch' && booking.transport_type === 'last_mile'
      // The buyer's account before the master order (as every invoice takes them).
      if (removal) await lockBuyerAccountOf(trx, sellerOrderId)
      const order = await trx
        .selectFrom('seller_orders')
        .select(['status', 'code'])
        .where('id', '=', sellerOrderId)
        .executeTakeFirstOrThrow()
      // A last mile from the warehouse carries goods the first mile already dispatched.
      const moves = !(move === 'dispatch' && order.status === 'dispatched')
      if (moves) await orderStep(() => sellerOrderStepIn(trx, actor, sellerOrderId, move, '', now))
      const raised: { number?: string } = {}
      if (removal)
        await orderStep(async () => {
          const invoice = await invoiceAtRemovalIn(
            trx,
            actor,
            sellerOrderId,
            removedAt,
            `at the pickup of ${booking.code}`,
          )
          if (invoice) raised.number = invoice.number
        })
      const said = [moves ? `${order.code} ${past}` : null, raised.number ? `invoice ${raised.number} raised` : null]
      return said.filter(Boolean).join(', ') || null
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
  // The invoice a pickup raises is dated when the goods left (the time entered; checked again by moveBooking).
  const removedAt = name === 'pick_up' ? new Date(checkedPickupTime(pickedUpAt, now)) : now
  const moved = await moveBooking(
    trx,
    actor,
    requestId,
    bookingId,
    name,
    carryOrder(trx, actor, now, removedAt),
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

/**
 * Raises the buyer's tax invoice of the seller order a last mile carries before its pickup (the
 * invoice is due at or before the removal, and the e-way bill, which must be generated before the
 * goods move, names it): for a booked last mile only, once; the pickup then raises nothing. In one
 * transaction with its audit entry (the ledger's), refusals answered.
 */
export async function invoiceBeforePickup(
  db: Database,
  actor: Actor,
  requestId: number,
  bookingId: number,
  now = new Date(),
): Promise<Result<{ code: string; number: string }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const booking = await bookingOf(trx, requestId, bookingId)
      if (!booking) throw Refused.notFound('There is no such booking.')
      if (booking.transport_type !== 'last_mile' || !booking.seller_order_id)
        throw new Refused(undefined, `${booking.code} does not take goods to a buyer: it raises no tax invoice.`)
      if (booking.status !== 'booked')
        throw new Refused(
          undefined,
          `${booking.code} is ${booking.status.replace(/_/g, ' ')}: the invoice is raised at its pickup, not after.`,
        )
      const invoice = await invoiceAtRemovalIn(
        trx,
        actor,
        booking.seller_order_id,
        now,
        `before the pickup of ${booking.code}, for its e-way bill`,
      )
      if (!invoice) throw new Refused(undefined, `${booking.code}’s goods are already invoiced.`)
      return { code: booking.code, number: invoice.number }
    }),
  )
}
