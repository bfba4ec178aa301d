import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyersReportPage } from '~/features/reports/buyers-page'
import { buyersPage } from '~/features/reports/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BuyerReports',
  title: 'Buyer Reports',
  breadcrumb: 'Buyer report',
  menu: { group: 'Reports', label: 'Buyers', order: 30 },
}
export const meta: MetaFunction = () => pageTitle('Buyer report')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return buyersPage(getDb(), new URL(request.url))
}

export default function BuyersReportRoute() {
  return <BuyersReportPage data={useLoaderData<typeof loader>()} />
}
