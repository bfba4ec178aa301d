import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerIdOf } from '~/features/settlements/buyer.server'
import { buyerPaymentsCsv } from '~/features/settlements/exports.server'

// The payments received from the buyer, each with the invoices it paid, as CSV, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return buyerPaymentsCsv(getDb(), buyerId)
}
