import type { Kind, Outcome, RouteRules, Who } from './rules'

/** The shell's routes (public pages, portal homes, companies, users): how each should answer. Params routes name a concrete path. */
export const routes: RouteRules = {
  'routes/_public+/_index': {
    path: '/',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'redirect' : who === 'pending' ? 'pending' : 'home',
  },
  'routes/_public+/login': { path: '/login', expect: publicForm('home') },
  'routes/_public+/field_operator.login': { path: '/field_operator/login', expect: publicForm('home') },
  'routes/_public+/signup': { path: '/signup', expect: publicForm('home') },
  'routes/_public+/forgot_password': { path: '/forgot_password', expect: publicForm('ok') },
  'routes/_public+/reset_password': { path: '/reset_password', expect: publicForm('ok') },
  'routes/_public+/privacy': { path: '/privacy', expect: (_who, kind) => (kind === 'post' ? 'not-allowed' : 'ok') },
  'routes/_public+/logout': { path: '/logout', endsSession: true, expect: () => 'redirect' },
  'routes/_public+/pending_approval': {
    path: '/pending_approval',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'ok' : 'home',
  },
  'routes/_main+/dashboard': { path: '/dashboard', portal: 'main' },
  'routes/_main+/profile': { path: '/profile', signedIn: true },
  // Every signed-in user's own inbox (a blank POST names no notification: bad input).
  'routes/_main+/inbox': { path: '/inbox', signedIn: true },
  'routes/_main+/404': { path: '/404', expect: (_w, kind) => (kind === 'post' ? 'not-allowed' : 'not-found') },
  'routes/_main+/$': { path: '/no/such/page', expect: () => 'not-found' },
  'routes/admin+/_index': { path: '/admin', portal: 'admin' },
  'routes/dev_admin+/_index': { path: '/dev_admin', portal: 'dev_admin' },
  'routes/catalog_manager+/_index': { path: '/catalog_manager', portal: 'catalog_manager' },
  'routes/demand_kam+/_index': { path: '/demand_kam', portal: 'demand_kam' },
  'routes/biz_ops_team+/_index': { path: '/biz_ops_team', portal: 'biz_ops' },
  'routes/biz_fin+/_index': { path: '/biz_fin', portal: 'biz_fin' },
  'routes/biz_fin+/credit_holds': { path: '/biz_fin/credit_holds', portal: 'biz_fin' },
  'routes/logistics_team+/_index': { path: '/logistics_team', portal: 'logistics' },
  'routes/supplier_team.admin+/_index': { path: '/supplier_team/admin', portal: 'supplier_admin' },
  'routes/supplier_team.agent+/_index': { path: '/supplier_team/agent', portal: 'supplier_agent' },
  'routes/field_operator+/_index': { path: '/field_operator', portal: 'field_operator' },
  'routes/buyer+/_index': { path: '/buyer', portal: 'buyer' },
  'routes/seller+/_index': { path: '/seller', portal: 'seller' },
  'routes/toolkit+/_index': { path: '/toolkit', portal: 'toolkit' },
  'routes/admin+/users.manage._index': { path: '/admin/users/manage?index', portal: 'admin' },
  'routes/admin+/users.manage.password': { path: '/admin/users/manage/password', portal: 'admin' },
  'routes/admin+/users.$userId': { path: '/admin/users/1', portal: 'admin' },
  'routes/_main+/buyers.manage': { path: '/buyers/manage', portal: 'main' },
  'routes/_main+/buyers.manage[.csv]': { path: '/buyers/manage.csv', portal: 'main' },
  'routes/_main+/buyers.$buyerId._index': { path: '/buyers/1', portal: 'main' },
  'routes/_main+/buyers.$buyerId.edit': { path: '/buyers/1/edit', portal: 'main' },
  'routes/_main+/sellers.manage': { path: '/sellers/manage', portal: 'main' },
  'routes/_main+/sellers.manage[.csv]': { path: '/sellers/manage.csv', portal: 'main' },
  'routes/_main+/sellers.add': { path: '/sellers/add', portal: 'main' },
  'routes/_main+/sellers.$sellerId._index': { path: '/sellers/1', portal: 'main' },
  'routes/_main+/sellers.$sellerId.edit': { path: '/sellers/1/edit', portal: 'main' },
  'routes/_main+/$product.addresses': { path: '/fabric/addresses', portal: 'main' },
  // Company 1 is the demo buyer's (and the demo seller's) own company; any other id answers 404.
  'routes/buyer+/$buyerCompanyId.company': { path: '/buyer/1/company', portal: 'buyer' },
  'routes/seller+/$sellerCompanyId.company': { path: '/seller/1/company', portal: 'seller' },
  // The pickers' matches: buyers are picked in the main and admin portals only; everyone else gets 404.
  'routes/pick+/$kind': {
    path: '/pick/buyer',
    expect: (who, kind) =>
      kind === 'post'
        ? 'not-allowed'
        : who === 'anonymous'
          ? 'login'
          : who === 'pending'
            ? 'pending'
            : ['admin', 'internal'].includes(who)
              ? 'ok'
              : 'not-found',
  },
  // Buyer 1 is the demo buyer's own company: staff and its users are sent on, everyone else gets 404.
  'routes/redirect+/buyer.$buyerId': {
    path: '/redirect/buyer/1',
    expect: (who, kind) =>
      kind === 'post'
        ? 'not-allowed'
        : who === 'anonymous'
          ? 'login'
          : who === 'pending'
            ? 'pending'
            : ['admin', 'internal', 'buyer'].includes(who)
              ? 'redirect'
              : 'not-found',
  },
}

/**
 * Sign-in style forms: open to all and a blank POST is bad input; where `signedIn` is 'home', a
 * signed-in visitor is sent to where it belongs instead (a document POST re-runs the loader).
 */
function publicForm(signedIn: 'home' | 'ok') {
  return (who: Who, kind: Kind): Outcome => {
    if (who === 'anonymous' || signedIn === 'ok') return kind === 'post' ? 'bad-input' : 'ok'
    return who === 'pending' ? 'pending' : 'home'
  }
}
