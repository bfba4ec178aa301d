import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf } from '~/features/settlements/buyer.server'
import { buyerInvoicesCsv } from '~/features/settlements/exports.server'

// The buyer's invoices its list's query string picks, as CSV, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return buyerInvoicesCsv(getDb(), buyerId, new URL(request.url))
}
