import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.dev_admin.title }

export default function Layout() {
  return <PortalLayout portal="dev_admin" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="dev_admin" />
}
