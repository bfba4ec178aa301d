import type { TransportBookingStatus, TransportRequestStatus, TransportType } from '#db/types'

// The states of transport (docs/domain.md "Logistics and money"), in one table: a booking's steps,
// each with the state it puts its request in, and what it does to the linked order by transport
// type. Mutations apply a step with a conditional update on `from`, so of two people taking steps
// at once exactly one wins.

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

export interface BookingStep {
  from: readonly TransportBookingStatus[]
  to: TransportBookingStatus
  /** Where the request goes with it. */
  request: TransportRequestStatus
  label: string
  done: string
  needsReason?: boolean
  /** Per transport type, the step of the linked order taken in the same transaction. */
  moves: Record<TransportType, OrderMove>
}

export const bookingSteps = {
  pick_up: {
    from: ['booked'],
    to: 'picked_up',
    request: 'in_transit',
    label: 'Picked up',
    done: 'picked up',
    moves: { first_mile: 'dispatch', last_mile: 'dispatch', sample: 'dispatch', return: null },
  },
  deliver: {
    from: ['picked_up'],
    to: 'delivered',
    request: 'delivered',
    label: 'Delivered',
    done: 'delivered',
    moves: { first_mile: null, last_mile: 'deliver', sample: 'deliver', return: null },
  },
  cancel: {
    from: ['booked'],
    to: 'cancelled',
    request: 'open',
    label: 'Cancel booking',
    done: 'cancelled',
    needsReason: true,
    moves: { first_mile: null, last_mile: null, sample: null, return: null },
  },
} as const satisfies Record<string, BookingStep>
export type BookingStepName = keyof typeof bookingSteps

/** The steps a booking may take from its state. */
export const bookingStepsFrom = (status: TransportBookingStatus) =>
  (Object.keys(bookingSteps) as BookingStepName[]).filter((name) =>
    (bookingSteps[name].from as readonly string[]).includes(status),
  )

/** A request is edited (and cancelled) only while nothing has moved: open, or booked and not picked up (cancelling also cancels the booking). */
export const REQUEST_EDITABLE: readonly TransportRequestStatus[] = ['open']
export const REQUEST_CANCELLABLE: readonly TransportRequestStatus[] = ['open', 'booked']
