import type { Executor } from '~/platform/executor'
import { documentNumber } from '~/platform/numbering.server'
import { gstStateCode } from '~/utils/gst-states'
import { PLATFORM_BILLING, type PartyOnInvoice } from './platform'

// The platform's GST registrations, one per state where it has a place of business (docs/domain.md
// "Registrations per state (issue 52)"). A warehouse belongs to the registration of its state; goods
// leaving a warehouse go under that registration (its GSTIN on the invoice and the e-way bill, tax by
// its state against the place of supply, its own invoice series); goods straight from a mill go under
// the home registration. A warehouse in a state with no registration falls back to the home one, and
// the e-way bill says so ("No GST registration in …").

export interface Registration {
  id: number
  /** Two-digit GST state code ('27'). */
  stateCode: string
  gstin: string
  legalName: string
  tradeName: string
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
  isHome: boolean
  /** Two letters naming the series of a registration other than the home's (INVTN/26-27/0001). */
  seriesCode: string
}

/** Which registration documents go under, and the warehouse state that has none (the home one then stands in). */
export interface RegistrationChoice {
  registration: Registration
  /** The state of the warehouse the goods leave, when the platform has no registration there. */
  unregisteredState: string | null
}

/** The home registration as the code knew it before the table (a database migrated always has its row). */
const FALLBACK_HOME: Registration = {
  id: 0,
  stateCode: PLATFORM_BILLING.gstin.slice(0, 2),
  gstin: PLATFORM_BILLING.gstin,
  legalName: PLATFORM_BILLING.legalName,
  tradeName: PLATFORM_BILLING.name,
  line1: PLATFORM_BILLING.line1,
  line2: PLATFORM_BILLING.line2,
  city: PLATFORM_BILLING.city,
  state: PLATFORM_BILLING.state,
  pin: PLATFORM_BILLING.pin,
  isHome: true,
  seriesCode: 'MH',
}

/** Every registration, the home one first, then by state code. */
export async function listRegistrations(db: Executor): Promise<Registration[]> {
  const rows = await db
    .selectFrom('gst_registrations')
    .selectAll()
    .orderBy('is_home', 'desc')
    .orderBy('state_code')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    stateCode: r.state_code,
    gstin: r.gstin,
    legalName: r.legal_name,
    tradeName: r.trade_name,
    line1: r.line1,
    line2: r.line2,
    city: r.city,
    state: r.state,
    pin: r.pin,
    isHome: r.is_home === 1,
    seriesCode: r.series_code,
  }))
}

/** The home registration of a list. */
export const homeRegistration = (list: Registration[]): Registration => list.find((r) => r.isHome) ?? FALLBACK_HOME

/**
 * The registration goods leaving a place go under: the registration of the warehouse's state for a
 * warehouse (the home one, flagged, when there is none), the home one for anywhere else (a mill).
 */
export function registrationAt(list: Registration[], warehouseState: string | null): RegistrationChoice {
  const home = homeRegistration(list)
  if (warehouseState === null) return { registration: home, unregisteredState: null }
  const code = gstStateCode(warehouseState)
  const found = code ? list.find((r) => r.stateCode === code) : undefined
  return found
    ? { registration: found, unregisteredState: null }
    : { registration: home, unregisteredState: warehouseState }
}

/** The states of those addresses that are warehouses (by address id). */
export async function warehouseStates(db: Executor, addressIds: (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(addressIds.filter((id): id is number => typeof id === 'number'))]
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('addresses')
    .select(['id', 'state'])
    .where('id', 'in', ids)
    .where('kind', '=', 'warehouse')
    .execute()
  return new Map(rows.map((r) => [r.id, r.state]))
}

const addressIdOf = (json: string | null | undefined): number | null => {
  if (!json) return null
  try {
    const id = (JSON.parse(json) as { addressId?: unknown }).addressId
    return typeof id === 'number' ? id : null
  } catch {
    return null
  }
}

/**
 * The registration a seller order's supply to its buyer goes under: where its goods leave toward the
 * buyer. Its last mile (the newest not cancelled) leaves from its from-address: a warehouse's
 * registration, else (the mill) the home one. With no last mile, where its first mile took the goods
 * (a warehouse), else the home one.
 */
export async function registrationFor(db: Executor, sellerOrderId: number): Promise<RegistrationChoice> {
  const [list, requests] = await Promise.all([
    listRegistrations(db),
    db
      .selectFrom('transport_requests')
      .select(['transport_type', 'from_json', 'to_json'])
      .where('seller_order_id', '=', sellerOrderId)
      .where('transport_type', 'in', ['first_mile', 'last_mile'])
      .where('status', '!=', 'cancelled')
      .orderBy('id', 'desc')
      .execute(),
  ])
  const lastMile = requests.find((r) => r.transport_type === 'last_mile')
  const firstMile = requests.find((r) => r.transport_type === 'first_mile')
  const leavesFrom = lastMile ? addressIdOf(lastMile.from_json) : addressIdOf(firstMile?.to_json)
  return registrationAtAddress(db, list, leavesFrom)
}

