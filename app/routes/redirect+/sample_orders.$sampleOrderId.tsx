import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { samplePageTarget } from '~/features/sample-orders/pages.server'
import { readId } from '~/utils/list-params'

// /redirect/sample_orders/{sampleOrderId}: the sample order's page in the follower's own portal, or 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  const id = readId(params.sampleOrderId)
  const target = id ? await samplePageTarget(getDb(), viewer, id) : null
  if (!target) notFound()
  throw redirect(target)
}

/** Never rendered (the loader always redirects or throws): a page route, so a 404 is shown in the site's shell (app/ui/shell.tsx SiteErrorBoundary) rather than as a bare "Not found". */
export default function Redirect() {
  return null
}
