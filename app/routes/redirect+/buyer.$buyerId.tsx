import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerPageFor } from '~/features/redirects/redirects.server'
import { readId } from '~/utils/list-params'

// /redirect/buyer/{buyerId}: a link that works for whoever follows it (e-mails, other portals).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  const buyerId = readId(params.buyerId)
  const target = buyerId ? await buyerPageFor(getDb(), viewer, buyerId) : null
  if (!target) notFound()
  throw redirect(target)
}

/** Never rendered (the loader always redirects or throws): a page route, so a 404 is shown in the site's shell (app/ui/shell.tsx SiteErrorBoundary) rather than as a bare "Not found". */
export default function Redirect() {
  return null
}
