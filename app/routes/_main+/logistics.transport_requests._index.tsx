import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { requestsPage } from '~/features/logistics/pages.server'
import { RequestList } from '~/features/logistics/request-pages'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageTransportRequests',
  title: 'Manage Transport Requests',
  breadcrumb: 'Transport requests',
  menu: { group: 'Logistics', label: 'Transport requests', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Transport requests')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return requestsPage(getDb(), new URL(request.url))
}

export default function ManageTransportRequestsPage() {
  return <RequestList {...useLoaderData<typeof loader>()} />
}
