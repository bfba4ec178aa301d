import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { OrderSearch } from '~/features/orders/order-search'
import { orderSearchFor } from '~/features/orders/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'SellerViewMasterOrders',
  title: 'Your orders',
  menu: { group: 'Orders', label: 'Your orders', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Your orders')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  const page = await orderSearchFor(getDb(), viewer, 'seller', new URL(request.url))
  if (!page) notFound()
  return page
}

export default function SellerViewMasterOrdersPage() {
  return <OrderSearch {...useLoaderData<typeof loader>()} />
}
