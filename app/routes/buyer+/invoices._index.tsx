import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyerInvoices } from '~/features/settlements/buyer-money-pages'
import { buyerIdOf, buyerInvoicesPage } from '~/features/settlements/buyer.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BuyerViewInvoices',
  title: 'Invoices',
  menu: { group: 'Money', label: 'Invoices', order: 30 },
}
export const meta: MetaFunction = () => pageTitle('Invoices')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return buyerInvoicesPage(getDb(), buyerId, new URL(request.url))
}

export default function BuyerViewInvoicesPage() {
  return <BuyerInvoices data={useLoaderData<typeof loader>()} />
}
