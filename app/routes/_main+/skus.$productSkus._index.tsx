import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { isFlagOn } from '~/features/flags/flags.server'
import { skuListPage } from '~/features/product-skus/list.server'
import { ProductSkuList } from '~/features/product-skus/product-sku-list'
import { productOfSkusSegment } from '~/features/product-skus/queries.server'
import { readSkuFilters } from '~/features/product-skus/schema.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'

export const handle: LoaderHandle<typeof loader> = {
  name: 'ManageProductSKUs',
  title: 'Product SKUs',
  breadcrumb: (data) => (data?.product ? `${data.product.name} SKUs` : 'SKUs'),
  menu: { group: 'Catalogue', label: '{product} SKUs', order: 10 },
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `${data.product.name} SKUs` : 'SKUs')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  const canExport = await isFlagOn(db, 'sku_csv_export', viewer.roles)
  return skuListPage(db, product, readSkuFilters(new URL(request.url), product.schema), canExport)
}

export default function ManageProductSkusPage() {
  return <ProductSkuList {...useLoaderData<typeof loader>()} />
}
