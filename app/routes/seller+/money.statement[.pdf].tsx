import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sellerStatementPdfFor } from '~/features/payables/pages.server'

// The seller's own statement of account for a period (?from=&to=, the last 90 days when absent) as a PDF download.
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  const sellerId = viewer.company?.kind === 'seller' ? viewer.company.id : null
  return (await sellerStatementPdfFor(getDb(), sellerId, new URL(request.url))) ?? notFound()
}
