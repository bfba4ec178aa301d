import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sampleCsvFor } from '~/features/sample-orders/pages.server'

// The sample order search as CSV: every sample order its query string matches, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return sampleCsvFor(getDb(), viewer, 'admin', new URL(request.url)) ?? notFound()
}
