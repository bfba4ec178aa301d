import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { businessCsv } from '~/features/reports/pages.server'

/** The business report's table as CSV (the same query). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return businessCsv(getDb(), new URL(request.url))
}
