import { mayEnter, type PortalKey } from '~/auth/portals'
import type { Kind, Outcome, RouteRules, Who } from './rules'

// Webhooks (issue 40): a company's own subscriptions in the buyer and seller portals (its
// administrators; the demo's buyer and seller are theirs), the platform's in /dev_admin. A
// subscription that is not there, or not the viewer's, is not found.
const missing =
  (portal: PortalKey) =>
  (who: Who, _kind: Kind): Outcome => {
    if (who === 'anonymous') return 'login'
    if (who === 'pending') return 'pending'
    return mayEnter([who], portal) ? 'not-found' : 'forbidden'
  }

export const routes: RouteRules = {
  'routes/buyer+/webhooks._index': { path: '/buyer/webhooks', portal: 'buyer' },
  'routes/buyer+/webhooks.$subscriptionId': { path: '/buyer/webhooks/999999', expect: missing('buyer') },
  'routes/seller+/webhooks._index': { path: '/seller/webhooks', portal: 'seller' },
  'routes/seller+/webhooks.$subscriptionId': { path: '/seller/webhooks/999999', expect: missing('seller') },
  'routes/dev_admin+/webhooks._index': { path: '/dev_admin/webhooks', portal: 'dev_admin' },
  'routes/dev_admin+/webhooks.$subscriptionId': { path: '/dev_admin/webhooks/999999', expect: missing('dev_admin') },
}
