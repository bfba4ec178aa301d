import type { RouteRules } from './rules'

/**
 * The integration API (issue 40): a session cookie, of any identity, opens nothing under /api/v1; a
 * page's .data request and a form post get the same 401 problem. What tokens may do is the API's
 * own matrix (app/api/access.test.ts).
 */
export const routes: RouteRules = {
  // GET /me answers 401 to a cookie; a POST to it is a method it does not have (405, before any credential).
  'routes/api+/v1.$': {
    path: '/api/v1/me',
    expect: (_who, kind) => (kind === 'post' ? 'not-allowed' : 'unauthenticated'),
  },
}
