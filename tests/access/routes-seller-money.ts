import { mayUseSection } from '~/auth/portals'
import type { Kind, Outcome, RouteRules, Who } from './rules'

// The seller side of money (issue 38): finance's pages in the buyers' money section (seller bills,
// payables, a seller's account and statement, the tax registers) and the seller's own money page
// and statement. A bill or seller that does not exist is not found for whoever may use the section.
const missing = (who: Who, kind: Kind): Outcome => {
  if (who === 'anonymous') return 'login'
  if (who === 'pending') return 'pending'
  return mayUseSection([who], 'money', kind === 'post' ? 'act' : 'read') ? 'not-found' : 'forbidden'
}
const pdf = (who: Who, kind: Kind): Outcome => (kind === 'post' ? 'not-allowed' : missing(who, kind))

export const routes: RouteRules = {
  'routes/_main+/logistics.settlements.seller_bills._index': {
    path: '/logistics/settlements/seller_bills?index',
    section: 'money',
  },
  'routes/_main+/logistics.settlements.seller_bills.new': {
    path: '/logistics/settlements/seller_bills/new',
    section: 'money',
  },
  'routes/_main+/logistics.settlements.seller_bills.$billId': {
    path: '/logistics/settlements/seller_bills/999999',
    expect: missing,
  },
  'routes/_main+/logistics.settlements.payables': { path: '/logistics/settlements/payables', section: 'money' },
  'routes/_main+/logistics.settlements.sellers.$sellerId._index': {
    path: '/logistics/settlements/sellers/999999?index',
    expect: missing,
  },
  'routes/_main+/logistics.settlements.sellers.$sellerId.statement[.pdf]': {
    path: '/logistics/settlements/sellers/999999/statement.pdf',
    expect: pdf,
  },
  'routes/_main+/logistics.settlements.tax_registers': {
    path: '/logistics/settlements/tax_registers?month=2026-11',
    section: 'money',
  },
  // The month's reverse-charge register of freight as a CSV (issue 52).
  'routes/_main+/logistics.settlements.tax_registers[.csv]': {
    path: '/logistics/settlements/tax_registers.csv?month=2026-11',
    section: 'money',
  },
  // The platform's GST registrations (issue 52), read-only.
  'routes/_main+/logistics.settlements.gst_registrations': {
    path: '/logistics/settlements/gst_registrations',
    section: 'money',
  },
  'routes/seller+/money._index': { path: '/seller/money?index', portal: 'seller' },
  'routes/seller+/money.statement[.pdf]': {
    path: '/seller/money/statement.pdf?from=2026-04-01&to=2026-12-31',
    portal: 'seller',
  },
}
