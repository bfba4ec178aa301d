import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { einvoiceBulkJson } from '~/features/settlements/gst/pages.server'

// A month's documents not yet registered, as one JSON array for the portal's bulk upload (a resource route); this month's when the month is missing or not one.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return einvoiceBulkJson(getDb(), new URL(request.url))
}
