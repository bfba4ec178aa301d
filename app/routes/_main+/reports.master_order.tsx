import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BusinessReportPage } from '~/features/reports/business-page'
import { businessPage } from '~/features/reports/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BusinessReports',
  title: 'Business Reports',
  breadcrumb: 'Business report',
  menu: { group: 'Reports', label: 'Business', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Business report')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return businessPage(getDb(), new URL(request.url))
}

export default function BusinessReportRoute() {
  return <BusinessReportPage data={useLoaderData<typeof loader>()} />
}
