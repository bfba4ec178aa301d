import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { requestsCsv } from '~/features/logistics/pages.server'

// The transport requests list as CSV: every request its query string matches, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return requestsCsv(getDb(), new URL(request.url))
}
