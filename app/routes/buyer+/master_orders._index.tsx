import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { OrderSearch } from '~/features/orders/order-search'
import { orderSearchFor } from '~/features/orders/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BuyerViewMasterOrders',
  title: 'Master orders',
  menu: { group: 'Orders', label: 'Master orders', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Master orders')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const page = await orderSearchFor(getDb(), viewer, 'buyer', new URL(request.url))
  if (!page) notFound()
  return page
}

export default function BuyerViewMasterOrdersPage() {
  return <OrderSearch {...useLoaderData<typeof loader>()} />
}
