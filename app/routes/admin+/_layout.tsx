import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.admin.title }

export default function Layout() {
  return <PortalLayout portal="admin" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="admin" />
}
