import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { CompanyList } from '~/features/companies/company-list'
import { companyListPage, exportCompanies } from '~/features/companies/queries.server'
import { readCompanyFilters } from '~/features/companies/schema'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { csvResponse } from '~/utils/csv.server'

export const handle: RouteHandle = { name: 'ManageBuyers', title: 'Buyers', menu: { group: 'Companies', label: 'Buyers', order: 10 } }
export const meta: MetaFunction = () => pageTitle('Buyers')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const url = new URL(request.url)
  const filters = readCompanyFilters(url, 'buyer')
  if (url.searchParams.get('export') === 'csv') {
    // Every matching row, not just this page.
    const { columns, rows } = await exportCompanies(getDb(), 'buyer', filters)
    return csvResponse(`buyers-${new Date().toISOString().slice(0, 10)}.csv`, columns, rows)
  }
  return companyListPage(getDb(), 'buyer', filters)
}

export default function ManageBuyersPage() {
  return <CompanyList kind="buyer" {...useLoaderData<typeof loader>()} />
}
