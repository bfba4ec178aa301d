import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { productExists, productForEdit } from '~/features/products/admin-queries.server'
import { AttributeSchemaEditor } from '~/features/products/attribute-editor'
import { handleProductEdit } from '~/features/products/edit-action.server'
import { productEditPath } from '~/features/products/product-list'
import { ProductDetailsForm, ProductLinesSection } from '~/features/products/product-edit'
import type { FormReply } from '~/features/products/schema'
import { Badge } from '~/ui/badge'
import { History } from '~/ui/history'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'DevAdminEditProductPage',
  title: 'Edit product',
  breadcrumb: (data: { product?: { name: string } } | undefined) => data?.product?.name ?? 'Edit product',
  parents: [{ text: 'Products', to: '/dev_admin/products' }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Edit ${data.product.name}` : 'Edit product')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'dev_admin')
  const db = getDb()
  const id = readId(params.productId) ?? notFound()
  const product = (await productForEdit(db, id)) ?? notFound()
  return {
    product,
    history: await historyOf(db, STAFF_VIEWER, 'product', id),
    lineKey: newIdempotencyKey(),
    attributeKey: newIdempotencyKey(),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  const db = getDb()
  const id = readId(params.productId) ?? notFound()
  if (!(await productExists(db, id))) notFound()
  const outcome = await handleProductEdit(db, viewer.userId, id, await readForm(request))
  return answerForm(outcome, productEditPath(id))
}

export default function DevAdminEditProductPage() {
  const { product, history, lineKey, attributeKey } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as FormReply | null | undefined
  return (
    // Keyed on what was saved (not on the idempotency keys: a refused submit reloads them too and
    // must keep its typed values), so every form starts from the saved values after a change.
    <div key={`${product.version}-${JSON.stringify(product.lines)}`} className="stack">
      <PageHeader title={`Edit ${product.name}`}>
        {product.active ? <Badge tone="success">active</Badge> : <Badge>inactive</Badge>}
      </PageHeader>
      <ProductDetailsForm product={product} reply={reply} />
      <ProductLinesSection lines={product.lines} idempotencyKey={lineKey} reply={reply} />
      <AttributeSchemaEditor
        schema={product.schema}
        conditionsByKey={product.conditionsByKey}
        idempotencyKey={attributeKey}
        reply={reply}
      />
      <History entries={history} />
    </div>
  )
}
