import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.biz_ops.title }

export default function Layout() {
  return <PortalLayout portal="biz_ops" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="biz_ops" />
}
