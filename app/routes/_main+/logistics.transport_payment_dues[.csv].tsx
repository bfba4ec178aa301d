import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { duesCsv } from '~/features/logistics/pages.server'

// The unpaid bills the dues page's query string picks, as CSV, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport_dues')
  return duesCsv(getDb(), new URL(request.url))
}
