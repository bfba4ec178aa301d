import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sellerSkuListPage } from '~/features/seller-skus/list.server'
import { readSellerSkuFilters } from '~/features/seller-skus/schema.server'
import { SellerSkuList } from '~/features/seller-skus/seller-sku-list'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageDraftSellerSKUs',
  title: 'Seller SKUs (draft)',
  menu: { group: 'Catalogue', label: 'Seller SKUs (draft)', order: 31 },
}
export const meta: MetaFunction = () => pageTitle('Seller SKUs (draft)')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return sellerSkuListPage(getDb(), readSellerSkuFilters(new URL(request.url), 'draft'))
}

export default function ManageDraftSellerSKUsPage() {
  return <SellerSkuList page="draft" {...useLoaderData<typeof loader>()} />
}
