import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.seller.title }

export default function Layout() {
  return <PortalLayout portal="seller" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="seller" />
}
