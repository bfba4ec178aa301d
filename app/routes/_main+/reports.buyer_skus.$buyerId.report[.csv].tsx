import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerReportCsv } from '~/features/reports/pages.server'

/** A buyer's SKUs ordered in the period, as CSV. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return buyerReportCsv(getDb(), params.buyerId, new URL(request.url))
}
