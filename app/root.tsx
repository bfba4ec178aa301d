import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { portalOfPath, portals, portalsFor } from './auth/portals'
import { getViewer } from './auth/session.server'
import styles from './styles/app.css'
import { useNonce } from './ui/nonce'
import { fillMenu, menuKeyOf, pageTitle, shownPortal } from './ui/navigation'
import { getDb } from './db.server'
import { unreadCount } from './features/inbox/queries.server'
import { activeProducts } from './features/products/queries.server'
import { fieldUserMarker } from './features/qc/owner-token.server'
import { LinkNavigation } from './ui/link'
import { SiteErrorBoundary } from './ui/shell'
import { Toasts } from './ui/toast'
import { takeToast } from './ui/toast.server'
import { useRootData, type RootData } from './ui/root-data'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

const ERROR_TITLES: Record<number, string> = {
  400: 'This request could not be read',
  403: 'No access',
  404: 'Page not found',
  405: 'Not possible here',
}

/** Every page has a title: an error page (a layout's or this one's) takes it from its status. */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return pageTitle('Welcome')
  const status = isRouteErrorResponse(error) ? error.status : 500
  return pageTitle(ERROR_TITLES[status] ?? 'Something went wrong')
}

/**
 * The signed-in user, its portals and the one menu the page is shown with (its portal's, filled
 * for the viewer), and a toast to show once. Only that menu: an admin may enter twelve portals,
 * and every page carried all their menus in its data (docs/decisions/0008).
 */
export async function loader({
  request,
  context,
}: LoaderFunctionArgs): Promise<RootData | ReturnType<typeof data<RootData>>> {
  const [viewer, { toast, clear }] = await Promise.all([getViewer(request), takeToast(request)])
  const keys = viewer ? portalsFor(viewer.roles) : []
  const url = new URL(request.url)
  const portal = shownPortal(portalOfPath(url.pathname), url, keys)
  const entries = keys.includes(portal) ? (context.menus?.[portal] ?? []) : null
  const [products, unread] = await Promise.all([
    entries?.some((entry) => entry.path.includes(':product')) ? activeProducts(getDb()) : [],
    // The bell on every page: the signed-in user's own unread notifications, one indexed count.
    viewer ? unreadCount(getDb(), viewer.userId) : null,
  ])
  const payload: RootData = {
    viewer: viewer && {
      name: viewer.name,
      email: viewer.email,
      roles: viewer.roles,
      company: viewer.company && {
        kind: viewer.company.kind,
        id: viewer.company.id,
        name: viewer.company.name,
        status: viewer.company.status,
      },
      portals: keys.map((key) => ({ key, title: portals[key].title, home: portals[key].home })),
      unread: unread ?? { count: 0, capped: false },
    },
    menu: entries && { portal, entries: fillMenu(entries, { companyId: viewer?.company?.id ?? null, products }) },
    toast: toast && { ...toast, id: Date.now() },
    // On a field page, who is signed in, for the phone's script: another person's queue and kept pages are dropped (docs/decisions/0009).
    ...(viewer && portal === 'field_operator' && keys.includes(portal)
      ? { fieldUser: fieldUserMarker(viewer.userId) }
      : {}),
  }
  return clear ? data(payload, { headers: { 'Set-Cookie': clear } }) : payload
}

/** The root's data holds the menu of one portal: a navigation into another portal loads it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || menuKeyOf(currentUrl) !== menuKeyOf(nextUrl)

/**
 * Whether the page opts out of the React runtime (a route's `handle.hydrate === false`): the field
 * operator's pages are served as plain HTML with one small script of their own (public/field.js),
 * for phones on a bad network. Forms and links work as HTML does.
 */
function useHydrated() {
  return !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false)
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const hydrate = useHydrated()
  const root = useRootData()
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The field pages' script drops another person's queue and kept pages (public/field.js). */}
        {hydrate ? null : <meta name="field-user" content={root?.fieldUser ?? ''} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script src="/field.js" defer />
        )}
      </body>
    </html>
  )
}

export default function App() {
  const { toast, viewer } = useLoaderData<typeof loader>()
  return (
    <Document>
      <LinkNavigation viewer={viewer}>
        <Outlet />
      </LinkNavigation>
      <Toasts key={toast?.id} toast={toast} />
    </Document>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error)) console.error(error)
  // The root's data is there unless the root's own loader failed: the links of the error's shell are checked too.
  const root = useRootData()
  return (
    <Document>
      <LinkNavigation viewer={root?.viewer}>
        <SiteErrorBoundary />
      </LinkNavigation>
    </Document>
  )
}
