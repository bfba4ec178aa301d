import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerBalancesCsv } from '~/features/settlements/exports.server'

// The buyers the settlements list's query string picks, with their figures, as CSV, streamed (a resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return buyerBalancesCsv(getDb(), new URL(request.url))
}
