import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.catalog_manager.title }

export default function Layout() {
  return <PortalLayout portal="catalog_manager" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="catalog_manager" />
}
