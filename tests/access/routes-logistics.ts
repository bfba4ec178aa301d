import { mayEnter } from '~/auth/portals'
import type { RouteRules, Who } from './rules'

// Logistics and money (issue 15): every page is the main portal's (internal staff and admin). A
// record that does not exist (or a booking under another request) is not found for page, data and POST.
const missing = (who: Who) => (who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : mayEnter([who], 'main') ? 'not-found' : 'forbidden')
const main = '/logistics'

export const routes: RouteRules = {
  'routes/_main+/logistics.transport_requests._index': { path: `${main}/transport_requests?index`, portal: 'main' },
  'routes/_main+/logistics.transport_requests[.csv]': { path: `${main}/transport_requests.csv`, portal: 'main' },
  'routes/_main+/logistics.transport_requests.add.$transportType': { path: `${main}/transport_requests/add/first_mile`, portal: 'main' },
  'routes/_main+/logistics.transport_requests.$requestId.edit': { path: `${main}/transport_requests/999999/edit`, expect: missing },
  'routes/_main+/logistics.transport_bookings._index': { path: `${main}/transport_bookings?index`, portal: 'main' },
  'routes/_main+/logistics.transport_bookings[.csv]': { path: `${main}/transport_bookings.csv`, portal: 'main' },
  'routes/_main+/logistics.transport_bookings.calendar': { path: `${main}/transport_bookings/calendar`, portal: 'main' },
  'routes/_main+/logistics.transport_requests.$requestId.transport_bookings.$bookingId.edit._index': { path: `${main}/transport_requests/999999/transport_bookings/999999/edit?index`, expect: missing },
  'routes/_main+/logistics.transport_requests.$requestId.transport_bookings.$bookingId.edit.billing_details': { path: `${main}/transport_requests/999999/transport_bookings/999999/edit/billing_details`, expect: missing },
  'routes/_main+/logistics.transport_payment_dues._index': { path: `${main}/transport_payment_dues?index`, portal: 'main' },
  'routes/_main+/logistics.transport_payment_dues[.csv]': { path: `${main}/transport_payment_dues.csv`, portal: 'main' },
  'routes/_main+/logistics.settlements.buyers.$buyerId._index': { path: `${main}/settlements/buyers/999999?index`, expect: missing },
  'routes/_main+/logistics.settlements.buyers.$buyerId.statement[.pdf]': { path: `${main}/settlements/buyers/999999/statement.pdf`, expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing(who)) },
  'routes/_main+/logistics.settlements.buyers.$buyerId.invoices.$invoiceId': { path: `${main}/settlements/buyers/999999/invoices/999999.pdf`, expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing(who)) },
}
