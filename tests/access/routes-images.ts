import type { RouteRules } from './rules'

export const routes: RouteRules = {
  // No image 999999 exists: signed-in users get 404 (any id they may not see answers the same).
  'routes/_main+/images.$imageId': {
    path: '/images/999999',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : 'not-found',
  },
}
