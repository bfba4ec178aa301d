import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { OrderSearch } from '~/features/orders/order-search'
import { orderSearchFor } from '~/features/orders/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'AdminSearchMasterOrders',
  title: 'Master orders',
  menu: { group: 'Orders', label: 'Master orders', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Master orders')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const page = await orderSearchFor(getDb(), viewer, 'admin', new URL(request.url))
  if (!page) notFound()
  return page
}

export default function AdminSearchMasterOrdersPage() {
  return <OrderSearch {...useLoaderData<typeof loader>()} />
}
