import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { exportCompanies } from '~/features/companies/list.server'
import { readCompanyFilters } from '~/features/companies/schema.server'
import { csvResponse } from '~/utils/csv.server'

// The buyers list as CSV: every row that matches the list's filters (same query string), not one page.
// A resource route: a page route's loader cannot answer a document request with a file.
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const { columns, rows } = await exportCompanies(getDb(), 'buyer', readCompanyFilters(new URL(request.url), 'buyer'))
  return csvResponse(`buyers-${new Date().toISOString().slice(0, 10)}.csv`, columns, rows)
}
