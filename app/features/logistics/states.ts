import type { TransportBookingStatus, TransportRequestStatus, TransportType } from '#db/types'
import { machine, type Machine } from '~/platform/steps'

// The states of transport (docs/domain.md "Logistics and money"): the request's and the booking's
// machines (the one step helper, ~/platform/steps), and what each booking step carries: the state it
// puts its request in, and the step of the linked order by transport type (the lifecycle,
// ~/lifecycle/shipments.server, takes that one). Of two people taking steps at once exactly one wins.

export const TRANSPORT_TYPES = [
  'first_mile',
  'last_mile',
  'sample',
  'return',
] as const satisfies readonly TransportType[]

export const transportTypes: Record<TransportType, { label: string; describe: string; from: string; to: string }> = {
  first_mile: {
    label: 'First mile',
    describe: 'A seller order that passed QC, from the seller’s pickup address to a platform warehouse',
    from: 'Seller pickup',
    to: 'Platform warehouse',
  },
  last_mile: {
    label: 'Last mile',
    describe: 'A seller order to the buyer’s ship-to address, from a warehouse or straight from the seller',
    from: 'Warehouse or seller',
    to: 'Buyer ship-to',
  },
  sample: {
    label: 'Sample',
    describe: 'An approved sample order, by courier from a warehouse to the buyer',
    from: 'Warehouse',
    to: 'Buyer ship-to',
  },
  return: {
    label: 'Return',
    describe: 'Goods of a delivered seller order coming back from the buyer',
    from: 'Buyer',
    to: 'Seller or warehouse',
  },
}

export const isTransportType = (value: string | undefined): value is TransportType =>
  (TRANSPORT_TYPES as readonly string[]).includes(value ?? '')

export const REQUEST_STATUSES = [
  'open',
  'booked',
  'in_transit',
  'delivered',
  'cancelled',
] as const satisfies readonly TransportRequestStatus[]
export const BOOKING_STATUSES = [
  'booked',
  'picked_up',
  'delivered',
  'cancelled',
] as const satisfies readonly TransportBookingStatus[]
/** A request that still moves: one per linked order and type (a unique index). */
export const ACTIVE_REQUEST_STATUSES = [
  'open',
  'booked',
  'in_transit',
] as const satisfies readonly TransportRequestStatus[]

/** What a booking's step does to the order it carries. */
export type OrderMove = 'dispatch' | 'deliver' | null

/**
 * A transport request's steps: booked with a transporter, moved by its booking's steps (picked up,
 * delivered; a cancelled booking opens it again), cancelled while nothing has moved.
 */
export const requestMachine = machine({
  entity: 'transport_request',
  table: 'transport_requests',
  codeColumn: 'code',
  steps: {
    book: { from: ['open'], to: 'booked', by: 'logistics', label: 'Book a transporter', done: 'booked' },
    pick_up: { from: ['booked'], to: 'in_transit', by: 'logistics', label: 'Picked up', done: 'picked up' },
    deliver: { from: ['in_transit'], to: 'delivered', by: 'logistics', label: 'Delivered', done: 'delivered' },
    reopen: { from: ['booked'], to: 'open', by: 'logistics', label: 'Cancel booking', done: 'reopened' },
    cancel: {
      from: ['open', 'booked'],
      to: 'cancelled',
      by: 'logistics',
      label: 'Cancel the request',
      done: 'cancelled',
      needsReason: true,
    },
  },
} satisfies Machine<TransportRequestStatus>)
export type RequestStepName = keyof typeof requestMachine.steps

/** A booking's steps; they are told in its request's history. */
export const bookingMachine = machine({
  entity: 'transport_booking',
  table: 'transport_bookings',
  codeColumn: 'code',
  history: { entity: 'transport_request', column: 'request_id' },
  steps: {
    pick_up: { from: ['booked'], to: 'picked_up', by: 'logistics', label: 'Picked up', done: 'picked up' },
    deliver: { from: ['picked_up'], to: 'delivered', by: 'logistics', label: 'Delivered', done: 'delivered' },
    cancel: {
      from: ['booked'],
      to: 'cancelled',
      by: 'logistics',
      label: 'Cancel booking',
      done: 'cancelled',
      needsReason: true,
    },
  },
} satisfies Machine<TransportBookingStatus>)
export type BookingStepName = keyof typeof bookingMachine.steps

/** What each booking step carries: its request's step, and per transport type the linked order's step. */
export const bookingCarries: Record<
  BookingStepName,
  { request: RequestStepName; moves: Record<TransportType, OrderMove> }
> = {
  pick_up: {
    request: 'pick_up',
    moves: { first_mile: 'dispatch', last_mile: 'dispatch', sample: 'dispatch', return: null },
  },
  deliver: { request: 'deliver', moves: { first_mile: null, last_mile: 'deliver', sample: 'deliver', return: null } },
  cancel: { request: 'reopen', moves: { first_mile: null, last_mile: null, sample: null, return: null } },
}

/** A request is edited (and cancelled) only while nothing has moved: open, or booked and not picked up (cancelling also cancels the booking). */
export const REQUEST_EDITABLE: readonly TransportRequestStatus[] = ['open']
export const REQUEST_CANCELLABLE: readonly TransportRequestStatus[] = ['open', 'booked']
