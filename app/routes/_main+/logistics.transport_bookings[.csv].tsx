import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { bookingsCsv } from '~/features/logistics/pages.server'

// The bookings list as CSV: every booking its query string matches, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return bookingsCsv(getDb(), new URL(request.url))
}
