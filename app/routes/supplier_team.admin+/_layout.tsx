import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.supplier_admin.title }

export default function Layout() {
  return <PortalLayout portal="supplier_admin" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="supplier_admin" />
}
