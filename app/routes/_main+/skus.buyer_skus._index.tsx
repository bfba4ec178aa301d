import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyerSkuList } from '~/features/buyer-skus/buyer-sku-list'
import { buyerSkuListPage } from '~/features/buyer-skus/list.server'
import { readBuyerSkuFilters } from '~/features/buyer-skus/schema.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageBuyerSKUs',
  title: 'Buyer SKUs',
  menu: { group: 'Catalogue', label: 'Buyer SKUs', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('Buyer SKUs')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return buyerSkuListPage(getDb(), readBuyerSkuFilters(new URL(request.url)))
}

export default function ManageBuyerSkusPage() {
  return <BuyerSkuList {...useLoaderData<typeof loader>()} />
}
