import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.logistics.title }

export default function Layout() {
  return <PortalLayout portal="logistics" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="logistics" />
}
