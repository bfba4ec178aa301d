import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.biz_fin.title }

export default function Layout() {
  return <PortalLayout portal="biz_fin" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="biz_fin" />
}
