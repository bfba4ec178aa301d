import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf } from '~/features/settlements/buyer.server'
import { buyerMoneyPaths } from '~/features/settlements/buyer-paths'
import { buyerNotePdf } from '~/features/settlements/invoice-page.server'

// One of the buyer's own credit notes as a PDF download, at /buyer/credit_notes/:noteId.pdf (a
// resource route); another buyer's note is not found. A note that is not yet a valid document (no
// IRN yet, or its IRN cancelled: Rule 48(5)) has no PDF for the buyer, as for an invoice: its
// invoice's page, which lists it, says what it waits for.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  const pdf = (await buyerNotePdf(getDb(), buyerId, 'credit', params.noteId)) ?? notFound()
  return pdf.ok ? pdf.response : redirect(buyerMoneyPaths.invoice(pdf.invoiceId), 303)
}
