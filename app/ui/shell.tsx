import { roleLabel } from '~/auth/roles'
import { Form, Outlet, useLocation, useMatches, useRouteError } from '@remix-run/react'
import { Link, NavLink } from '~/ui/link'
import type { ReactNode } from 'react'
import { portalOfPath, portals, type PortalKey } from '~/auth/portals'
import { ErrorPage, ErrorPanel } from './error-page'
import { InboxBell } from './inbox-bell'
import { useMayOpen } from './may-open'
import { useRootData } from './root-data'
import { groupMenu, shownPortal, type MenuEntry, type RouteHandle } from './navigation'

/** Where the user is, from the portal's home down: each route's `handle` gives its crumb. */
function Breadcrumbs({ home }: { home?: { text: string; to: string } }) {
  const matches = useMatches()
  const may = useMayOpen()
  const crumbs: { id: string; text: string; to: string }[] = home ? [{ id: 'portal-home', ...home }] : []
  for (const m of matches) {
    const handle = m.handle as Partial<RouteHandle> | undefined
    const text =
      typeof handle?.breadcrumb === 'function' ? handle.breadcrumb(m.data) : (handle?.breadcrumb ?? handle?.title)
    if (!text) continue
    const parents = typeof handle?.parents === 'function' ? handle.parents(m.data) : (handle?.parents ?? [])
    for (const [i, parent] of parents.entries()) {
      // A list the viewer cannot open is no step on its way (a section page seen from another portal).
      if (!crumbs.some((c) => c.to === parent.to) && may(parent.to))
        crumbs.push({ id: `${m.id}-parent-${i}`, ...parent })
    }
    const to = m.pathname.replace(/(.)\/$/, '$1')
    // An index page and its layout share a path: one crumb, the page's (the portal's name at its home).
    if (crumbs.at(-1)?.to === to) {
      if (crumbs.at(-1)?.id === 'portal-home') continue
      crumbs.pop()
    }
    crumbs.push({ id: m.id, text, to })
  }
  if (crumbs.length < 2) return null
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <li key={c.id} aria-current="page">
              {c.text}
            </li>
          ) : (
            <li key={c.id}>
              <Link to={c.to}>{c.text}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}

/** Name, portal switcher, profile and sign-out: a <details> menu, so it opens without JavaScript. */
function UserMenu({ current }: { current: PortalKey | null }) {
  const root = useRootData()
  const viewer = root?.viewer
  if (!viewer) {
    return (
      <Link className="btn" to="/login">
        Sign in
      </Link>
    )
  }
  const others = viewer.portals.filter((p) => p.key !== 'toolkit')
  return (
    <details className="user-menu">
      <summary aria-label={`Account menu for ${viewer.name}`}>{viewer.name} ▾</summary>
      <div className="user-menu-body">
        <div className="menu-email">{viewer.email}</div>
        {/* Who is signed in, as what: once here, not as a card on every home. */}
        {viewer.company ? <div className="menu-label">{viewer.company.name}</div> : null}
        <div className="menu-label">{viewer.roles.map(roleLabel).join(', ')}</div>
        {others.length > 1 ? (
          <>
            <hr />
            <div className="menu-label">Switch portal</div>
            {others.map((p) => (
              <a key={p.key} href={p.home} aria-current={p.key === current ? 'page' : undefined}>
                {p.title}
              </a>
            ))}
          </>
        ) : null}
        <hr />
        <a href={current ? `/profile?portal=${current}` : '/profile'}>My profile</a>
        <a href={current ? `/toolkit?portal=${current}` : '/toolkit'}>Toolkit</a>
        <Form method="post" action="/logout">
          <button type="submit">Sign out</button>
        </Form>
      </div>
    </details>
  )
}

export function Header({ portal }: { portal: PortalKey | null }) {
  const root = useRootData()
  const home = root?.viewer?.portals.find((p) => p.key === portal)?.home ?? root?.viewer?.portals[0]?.home ?? '/'
  return (
    <header className="site-header">
      <Link className="brand" to={home}>
        Sourcing Platform{portal ? <small>{portals[portal].title}</small> : null}
      </Link>
      <span className="header-spacer" />
      {root?.viewer ? <InboxBell unread={root.viewer.unread} portal={portal} /> : null}
      <UserMenu current={portal} />
    </header>
  )
}

/** The portal whose shell a page is shown in, and its menu (null where the viewer has none: a 404 outside its portals). */
function useShownMenu(layoutPortal: PortalKey): { portal: PortalKey; menu: MenuEntry[] | null } {
  const root = useRootData()
  const location = useLocation()
  const portal = shownPortal(layoutPortal, location, root?.viewer?.portals.map((p) => p.key) ?? [])
  return { portal, menu: root?.menu?.portal === portal ? root.menu.entries : null }
}

