import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { requestsCsv } from '~/features/logistics/pages.server'

// The transport requests list as CSV: every request its query string matches, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return requestsCsv(getDb(), new URL(request.url))
}
