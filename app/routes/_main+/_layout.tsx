import { PortalLayout, SiteErrorBoundary } from '~/ui/shell'

// Pathless: the main portal lives at the site's root (/dashboard, /profile, /skus/…).
export default function Layout() {
  return <PortalLayout portal="main" />
}

// The main portal's pages, and any path no portal claims (the splat, $.tsx: /admin/nope is shown in the admin's shell).
export function ErrorBoundary() {
  return <SiteErrorBoundary />
}
