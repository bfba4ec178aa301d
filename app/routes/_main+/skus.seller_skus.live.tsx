import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sellerSkuListPage } from '~/features/seller-skus/list.server'
import { readSellerSkuFilters } from '~/features/seller-skus/schema.server'
import { SellerSkuList } from '~/features/seller-skus/seller-sku-list'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageLiveSellerSKUs',
  title: 'Seller SKUs (live)',
  menu: { group: 'Catalogue', label: 'Seller SKUs (live)', order: 30 },
}
export const meta: MetaFunction = () => pageTitle('Seller SKUs (live)')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return sellerSkuListPage(getDb(), readSellerSkuFilters(new URL(request.url), 'live'))
}

export default function ManageLiveSellerSKUsPage() {
  return <SellerSkuList page="live" {...useLoaderData<typeof loader>()} />
}
