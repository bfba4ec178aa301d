import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { CompanyList } from '~/features/companies/company-list'
import { companyListPage } from '~/features/companies/list.server'
import { readCompanyFilters } from '~/features/companies/schema.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageSellers',
  title: 'Sellers',
  menu: { group: 'Companies', label: 'Sellers', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('Sellers')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return companyListPage(getDb(), 'seller', readCompanyFilters(new URL(request.url), 'seller'))
}

export default function ManageSellersPage() {
  return <CompanyList kind="seller" {...useLoaderData<typeof loader>()} />
}
