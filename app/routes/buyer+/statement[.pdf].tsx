import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf, buyerStatementPdf } from '~/features/settlements/buyer.server'

// The buyer's own statement of account for a period (?from=&to=, the last 90 days when absent) as a
// PDF download (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return (await buyerStatementPdf(getDb(), buyerId, new URL(request.url))) ?? notFound()
}
