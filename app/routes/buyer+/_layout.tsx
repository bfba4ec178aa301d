import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.buyer.title }

export default function Layout() {
  return <PortalLayout portal="buyer" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="buyer" />
}
