import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.demand_kam.title }

export default function Layout() {
  return <PortalLayout portal="demand_kam" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="demand_kam" />
}
