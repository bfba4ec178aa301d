import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { SampleOrderSearch } from '~/features/sample-orders/sample-order-search'
import { sampleSearchFor } from '~/features/sample-orders/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'KAMManageSampleOrders',
  title: 'Sample orders',
  menu: { group: 'Orders', label: 'Sample orders', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('Sample orders')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'demand_kam')
  const page = await sampleSearchFor(getDb(), viewer, 'demand_kam', new URL(request.url))
  if (!page) notFound()
  return page
}

export default function KAMManageSampleOrdersPage() {
  return <SampleOrderSearch {...useLoaderData<typeof loader>()} />
}
