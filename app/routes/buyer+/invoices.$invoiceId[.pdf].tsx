import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf, buyerInvoicePdf } from '~/features/settlements/buyer.server'

// One of the buyer's own invoices as a PDF download, at /buyer/invoices/:invoiceId.pdf (a resource
// route); another buyer's invoice is not found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return (await buyerInvoicePdf(getDb(), buyerId, params.invoiceId)) ?? notFound()
}
