import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { qcCsv } from '~/features/reports/pages.server'

/** The QC report's table as CSV (the same query). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return qcCsv(getDb(), new URL(request.url))
}
