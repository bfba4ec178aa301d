import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { portals, portalsFor } from './auth/portals'
import { getViewer } from './auth/session.server'
import styles from './styles/app.css'
import { ErrorPage } from './ui/error-page'
import { useNonce } from './ui/nonce'
import { fillMenu, pageTitle, type MenuEntry, type Menus } from './ui/navigation'
import { getDb } from './db.server'
import { activeProducts } from './features/products/queries.server'
import { LinkNavigation } from './ui/link'
import { Toasts } from './ui/toast'
import { takeToast } from './ui/toast.server'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

const ERROR_TITLES: Record<number, string> = { 400: 'This request could not be read', 403: 'No access', 404: 'Page not found', 405: 'Not possible here' }

/** Every page has a title: an error page (a layout's or this one's) takes it from its status. */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return pageTitle('Welcome')
  const status = isRouteErrorResponse(error) ? error.status : 500
  return pageTitle(ERROR_TITLES[status] ?? 'Something went wrong')
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [viewer, { toast, clear }] = await Promise.all([getViewer(request), takeToast(request)])
  const keys = viewer ? portalsFor(viewer.roles) : []
  const menus: Menus = {}
  const needsProducts = keys.some((key) => context.menus?.[key]?.some((entry: MenuEntry) => entry.path.includes(':product')))
  const fill = { companyId: viewer?.company?.id ?? null, products: needsProducts ? await activeProducts(getDb()) : [] }
  for (const key of keys) menus[key] = fillMenu(context.menus?.[key] ?? [], fill)
  const payload = {
    viewer: viewer && {
      name: viewer.name,
      email: viewer.email,
      roles: viewer.roles,
      company: viewer.company && { kind: viewer.company.kind, name: viewer.company.name, status: viewer.company.status },
      portals: keys.map((key) => ({ key, title: portals[key].title, home: portals[key].home })),
    },
    menus,
    toast: toast && { ...toast, id: Date.now() },
  }
  return clear ? data(payload, { headers: { 'Set-Cookie': clear } }) : payload
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>()
  return (
    <Document>
      <LinkNavigation>
        <Outlet />
      </LinkNavigation>
      <Toasts key={toast?.id} toast={toast} />
    </Document>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <Document>
      <ErrorPage error={error} />
    </Document>
  )
}
