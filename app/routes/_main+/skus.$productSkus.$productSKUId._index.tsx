import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { handleSkuStatusForm } from '~/features/product-skus/forms.server'
import { ProductSkuRecordView } from '~/features/product-skus/product-sku-record'
import { productOfSkusSegment, productSkuRecord } from '~/features/product-skus/queries.server'
import { skuListPath } from '~/features/product-skus/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'ViewProductSKU',
  title: 'SKU',
  breadcrumb: (data) => data?.sku?.code ?? 'SKU',
  parents: (data) => (data?.product ? [{ text: `${data.product.name} SKUs`, to: skuListPath(data.product.slug) }] : []),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.product.name} SKU ${data.sku.code}` : 'SKU')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  const id = readId(params.productSKUId) ?? notFound()
  const sku = (await productSkuRecord(db, product, id)) ?? notFound()
  return {
    product: { name: product.name, slug: product.slug },
    sku,
    history: await historyOf(
      db,
      { ...STAFF_VIEWER, extraKeys: product.schema.map((a) => a.label) },
      'product_sku',
      id,
      { limit: 30 },
    ),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  const id = readId(params.productSKUId) ?? notFound()
  if (!(await productSkuRecord(db, product, id))) notFound()
  return answerForm(await handleSkuStatusForm(db, viewer, product, id, await readForm(request)))
}

export default function ProductSkuPage() {
  return <ProductSkuRecordView {...useLoaderData<typeof loader>()} />
}
