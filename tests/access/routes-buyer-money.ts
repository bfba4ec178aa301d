import { mayEnter } from '~/auth/portals'
import type { RouteRules, Who } from './rules'

// The buyer's money in its own portal (issue 34): its invoices, payments, outstanding and statement.
// An invoice that is not the buyer's (here one that does not exist) is not found, page, data and POST
// alike (a resource route has no action); everyone outside the buyer portal is refused it. Another
// buyer's real invoice is tried in app/features/settlements/buyer.server.test.ts.
const missingInvoice = (who: Who, kind: 'page' | 'data' | 'post') =>
  kind === 'post'
    ? 'not-allowed'
    : who === 'anonymous'
      ? 'login'
      : who === 'pending'
        ? 'pending'
        : mayEnter([who], 'buyer')
          ? 'not-found'
          : 'forbidden'

export const routes: RouteRules = {
  'routes/buyer+/invoices._index': { path: '/buyer/invoices?index', portal: 'buyer' },
  'routes/buyer+/invoices[.csv]': { path: '/buyer/invoices.csv?status=open', portal: 'buyer' },
  'routes/buyer+/invoices.$invoiceId[.pdf]': { path: '/buyer/invoices/999999.pdf', expect: missingInvoice },
  'routes/buyer+/invoices.$invoiceId': { path: '/buyer/invoices/999999', expect: missingInvoice },
  'routes/buyer+/credit_notes.$noteId[.pdf]': { path: '/buyer/credit_notes/999999.pdf', expect: missingInvoice },
  'routes/buyer+/debit_notes.$noteId[.pdf]': { path: '/buyer/debit_notes/999999.pdf', expect: missingInvoice },
  'routes/buyer+/payments._index': { path: '/buyer/payments?index', portal: 'buyer' },
  'routes/buyer+/payments[.csv]': { path: '/buyer/payments.csv', portal: 'buyer' },
  'routes/buyer+/outstanding': { path: '/buyer/outstanding', portal: 'buyer' },
  'routes/buyer+/statement[.pdf]': { path: '/buyer/statement.pdf?from=2026-04-01&to=2026-12-31', portal: 'buyer' },
}
