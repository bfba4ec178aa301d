import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { AdminRequestsPage } from '~/features/price-requests/admin-requests'
import { adminRequestsPage } from '~/features/price-requests/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'AdminBuyerSKUPriceChangeRequests',
  title: 'Price-change requests',
  menu: { group: 'Approvals', label: 'Price-change requests' },
}
export const meta: MetaFunction = () => pageTitle('Price-change requests')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  return adminRequestsPage(getDb(), new URL(request.url))
}

export default function AdminPriceChangeRequests() {
  return <AdminRequestsPage {...useLoaderData<typeof loader>()} />
}
