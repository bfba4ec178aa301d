import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { gstr1Json } from '~/features/settlements/gst/pages.server'

// A month's GSTR-1 as the JSON the GST offline tool imports (a resource route); this month's when the month is missing or not one.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return gstr1Json(getDb(), new URL(request.url))
}