function PortalMenu({
  portal,
  menu,
  label,
  current,
}: {
  portal: PortalKey
  menu: MenuEntry[]
  label: string
  current: string | null
}) {
  return (
    <nav aria-label={label}>
      <ul>
        <li>
          <NavLink to={portals[portal].home} end>
            Overview
          </NavLink>
        </li>
      </ul>
      {groupMenu(menu).map(({ group, entries }) => (
        <div key={group}>
          <h2>{group}</h2>
          <ul>
            {entries.map((entry) => (
              <li key={entry.path}>
                <NavLink to={entry.path} end className={entry.path === current ? 'active' : undefined}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/**
 * The layout of every portal but the field operator's: header, the portal's menu (a sidebar; on a
 * phone a "Menu" drawer that opens without JavaScript), breadcrumbs, content.
 */
export function PortalShell({ portal: routePortal, children }: { portal: PortalKey; children: ReactNode }) {
  const { portal, menu } = useShownMenu(routePortal)
  const { pathname } = useLocation()
  const entered = menu !== null
  const entries = menu ?? []
  // The deepest entry the page sits under is the current one (/users/manage/password is not /users/manage).
  const current = entries
    .filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))
    .reduce<string | null>((best, entry) => (best && best.length >= entry.path.length ? best : entry.path), null)
  const title = portals[portal].title
  return (
    <>
      <Header portal={entered ? portal : null} />
      {entered ? (
        <details className="menu-drawer">
          <summary>
            Menu <span className="muted">· {title}</span>
          </summary>
          <PortalMenu portal={portal} menu={entries} label={`${title} menu`} current={current} />
        </details>
      ) : null}
      <div className="shell" style={entered ? undefined : { gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {entered ? (
          <aside className="sidebar">
            <PortalMenu portal={portal} menu={entries} label={`${title} menu`} current={current} />
          </aside>
        ) : null}
        <main id="main" className="content">
          <Breadcrumbs home={entered ? { text: title, to: portals[portal].home } : undefined} />
          {children}
        </main>
      </div>
    </>
  )
}

/** Phone-first layout of the field operator: no sidebar, big targets, no JavaScript needed. */
export function MobileShell({ children }: { children: ReactNode }) {
  const menu = useShownMenu('field_operator').menu ?? []
  return (
    <div className="mobile">
      <Header portal="field_operator" />
      <nav className="mobile-nav" aria-label="Field operator menu">
        <NavLink to="/field_operator" end>
          Home
        </NavLink>
        {menu.map((entry) => (
          <NavLink key={entry.path} to={entry.path}>
            {entry.label}
          </NavLink>
        ))}
      </nav>
      <main id="main" className="content">
        {children}
      </main>
    </div>
  )
}

/** Sign-in, sign-up and other pages for people who are not signed in. */
export function PublicShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      <main id="main" className={wide ? 'public-main wide' : 'public-main'}>
        <div className="public-brand">
          <Link to="/">Sourcing Platform</Link>
        </div>
        {children}
      </main>
      <footer className="footer">
        <Link to="/privacy">Privacy</Link>
      </footer>
    </>
  )
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children ? <div className="row">{children}</div> : null}
    </div>
  )
}

/** The element of a portal's layout route. */
export function PortalLayout({ portal }: { portal: PortalKey }) {
  return portal === 'field_operator' ? (
    <MobileShell>
      <Outlet />
    </MobileShell>
  ) : (
    <PortalShell portal={portal}>
      <Outlet />
    </PortalShell>
  )
}

/** Errors of a portal's pages (404 of a record, 403) shown inside the portal's layout. */
export function PortalErrorBoundary({ portal }: { portal: PortalKey }) {
  const error = useRouteError()
  const panel = <ErrorPanel error={error} />
  return portal === 'field_operator' ? (
    <MobileShell>{panel}</MobileShell>
  ) : (
    <PortalShell portal={portal}>{panel}</PortalShell>
  )
}

/**
 * An error no layout caught (a path no portal's route claims, a redirect link to nothing): for a
 * signed-in user inside the shell of the portal its path names (its menu where the user may enter
 * it, else the header and the way home), never a bare page; signed out, the site's header with its
 * sign-in button; the bare public error page only when the root's own data failed.
 */
export function SiteErrorBoundary() {
  const root = useRootData()
  const { pathname } = useLocation()
  const error = useRouteError()
  if (!root) return <ErrorPage error={error} />
  return <PortalErrorBoundary portal={root.viewer ? portalOfPath(pathname) : 'main'} />
}
