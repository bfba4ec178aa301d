import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyerPayments } from '~/features/settlements/buyer-money-pages'
import { buyerIdOf, buyerPaymentsPage } from '~/features/settlements/buyer.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BuyerViewPayments',
  title: 'Payments',
  menu: { group: 'Money', label: 'Payments', order: 40 },
}
export const meta: MetaFunction = () => pageTitle('Payments')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return buyerPaymentsPage(getDb(), buyerId, new URL(request.url))
}

export default function BuyerViewPaymentsPage() {
  return <BuyerPayments data={useLoaderData<typeof loader>()} />
}
