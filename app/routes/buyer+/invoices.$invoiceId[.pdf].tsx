import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf, buyerInvoicePdf } from '~/features/settlements/buyer.server'
import { buyerMoneyPaths } from '~/features/settlements/buyer-paths'

// One of the buyer's own invoices as a PDF download, at /buyer/invoices/:invoiceId.pdf (a resource
// route); another buyer's invoice is not found. An invoice that is not yet a valid tax invoice (no
// IRN yet, or its IRN cancelled: Rule 48(5)) has no PDF for the buyer: its page says what it waits for.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  const pdf = (await buyerInvoicePdf(getDb(), buyerId, params.invoiceId)) ?? notFound()
  return pdf.ok ? pdf.response : redirect(buyerMoneyPaths.invoice(pdf.invoiceId), 303)
}
