import { redirect } from '@remix-run/node'
import { homeFor, mayEnter, mayUseSection, type PortalKey } from './portals'
import type { SectionKey } from './sections'
import { pagePathOf, safeRedirect } from './redirect'
import { getViewer, type Viewer } from './session.server'

export const PENDING_PATH = '/pending_approval'

/** Signed in, or off to /login with the page to come back to. */
export async function requireUser(request: Request, options: { allowInactiveCompany?: boolean } = {}): Promise<Viewer> {
  const viewer = await getViewer(request)
  if (!viewer) {
    const page = pagePathOf(request)
    const params = new URLSearchParams({ redirectTo: page })
    // Field operators sign in on their own phone-first page.
    const login = page === '/field_operator' || page.startsWith('/field_operator/') ? '/field_operator/login' : '/login'
    throw redirect(`${login}?${params}`)
  }
  // A user of a company that is not active sees only the waiting page.
  if (!options.allowInactiveCompany && viewer.company && viewer.company.status !== 'active') {
    throw redirect(PENDING_PATH)
  }
  return viewer
}

/** The guard on the first line of every portal loader and action. */
export async function requirePortal(request: Request, portal: PortalKey): Promise<Viewer> {
  const viewer = await requireUser(request)
  if (!mayEnter(viewer.roles, portal)) {
    throw new Response('You do not have access to this page.', { status: 403, statusText: 'Forbidden' })
  }
  return viewer
}

export function notFound(message = 'Not found'): never {
  throw new Response(message, { status: 404, statusText: 'Not Found' })
}

/**
 * Where a signed-in user belongs: the waiting page while its company is not active, else the page
 * it asked for (a local path only), else its portal.
 */
export function landingFor(viewer: Viewer, redirectTo?: string | null): string {
  if (viewer.company && viewer.company.status !== 'active') return PENDING_PATH
  return safeRedirect(redirectTo, homeFor(viewer.roles))
}

/**
 * The guard of a section of the main portal that other portals' roles reach (app/auth/sections.ts):
 * 'read' on every loader, 'act' on every action that changes something.
 */
export async function requireSection(
  request: Request,
  section: SectionKey,
  what: 'read' | 'act' = 'read',
): Promise<Viewer> {
  const viewer = await requireUser(request)
  if (!mayUseSection(viewer.roles, section, what)) {
    throw new Response(
      what === 'act' ? 'You may read this page but not change it.' : 'You do not have access to this page.',
      { status: 403, statusText: 'Forbidden' },
    )
  }
  return viewer
}
