import type { RoleKey } from '#db/types'
import { mayEnter, mayOpen, portalOfPath } from './portals'

/**
 * Whether a link is drawn for this viewer (issue 34: no dead ends): a link is drawn only where the
 * viewer may follow it, so every `Link` asks this once (app/ui/link.tsx) and no page checks its own.
 *
 * What is checked: paths in a portal other than the main one, and the main portal's sections (its
 * guard answers 403 to anyone else, `mayOpen`); `/redirect/buyer/{id}` (a buyer's page is the main
 * portal's, or the buyer's own company page). The rest of the site's root (sign-in and public pages,
 * the profile, files and photos, pickers, the other redirects) is answered for each user by its own
 * route, which checks the record: drawn.
 */
export interface LinkViewer {
  roles: readonly RoleKey[]
  company: { kind: 'buyer' | 'seller'; id: number } | null
}

/** The first segments of the main portal's sections (app/routes/_main+ guarded by requirePortal(…, 'main')). */
export const MAIN_SECTIONS: ReadonlySet<string> = new Set([
  'assets_uploader',
  'buyers',
  'categories',
  'dashboard',
  'logistics',
  'master_order_cart',
  'master_orders',
  'reports',
  'sample_orders',
  'samples_order_cart',
  'sellers',
  'skus',
  'solv_and_gt_orders',
])

export function mayFollow(viewer: LinkViewer | null | undefined, to: string): boolean {
  // Signed out: the pages answer with the sign-in, which is where the link is meant to lead.
  if (!viewer || !to.startsWith('/') || to.startsWith('//')) return true
  const path = to.split(/[?#]/)[0]
  const [first, second, third] = path.split('/').slice(1)
  // The field operators' sign-in page sits under their portal's path but is public.
  if (path === '/field_operator/login') return true
  if (first === 'redirect' && second === 'buyer') {
    return (
      mayEnter(viewer.roles, 'main') ||
      (viewer.company?.kind === 'buyer' && String(viewer.company.id) === third && mayEnter(viewer.roles, 'buyer'))
    )
  }
  if (portalOfPath(path) !== 'main' || MAIN_SECTIONS.has(first ?? '')) return mayOpen(viewer.roles, path)
  return true
}
