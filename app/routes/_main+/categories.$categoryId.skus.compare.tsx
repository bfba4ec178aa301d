import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { compareSkus, readCompareRequest } from '~/features/product-skus/compare.server'
import { CompareView } from '~/features/product-skus/compare-view'
import { skuListPath } from '~/features/product-skus/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'CompareSKUs',
  title: 'Compare SKUs',
  breadcrumb: 'Compare',
  parents: (data) =>
    data?.category
      ? [
          { text: `${data.category.productName} SKUs`, to: skuListPath(data.category.productSlug) },
          { text: data.category.name, to: `${skuListPath(data.category.productSlug)}?category=${data.category.id}` },
        ]
      : [],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Compare ${data.category.name} SKUs` : 'Compare SKUs')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const categoryId = readId(params.categoryId) ?? notFound()
  return (await compareSkus(getDb(), categoryId, readCompareRequest(new URL(request.url)))) ?? notFound()
}

export default function CompareSkusPage() {
  return <CompareView {...useLoaderData<typeof loader>()} />
}
