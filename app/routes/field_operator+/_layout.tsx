import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

export const handle = { breadcrumb: portals.field_operator.title }

export default function Layout() {
  return <PortalLayout portal="field_operator" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="field_operator" />
}
