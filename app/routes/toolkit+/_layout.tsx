import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.toolkit.title }

export default function Layout() {
  return <PortalLayout portal="toolkit" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="toolkit" />
}
