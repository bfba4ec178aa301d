import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { readUploadForm } from '~/features/images/images.server'
import { handleEditSkuForm } from '~/features/product-skus/forms.server'
import { ProductSkuForm } from '~/features/product-skus/product-sku-form'
import { productOfSkusSegment, productSkuForEdit, skuFormOptions } from '~/features/product-skus/queries.server'
import { skuListPath, skuPath } from '~/features/product-skus/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditProductSKU',
  title: 'Edit SKU',
  breadcrumb: 'Edit',
  parents: (data) =>
    data?.product
      ? [
          { text: `${data.product.name} SKUs`, to: skuListPath(data.product.slug) },
          { text: data.sku.code, to: skuPath(data.product.slug, data.sku.id) },
        ]
      : [],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Edit ${data.product.name} SKU ${data.sku.code}` : 'Edit SKU')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  const id = readId(params.productSKUId) ?? notFound()
  const sku = (await productSkuForEdit(db, product, id)) ?? notFound()
  const options = await skuFormOptions(db, product.id, { categoryId: sku.categoryId, productLineId: sku.productLineId })
  return { product, sku, ...options }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  const id = readId(params.productSKUId) ?? notFound()
  if (!(await productSkuForEdit(db, product, id))) notFound()
  const outcome = await handleEditSkuForm(db, viewer, product, id, await readUploadForm(request))
  return answerForm(outcome)
}

export default function EditProductSkuPage() {
  const { product, sku, categories, lines, exampleCode } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Edit ${product.name} SKU ${sku.code}`} />
      <ProductSkuForm
        // A save reloads the page with the new version: a fresh form, not the old typed values.
        key={sku.version}
        product={product}
        categories={categories}
        lines={lines}
        exampleCode={exampleCode}
        lastResult={useActionData<typeof action>()}
        defaultValue={sku.values}
        version={sku.version}
        images={sku.images}
        cancelTo={skuPath(product.slug, sku.id)}
      />
    </>
  )
}
