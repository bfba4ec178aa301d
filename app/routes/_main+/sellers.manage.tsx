import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { CompanyList } from '~/features/companies/company-list'
import { companyListPage, exportCompanies } from '~/features/companies/queries.server'
import { readCompanyFilters } from '~/features/companies/schema'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { csvResponse } from '~/utils/csv.server'

export const handle: RouteHandle = { name: 'ManageSellers', title: 'Sellers', menu: { group: 'Companies', label: 'Sellers', order: 20 } }
export const meta: MetaFunction = () => pageTitle('Sellers')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const url = new URL(request.url)
  const filters = readCompanyFilters(url, 'seller')
  if (url.searchParams.get('export') === 'csv') {
    // Every matching row, not just this page.
    const { columns, rows } = await exportCompanies(getDb(), 'seller', filters)
    return csvResponse(`sellers-${new Date().toISOString().slice(0, 10)}.csv`, columns, rows)
  }
  return companyListPage(getDb(), 'seller', filters)
}

export default function ManageSellersPage() {
  return <CompanyList kind="seller" {...useLoaderData<typeof loader>()} />
}
