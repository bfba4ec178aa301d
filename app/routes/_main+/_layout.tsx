import { PortalErrorBoundary, PortalLayout } from '~/ui/shell'

// Pathless: the main portal lives at the site's root (/dashboard, /profile, /skus/…).
export default function Layout() {
  return <PortalLayout portal="main" />
}

export function ErrorBoundary() {
  return <PortalErrorBoundary portal="main" />
}
