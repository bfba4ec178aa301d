import { mayEnter, type PortalKey } from '~/auth/portals'
import type { RouteRules, Who } from './rules'

// QC (issue 14). The calendar and the approvals belong to admin and biz ops; the field operator's
// pages to field operators (an inspection that does not exist, like another operator's, is not
// found for page, data and POST); a QC photo is found only by the approvers and its operator.
const missing = (portal: PortalKey) => (who: Who) =>
  who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : mayEnter([who], portal) ? 'not-found' : 'forbidden'

export const routes: RouteRules = {
  'routes/admin+/master_orders.qc.calendar': { path: '/admin/master_orders/qc/calendar', portal: 'admin' },
  'routes/biz_ops_team+/master_orders.qc.calendar': {
    path: '/biz_ops_team/master_orders/qc/calendar',
    portal: 'biz_ops',
  },
  'routes/admin+/approvals.qc': { path: '/admin/approvals/qc', portal: 'admin' },
  'routes/biz_ops_team+/approvals.qc': { path: '/biz_ops_team/approvals/qc', portal: 'biz_ops' },
  'routes/field_operator+/orders._index': { path: '/field_operator/orders?index', portal: 'field_operator' },
  'routes/field_operator+/orders.$inspectionId': {
    path: '/field_operator/orders/999999',
    expect: missing('field_operator'),
  },
  'routes/_main+/qc_photos.$photoId': {
    path: '/qc_photos/999999',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : 'not-found',
  },
}
