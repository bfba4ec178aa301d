import type { RoleKey } from '#db/types'
import { sectionOfPath, sections, type SectionKey } from './sections'

/**
 * The one table of who enters which portal (docs/domain.md section 4). Order matters: a user
 * with several roles lands in the first portal it may enter, and redirect helpers pick the
 * first portal that may show a record.
 */
export const portals = {
  admin: { title: 'Admin', base: '/admin', home: '/admin', roles: ['admin'], staff: true },
  main: { title: 'Operations', base: '/', home: '/dashboard', roles: ['internal'], staff: true },
  dev_admin: { title: 'Dev admin', base: '/dev_admin', home: '/dev_admin', roles: ['dev_admin'], staff: true },
  catalog_manager: {
    title: 'Catalog manager',
    base: '/catalog_manager',
    home: '/catalog_manager',
    roles: ['catalog_manager'],
    staff: true,
  },
  demand_kam: { title: 'Demand KAM', base: '/demand_kam', home: '/demand_kam', roles: ['demand_kam'], staff: true },
  biz_ops: {
    title: 'Business operations',
    base: '/biz_ops_team',
    home: '/biz_ops_team',
    roles: ['biz_ops'],
    staff: true,
  },
  biz_fin: { title: 'Business finance', base: '/biz_fin', home: '/biz_fin', roles: ['biz_fin'], staff: true },
  logistics: {
    title: 'Logistics team',
    base: '/logistics_team',
    home: '/logistics_team',
    roles: ['logistics'],
    staff: true,
  },
  supplier_admin: {
    title: 'Supplier team admin',
    base: '/supplier_team/admin',
    home: '/supplier_team/admin',
    roles: ['supplier_admin'],
    staff: true,
  },
  supplier_agent: {
    title: 'Supplier team agent',
    base: '/supplier_team/agent',
    home: '/supplier_team/agent',
    roles: ['supplier_agent'],
    staff: true,
  },
  field_operator: {
    title: 'Field operator',
    base: '/field_operator',
    home: '/field_operator',
    roles: ['field_operator'],
    staff: true,
  },
  buyer: { title: 'Buyer', base: '/buyer', home: '/buyer', roles: ['buyer'], staff: false },
  seller: { title: 'Seller', base: '/seller', home: '/seller', roles: ['seller'], staff: false },
  toolkit: { title: 'Toolkit', base: '/toolkit', home: '/toolkit', roles: 'signed-in', staff: false },
} as const satisfies Record<
  string,
  { title: string; base: string; home: string; roles: readonly RoleKey[] | 'signed-in'; staff: boolean }
>

export type PortalKey = keyof typeof portals
export const portalKeys = Object.keys(portals) as PortalKey[]

/** Admin reaches every staff portal; the toolkit is open to every signed-in user. */
export function mayEnter(roles: readonly RoleKey[], portal: PortalKey): boolean {
  const entry = portals[portal]
  if (entry.roles === 'signed-in') return true
  if (entry.staff && roles.includes('admin')) return true
  return entry.roles.some((role) => roles.includes(role))
}

/** Whether the roles make the user one of the platform's staff (they enter a staff portal). */
export function isStaff(roles: readonly RoleKey[]): boolean {
  return portalKeys.some((key) => portals[key].staff && mayEnter(roles, key))
}

/**
 * Whether the roles may read a section of the main portal ('read') or also change things there
 * ('act'): the main portal's users (and admin) always; other roles as app/auth/sections.ts says.
 */
export function mayUseSection(roles: readonly RoleKey[], section: SectionKey, what: 'read' | 'act' = 'read'): boolean {
  if (mayEnter(roles, 'main')) return true
  const allowed: readonly RoleKey[] = sections[section][what]
  return roles.some((role) => allowed.includes(role))
}

/** Whether the user may open a page of the app by its path (query and hash aside): a link is shown only then. */
export function mayOpen(roles: readonly RoleKey[], path: string): boolean {
  const pathname = path.split(/[?#]/)[0]
  const section = sectionOfPath(pathname)
  return section ? mayUseSection(roles, section) : mayEnter(roles, portalOfPath(pathname))
}

/** Portals the user may enter, in table order (the toolkit last). */
export function portalsFor(roles: readonly RoleKey[]): PortalKey[] {
  return portalKeys.filter((key) => mayEnter(roles, key))
}

/** Where a user lands after login: its first portal, or the toolkit when it has no other. */
export function homeFor(roles: readonly RoleKey[]): string {
  return portals[portalsFor(roles)[0] ?? 'toolkit'].home
}

/** The portal a URL path belongs to (longest base wins); '/dashboard' and other root paths are the main portal. */
export function portalOfPath(pathname: string): PortalKey {
  let best: PortalKey = 'main'
  let bestLength = 0
  for (const key of portalKeys) {
    const base = portals[key].base
    if (base === '/') continue
    if ((pathname === base || pathname.startsWith(`${base}/`)) && base.length > bestLength) {
      best = key
      bestLength = base.length
    }
  }
  return best
}
