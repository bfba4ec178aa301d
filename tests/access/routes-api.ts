import type { Outcome, RouteRules, Who } from './rules'

/** A page for everyone, signed in or not: what the API is (it holds no data). */
const publicPage = (_who: Who, kind: 'page' | 'data' | 'post'): Outcome => (kind === 'post' ? 'not-allowed' : 'ok')

/**
 * The integration API (issue 40): a session cookie, of any identity, opens nothing under /api/v1; a
 * page's .data request and a form post get the same 401 problem. What tokens may do is the API's
 * own matrix (app/api/access.test.ts). The document, the reference and the problem types' pages are public.
 */
export const routes: RouteRules = {
  // GET /me answers 401 to a cookie; a POST to it is a method it does not have (405, before any credential).
  'routes/api+/v1.$': {
    path: '/api/v1/me',
    expect: (_who, kind) => (kind === 'post' ? 'not-allowed' : 'unauthenticated'),
  },
  'routes/api+/v1.openapi[.json]': { path: '/api/v1/openapi.json', expect: publicPage },
  'routes/api+/v1.problems.$type': { path: '/api/v1/problems/validation-error', expect: publicPage },
  'routes/api+/docs': { path: '/api/docs', expect: publicPage },
  // Tokens: a company's administrators on their portal (its other users read whom to ask; their POST is 403, as
  // on the company page), staff on their profile; a company user sent from the profile's page to its portal's.
  'routes/buyer+/api_tokens': { path: '/buyer/api_tokens', portal: 'buyer' },
  'routes/seller+/api_tokens': { path: '/seller/api_tokens', portal: 'seller' },
  'routes/_main+/profile_.api_tokens': {
    path: '/profile/api_tokens',
    expect: (who, kind) =>
      who === 'anonymous'
        ? 'login'
        : who === 'pending'
          ? 'pending'
          : who === 'buyer' || who === 'seller'
            ? 'redirect'
            : kind === 'post'
              ? 'bad-input'
              : 'ok',
  },
}