/** The registration of the warehouse at an address a request names; the home one when it is no warehouse's. */
async function registrationAtAddress(
  db: Executor,
  list: Registration[],
  addressId: number | null,
): Promise<RegistrationChoice> {
  const states = await warehouseStates(db, [addressId])
  return registrationAt(list, addressId === null ? null : (states.get(addressId) ?? null))
}

/** An order's newest move of one kind that is not cancelled. */
const newestMove = (
  db: Executor,
  order: 'seller_order_id' | 'sample_order_id',
  orderId: number,
  type: 'first_mile' | 'sample',
) =>
  db
    .selectFrom('transport_requests')
    .select(['from_json', 'to_json'])
    .where(order, '=', orderId)
    .where('transport_type', '=', type)
    .where('status', '!=', 'cancelled')
    .orderBy('id', 'desc')
    .executeTakeFirst()

/**
 * The registration a move of goods concerns (issue 52): the warehouse it leaves from (a last mile, a
 * sample), else the warehouse it arrives at (a first mile, a return), else (mill to buyer, buyer to
 * mill) the home one. A GTA's service for the move is received there (IGST Act s.12(8): the place of
 * supply of goods transport to a registered person is its location, the place of business its
 * registration is for), as its e-way bill's platform party is.
 */
export async function registrationOfMove(
  db: Executor,
  move: { from_json: string; to_json: string },
): Promise<RegistrationChoice> {
  const from = addressIdOf(move.from_json)
  const to = addressIdOf(move.to_json)
  const [list, states] = await Promise.all([listRegistrations(db), warehouseStates(db, [from, to])])
  const state = (from !== null ? states.get(from) : undefined) ?? (to !== null ? states.get(to) : undefined) ?? null
  return registrationAt(list, state)
}

/** The registration a booking's move concerns (registrationOfMove of its request). */
export async function registrationOfBooking(db: Executor, bookingId: number): Promise<RegistrationChoice> {
  const move = await db
    .selectFrom('transport_bookings as b')
    .innerJoin('transport_requests as r', 'r.id', 'b.request_id')
    .select(['r.from_json', 'r.to_json'])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow()
  return registrationOfMove(db, move)
}

/**
 * The registration that receives a seller order's goods from the mill, and so the mill's bill
 * (issue 52): the warehouse its first mile (the newest not cancelled) takes them to; with none (the
 * mill ships to the buyer, bill-to-ship-to), the home one.
 */
export async function registrationReceiving(db: Executor, sellerOrderId: number): Promise<RegistrationChoice> {
  const [list, firstMile] = await Promise.all([
    listRegistrations(db),
    newestMove(db, 'seller_order_id', sellerOrderId, 'first_mile'),
  ])
  return registrationAtAddress(db, list, addressIdOf(firstMile?.to_json))
}

/**
 * The registration a sample order's charges are invoiced under (issue 52): samples leave from a
 * warehouse on a sample move (the newest not cancelled), under its state's registration; a sample
 * order dispatched by hand with no move, the home one.
 */
export async function registrationForSample(db: Executor, sampleOrderId: number): Promise<RegistrationChoice> {
  const [list, move] = await Promise.all([
    listRegistrations(db),
    newestMove(db, 'sample_order_id', sampleOrderId, 'sample'),
  ])
  return registrationAtAddress(db, list, addressIdOf(move?.from_json))
}

/** How a document's audit names its registration: nothing for the home one, else the state and GSTIN (or why the home one stands in). */
export const underWords = ({ registration, unregisteredState }: RegistrationChoice): string =>
  unregisteredState
    ? `; no GST registration in ${unregisteredState}: under the home registration ${registration.gstin}`
    : registration.isHome
      ? ''
      : `, under the ${registration.state} registration ${registration.gstin}`

/** A registration as the supplier on a document (buyer_invoices.seller_json). */
export const supplierOf = (r: Registration): PartyOnInvoice => ({
  name: r.tradeName,
  legalName: r.legalName,
  gstin: r.gstin,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  state: r.state,
  pin: r.pin,
})

/** The series code a registration's documents carry: none for the home one (INV/26-27/000123). */
export const seriesOf = (r: Registration): string | null => (r.isHome ? null : r.seriesCode)

/** The registration a document's supplier GSTIN names (the home one when none matches). */
export const registrationOfGstin = (list: Registration[], gstin: string | null | undefined): Registration =>
  list.find((r) => r.gstin === gstin) ?? homeRegistration(list)

/** The supplier's GSTIN in a document's seller snapshot (buyer_invoices.seller_json). */
export const supplierGstin = (sellerJson: string | null | undefined): string | null => {
  if (!sellerJson) return null
  try {
    const gstin = (JSON.parse(sellerJson) as { gstin?: unknown }).gstin
    return typeof gstin === 'string' ? gstin : null
  } catch {
    return null
  }
}

/** The registrations as the money section lists them: state, GSTIN, legal name, place, the series an invoice of today takes. */
export async function registrationRows(db: Executor, day: string) {
  return (await listRegistrations(db)).map((r) => ({
    state: r.state,
    stateCode: r.stateCode,
    gstin: r.gstin,
    legalName: r.legalName,
    place: [r.line1, r.city, r.pin].filter(Boolean).join(', '),
    isHome: r.isHome,
    series: `${documentNumber('INV', day, 1, seriesOf(r))} …`,
  }))
}
