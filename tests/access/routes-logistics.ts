import { mayUseSection } from '~/auth/portals'
import type { SectionKey } from '~/auth/sections'
import type { Kind, Outcome, RouteRules, Who } from './rules'

// Logistics and money (issue 15, opened to their teams in issue 34): pages of the main portal in
// sections (app/auth/sections.ts, the role x section table of docs/domain.md). Who may read a
// section gets its pages; who may also act gets its POSTs (a reader's POST is forbidden). A record
// that does not exist (or a booking under another request) is not found for whoever may use it.
const missing =
  (section: SectionKey) =>
  (who: Who, kind: Kind): Outcome => {
    if (who === 'anonymous') return 'login'
    if (who === 'pending') return 'pending'
    return mayUseSection([who], section, kind === 'post' ? 'act' : 'read') ? 'not-found' : 'forbidden'
  }
const pdf = (section: SectionKey) => (who: Who, kind: Kind) =>
  kind === 'post' ? 'not-allowed' : missing(section)(who, kind)
const main = '/logistics'

export const routes: RouteRules = {
  'routes/_main+/logistics.transport_requests._index': {
    path: `${main}/transport_requests?index`,
    section: 'transport',
  },
  'routes/_main+/logistics.transport_requests[.csv]': { path: `${main}/transport_requests.csv`, section: 'transport' },
  'routes/_main+/logistics.transport_requests.add.$transportType': {
    path: `${main}/transport_requests/add/first_mile`,
    section: 'transport',
  },
  'routes/_main+/logistics.transport_requests.$requestId.edit': {
    path: `${main}/transport_requests/999999/edit`,
    expect: missing('transport'),
  },
  'routes/_main+/logistics.transport_bookings._index': {
    path: `${main}/transport_bookings?index`,
    section: 'transport',
  },
  'routes/_main+/logistics.transport_bookings[.csv]': { path: `${main}/transport_bookings.csv`, section: 'transport' },
  'routes/_main+/logistics.transport_bookings.eway_bills[.json]': {
    path: `${main}/transport_bookings/eway_bills.json`,
    section: 'transport',
  },
  'routes/_main+/logistics.transport_requests.$requestId.transport_bookings.$bookingId.eway_bill[.json]': {
    path: `${main}/transport_requests/999999/transport_bookings/999999/eway_bill.json`,
    expect: pdf('transport'),
  },
  'routes/_main+/logistics.transport_bookings.calendar': {
    path: `${main}/transport_bookings/calendar`,
    section: 'transport',
  },
  'routes/_main+/logistics.transport_requests.$requestId.transport_bookings.$bookingId.edit._index': {
    path: `${main}/transport_requests/999999/transport_bookings/999999/edit?index`,
    expect: missing('transport'),
  },
  'routes/_main+/logistics.transport_requests.$requestId.transport_bookings.$bookingId.edit.billing_details': {
    path: `${main}/transport_requests/999999/transport_bookings/999999/edit/billing_details`,
    expect: missing('transport_bills'),
  },
  'routes/_main+/logistics.transport_payment_dues._index': {
    path: `${main}/transport_payment_dues?index`,
    section: 'transport_dues',
  },
  'routes/_main+/logistics.transport_payment_dues.transporters._index': {
    path: `${main}/transport_payment_dues/transporters?index`,
    section: 'transport_dues',
  },
  'routes/_main+/logistics.transport_payment_dues.transporters.$transporterId': {
    path: `${main}/transport_payment_dues/transporters/999999`,
    expect: missing('transport_dues'),
  },
  'routes/_main+/logistics.transport_payment_dues[.csv]': {
    path: `${main}/transport_payment_dues.csv`,
    section: 'transport_dues',
  },
  'routes/_main+/logistics.settlements.buyers.$buyerId._index': {
    path: `${main}/settlements/buyers/999999?index`,
    expect: missing('money'),
  },
  'routes/_main+/logistics.settlements._index': { path: '/logistics/settlements?index', section: 'money' },
  'routes/_main+/logistics.settlements[.csv]': { path: '/logistics/settlements.csv?show=past_due', section: 'money' },
  'routes/_main+/logistics.settlements.buyers.$buyerId.statement[.pdf]': {
    path: `${main}/settlements/buyers/999999/statement.pdf`,
    expect: pdf('money'),
  },
  'routes/_main+/logistics.settlements.buyers.$buyerId.invoices.$invoiceId[.pdf]': {
    path: `${main}/settlements/buyers/999999/invoices/999999.pdf`,
    expect: pdf('money'),
  },
  // e-Invoices and GSTR-1 (issue 38): finance's, in the money section.
  'routes/_main+/logistics.settlements.einvoices._index': {
    path: `${main}/settlements/einvoices?index`,
    section: 'money',
  },
  'routes/_main+/logistics.settlements.einvoices[.json]': {
    path: `${main}/settlements/einvoices.json?month=2025-12`,
    section: 'money',
  },
  'routes/_main+/logistics.settlements.einvoices.$docKey._index': {
    path: `${main}/settlements/einvoices/INV-999999?index`,
    expect: missing('money'),
  },
  'routes/_main+/logistics.settlements.einvoices.$docKey.download': {
    path: `${main}/settlements/einvoices/INV-999999/download`,
    expect: pdf('money'),
  },
  // The Cancel IRN JSON is a step's file: only those who act on money make it (issue 52).
  'routes/_main+/logistics.settlements.einvoices.$docKey.cancel-json': {
    path: `${main}/settlements/einvoices/INV-999999/cancel-json?reason=2`,
    expect: (who: Who, kind: Kind) =>
      kind === 'post'
        ? 'not-allowed'
        : who === 'anonymous'
          ? 'login'
          : who === 'pending'
            ? 'pending'
            : mayUseSection([who], 'money', 'act')
              ? 'not-found'
              : 'forbidden',
  },
  'routes/_main+/logistics.settlements.gstr1._index': { path: `${main}/settlements/gstr1?index`, section: 'money' },
  'routes/_main+/logistics.settlements.gstr1[.json]': {
    path: `${main}/settlements/gstr1.json?month=2025-12`,
    section: 'money',
  },
  'routes/_main+/logistics.settlements.gstr1[.csv]': {
    path: `${main}/settlements/gstr1.csv?month=2025-12`,
    section: 'money',
  },
  'routes/_main+/logistics.settlements.buyers.$buyerId.invoices.$invoiceId': {
    path: `${main}/settlements/buyers/999999/invoices/999999`,
    expect: missing('money'),
  },
  'routes/_main+/logistics.settlements.buyers.$buyerId.credit_notes.$noteId[.pdf]': {
    path: `${main}/settlements/buyers/999999/credit_notes/999999.pdf`,
    expect: pdf('money'),
  },
  'routes/_main+/logistics.settlements.buyers.$buyerId.debit_notes.$noteId[.pdf]': {
    path: `${main}/settlements/buyers/999999/debit_notes/999999.pdf`,
    expect: pdf('money'),
  },
}
