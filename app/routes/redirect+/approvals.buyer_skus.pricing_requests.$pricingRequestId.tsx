import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { priceRequestPageFor } from '~/features/price-requests/redirect.server'
import { readId } from '~/utils/list-params'

// /redirect/approvals/buyer_skus/pricing_requests/{id}: the link in the decision e-mail, for whoever follows it.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  const id = readId(params.pricingRequestId)
  const target = id ? await priceRequestPageFor(getDb(), viewer, id) : null
  if (!target) notFound()
  throw redirect(target)
}

/** Never rendered (the loader always redirects or throws): a page route, so a 404 is shown in the site's shell (app/ui/shell.tsx SiteErrorBoundary) rather than as a bare "Not found". */
export default function Redirect() {
  return null
}
