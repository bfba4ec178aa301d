import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { orderCsvFor } from '~/features/orders/export.server'

// The order search as CSV: every order its query string matches, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return orderCsvFor(getDb(), viewer, 'admin', new URL(request.url)) ?? notFound()
}
