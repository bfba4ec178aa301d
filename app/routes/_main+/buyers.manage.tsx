import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { CompanyList } from '~/features/companies/company-list'
import { companyListPage } from '~/features/companies/list.server'
import { readCompanyFilters } from '~/features/companies/schema.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageBuyers',
  title: 'Buyers',
  menu: { group: 'Companies', label: 'Buyers', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Buyers')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return companyListPage(getDb(), 'buyer', readCompanyFilters(new URL(request.url), 'buyer'))
}

export default function ManageBuyersPage() {
  return <CompanyList kind="buyer" {...useLoaderData<typeof loader>()} />
}
