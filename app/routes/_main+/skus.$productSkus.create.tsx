import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { readUploadForm } from '~/features/images/images.server'
import { handleCreateSkuForm } from '~/features/product-skus/forms.server'
import { ProductSkuForm } from '~/features/product-skus/product-sku-form'
import { productOfSkusSegment, skuFormOptions } from '~/features/product-skus/queries.server'
import { skuListPath } from '~/features/product-skus/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { answerForm } from '~/ui/outcome.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'CreateProductSKU',
  title: 'Add a SKU',
  breadcrumb: 'Add',
  parents: (data) => (data?.product ? [{ text: `${data.product.name} SKUs`, to: skuListPath(data.product.slug) }] : []),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Add a ${data.product.name.toLowerCase()} SKU` : 'Add a SKU')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  return { product, ...(await skuFormOptions(db, product.id)), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  const outcome = await handleCreateSkuForm(db, viewer, product, await readUploadForm(request))
  return answerForm(outcome)
}

export default function CreateProductSkuPage() {
  const { product, categories, lines, exampleCode, idempotencyKey } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <>
      <PageHeader title={`Add a ${product.name.toLowerCase()} SKU`} />
      <ProductSkuForm
        product={product}
        categories={categories}
        lines={lines}
        exampleCode={exampleCode}
        lastResult={lastResult}
        // The key of the first render: a resubmit after an error or a double click carries the same one.
        idempotencyKey={
          typeof lastResult?.initialValue?.idempotencyKey === 'string'
            ? lastResult.initialValue.idempotencyKey
            : idempotencyKey
        }
        cancelTo={skuListPath(product.slug)}
      />
    </>
  )
}
