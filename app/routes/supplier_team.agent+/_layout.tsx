import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.supplier_agent.title }

export default function Layout() {
  return <PortalLayout portal="supplier_agent" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="supplier_agent" />
}
