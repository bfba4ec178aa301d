import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf } from '~/features/settlements/buyer.server'
import { notePdfFor } from '~/features/settlements/invoice-page.server'

// One of the buyer's own credit notes as a PDF download, at /buyer/credit_notes/:noteId.pdf (a
// resource route); another buyer's note is not found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return (await notePdfFor(getDb(), buyerId, 'credit', params.noteId)) ?? notFound()
}
