import type { SerializeFrom, ServerBuild } from '@remix-run/node'
import { portalKeys, portalOfPath, type PortalKey } from '~/auth/portals'
import { sectionOfPath, sections } from '~/auth/sections'
import { isOwnKey } from '~/utils/own-key'

/**
 * What every route says about itself in `handle`: its spec name, title, breadcrumb and menu place.
 * `Data` is what its crumb functions read: the route's loader data (LoaderHandle<typeof loader>).
 */
export interface RouteHandle<Data = unknown> {
  /** The route name from the spec, e.g. AdminViewMasterOrder. */
  name: string
  title: string
  /** Breadcrumb text; defaults to the title. A function gets the route's loader data (undefined on an error). */
  breadcrumb?: string | ((data: Data | undefined) => string)
  /**
   * Crumbs that come before this page's own when no parent route holds them, e.g. the list a
   * record page belongs to. A function gets the route's loader data (undefined on an error).
   */
  parents?: Crumb[] | ((data: Data | undefined) => Crumb[])
  /** Present when the route belongs in its portal's menu. */
  menu?: { group: string; order?: number; label?: string }
  /** false: the page is served without the React runtime (root.tsx, docs/decisions/0009). */
  hydrate?: false
}

/** The handle of a route whose crumbs read its loader's data. */
export type LoaderHandle<Loader> = RouteHandle<SerializeFrom<Loader>>

export interface Crumb {
  text: string
  to: string
}

export interface MenuEntry {
  path: string
  label: string
  group: string
  order: number
}

export type Menus = Partial<Record<PortalKey, MenuEntry[]>>

type BuildRoutes = ServerBuild['routes']

/** The URL pattern of a route, put together from its parents' path segments. */
export function fullPath(routes: BuildRoutes, id: string): string {
  const segments: string[] = []
  let route: BuildRoutes[string] | undefined = routes[id]
  while (route) {
    if (route.path) segments.unshift(route.path)
    route = route.parentId ? routes[route.parentId] : undefined
  }
  return `/${segments.join('/')}`.replace(/\/+/g, '/')
}

/** Route parameters a menu entry may carry: filled per viewer (its company) or per product. */
const FILLABLE = new Set([':buyerCompanyId', ':sellerCompanyId', ':product', ':productSkus'])

/**
 * Menus come from the routes themselves: every route whose handle has `menu` joins its portal's
 * menu, so a page that does not exist cannot be linked. Routes with parameters join only when
 * every parameter can be filled in for the viewer (see fillMenu).
 */
export function buildMenus(routes: BuildRoutes): Menus {
  const menus: Menus = {}
  for (const [id, route] of Object.entries(routes)) {
    const handle = route.module.handle as RouteHandle | undefined
    if (!handle?.menu) continue
    const path = fullPath(routes, id)
    if (path.includes('*') || (path.match(/:[A-Za-z]+/g) ?? []).some((param) => !FILLABLE.has(param))) continue
    const portal: PortalKey = id.startsWith('routes/_main+/') ? 'main' : portalOfPath(path)
    const entry = {
      path,
      label: handle.menu.label ?? handle.title,
      group: handle.menu.group,
      order: handle.menu.order ?? 100,
    }
    ;(menus[portal] ??= []).push(entry)
    // A section of the main portal is listed in the menus of the other portals that work in it.
    const section = portal === 'main' ? sectionOfPath(path) : null
    for (const other of section ? sections[section].menus : []) (menus[other] ??= []).push({ ...entry })
  }
  for (const key of portalKeys) menus[key]?.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
  return menus
}

/** Menu entries by group, groups in the order of their first entry. */
export function groupMenu(entries: MenuEntry[]): { group: string; entries: MenuEntry[] }[] {
  const groups = new Map<string, MenuEntry[]>()
  for (const entry of entries) {
    const list = groups.get(entry.group) ?? []
    list.push(entry)
    groups.set(entry.group, list)
  }
  return [...groups].map(([group, list]) => ({ group, entries: list }))
}

export const pageTitle = (title: string) => [{ title: `${title} · Sourcing Platform` }]

/**
 * A portal menu for one viewer: company parameters become the viewer's company id (entries it
 * cannot fill are dropped) and a `:product` entry becomes one entry per active product.
 */
export function fillMenu(
  entries: MenuEntry[],
  fill: { companyId: number | null; products: { slug: string; name: string }[] },
): MenuEntry[] {
  const filled: MenuEntry[] = []
  for (const entry of entries) {
    let path = entry.path
    if (/:(buyer|seller)CompanyId/.test(path)) {
      if (fill.companyId === null) continue
      path = path.replace(/:(buyer|seller)CompanyId/, String(fill.companyId))
    }
    // `:productSkus` is the `{product}_skus` segment of /skus/fabric_skus.
    if (path.includes(':productSkus')) {
      for (const product of fill.products) {
        filled.push({
          ...entry,
          path: path.replace(':productSkus', `${product.slug}_skus`),
          label: entry.label.replace('{product}', product.name),
        })
      }
      continue
    }
    if (path.includes(':product')) {
      for (const product of fill.products) {
        filled.push({
          ...entry,
          path: path.replace(':product', product.slug),
          label: entry.label.replace('{product}', product.name),
        })
      }
      continue
    }
    filled.push({ ...entry, path })
  }
  return filled
}

/** Pages every signed-in user has (profile, inbox, toolkit): shown in the shell of the portal the user came from. */
const SHARED_PAGE = /^\/(profile|inbox|toolkit)(\/|$)/

/**
 * The portal whose shell and menu a page is shown in: its layout's, or on a page every signed-in
 * user has, the portal named by `?portal=` (one the viewer may enter), else the viewer's first.
 * The root loader and the shell both ask this, so the one menu the root sends is the one shown.
 */
export function shownPortal(
  layoutPortal: PortalKey,
  url: { pathname: string; search: string },
  entered: readonly PortalKey[],
): PortalKey {
  const section = sectionOfPath(url.pathname)
  // A section of the main portal, opened by a user of another portal that works in it: that portal's shell.
  // (Turned away from it, the answer is still shown in the viewer's own portal.)
  if (section && !entered.includes(layoutPortal)) {
    return (
      (sections[section].menus as readonly PortalKey[]).find((key) => entered.includes(key)) ??
      entered.find((key) => key !== 'toolkit' && key !== 'field_operator') ??
      layoutPortal
    )
  }
  if (!SHARED_PAGE.test(url.pathname)) return layoutPortal
  const asked = new URLSearchParams(url.search).get('portal')
  const own = Object.fromEntries(entered.map((key) => [key, true]))
  if (asked && asked !== 'field_operator' && isOwnKey(own, asked)) return asked as PortalKey
  return entered.find((key) => key !== 'toolkit' && key !== 'field_operator') ?? layoutPortal
}

/** What decides which menu a page shows: its path's portal, or on a shared page the portal it was opened from. */
export const menuKeyOf = (url: { pathname: string; search: string }): string =>
  SHARED_PAGE.test(url.pathname)
    ? `shared:${new URLSearchParams(url.search).get('portal') ?? ''}`
    : sectionOfPath(url.pathname)
      ? `section:${portalOfPath(url.pathname)}`
      : portalOfPath(url.pathname)
