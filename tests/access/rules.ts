import type { PortalKey } from '~/auth/portals'
import type { SectionKey } from '~/auth/sections'
import type { RoleKey } from '#db/types'

// The shape of the access matrix (tests/access-matrix.test.ts). Each area of the app keeps its
// routes' rules in its own file here (tests/access/routes-*.ts, exporting `routes`).

export type Who = RoleKey | 'anonymous' | 'pending'
export type Outcome =
  | 'unexpected'
  | 'ok'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'pending'
  | 'home'
  | 'bad-input'
  | 'not-allowed'
  | 'redirect'
  /** 401: the integration API without a token (a session cookie opens nothing there). */
  | 'unauthenticated'
export type Kind = 'page' | 'data' | 'post'
export type Rule =
  | { portal: PortalKey }
  /** A section of the main portal (app/auth/sections.ts): its readers get the page, its doers the POST. */
  | { section: SectionKey }
  | { signedIn: true }
  | { expect: (who: Who, kind: Kind) => Outcome }

/** Route id (as in the build: 'routes/admin+/categories.manage') → a concrete path and its rule. */
export type RouteRules = Record<string, { path: string; endsSession?: boolean } & Rule>
