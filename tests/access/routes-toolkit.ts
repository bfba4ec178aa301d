import { mayEnter } from '~/auth/portals'
import type { RouteRules, Who } from './rules'

// The toolkit (issue 16): every page is any signed-in user's; records of another user (or none)
// answer 404. The asset uploader and the database page are the main portal's and admin's.
const missing = (portal: 'toolkit' | 'main' | 'admin') => (who: Who) =>
  who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : mayEnter([who], portal) ? 'not-found' : 'forbidden'

export const routes: RouteRules = {
  'routes/toolkit+/utm': { path: '/toolkit/utm', portal: 'toolkit' },
  // A short link is open to anyone it was shared with; a code no link has is not found.
  'routes/_public+/u.$code': {
    path: '/u/zzzzzzz',
    expect: (_who, kind) => (kind === 'post' ? 'not-allowed' : 'not-found'),
  },
  'routes/toolkit+/labels': { path: '/toolkit/labels', portal: 'toolkit' },
  'routes/toolkit+/price-label-generator': { path: '/toolkit/price-label-generator', portal: 'toolkit' },
  // A PDF of nothing (no codes) is not found, for everyone signed in.
  'routes/toolkit+/labels[.pdf]': {
    path: '/toolkit/labels.pdf',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing('toolkit')(who)),
  },
  'routes/toolkit+/price-label-generator[.pdf]': {
    path: '/toolkit/price-label-generator.pdf',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing('toolkit')(who)),
  },
  'routes/toolkit+/images': { path: '/toolkit/images', portal: 'toolkit' },
  'routes/toolkit+/images.$imageId.render': {
    path: '/toolkit/images/999999/render',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing('toolkit')(who)),
  },
  'routes/admin+/databases.manage': { path: '/admin/databases/manage', portal: 'admin' },
  // POST only (the page's form, with the admin's own password): a GET answers 405 once past the
  // portal's guard; a POST without the password goes back to the page (no backup). PostgreSQL has
  // no backup here (pg_dump is the operator's): 400.
  'routes/admin+/databases.manage.backup': {
    path: '/admin/databases/manage/backup',
    expect: (who, kind) =>
      kind === 'page'
        ? 'not-allowed'
        : who === 'anonymous'
          ? 'login'
          : who === 'pending'
            ? 'pending'
            : !mayEnter([who], 'admin')
              ? 'forbidden'
              : kind !== 'post'
                ? 'not-allowed'
                : process.env.TEST_POSTGRES_URL
                  ? 'bad-input'
                  : 'redirect',
  },
  'routes/_main+/reports.master_order': { path: '/reports/master_order', portal: 'main' },
  'routes/_main+/reports.master_order[.csv]': { path: '/reports/master_order.csv', portal: 'main' },
  'routes/_main+/reports.qc': { path: '/reports/qc', portal: 'main' },
  'routes/_main+/reports.qc[.csv]': { path: '/reports/qc.csv', portal: 'main' },
  'routes/_main+/reports.buyer_skus._index': { path: '/reports/buyer_skus?index', portal: 'main' },
  'routes/_main+/reports.buyer_skus.$buyerId.report': {
    path: '/reports/buyer_skus/999999/report',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing('main')(who)),
  },
  'routes/_main+/reports.buyer_skus.$buyerId.report[.csv]': {
    path: '/reports/buyer_skus/999999/report.csv',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : missing('main')(who)),
  },
  'routes/_main+/assets_uploader': { path: '/assets_uploader', portal: 'main' },
  // An uploaded file is open to anyone with its link; a key no file has is not found.
  'routes/_public+/files.$key.$name': {
    path: '/files/AAAAAAAAAAAAAAAAAAAAAA.png/x.png',
    expect: (_who, kind) => (kind === 'post' ? 'not-allowed' : 'not-found'),
  },
}
export { missing }
