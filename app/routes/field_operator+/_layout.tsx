import { portals } from '~/auth/portals'
import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

// The field portal is plain HTML (no React runtime in the browser): see useHydrated in root.tsx.
export const handle = { breadcrumb: portals.field_operator.title, hydrate: false }

export default function Layout() {
  return <PortalLayout portal="field_operator" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="field_operator" />
}
