import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyerOutstanding } from '~/features/settlements/buyer-money-pages'
import { buyerIdOf, buyerOutstandingPage } from '~/features/settlements/buyer.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BuyerViewOutstanding',
  title: 'Outstanding',
  menu: { group: 'Money', label: 'Outstanding and statement', order: 50 },
}
export const meta: MetaFunction = () => pageTitle('Outstanding')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return (await buyerOutstandingPage(getDb(), buyerId, new URL(request.url))) ?? notFound()
}

export default function BuyerViewOutstandingPage() {
  return <BuyerOutstanding data={useLoaderData<typeof loader>()} />
}
