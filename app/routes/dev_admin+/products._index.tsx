import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { listProductsForAdmin } from '~/features/products/admin-queries.server'
import { handleCreateProduct } from '~/features/products/edit-action.server'
import { AddProductForm, ProductTable } from '~/features/products/product-list'
import { answerForm } from '~/ui/outcome.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'DevAdminManageProductPage',
  title: 'Products',
  menu: { group: 'Catalogue', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Products')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'dev_admin')
  return { products: await listProductsForAdmin(getDb()), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  return answerForm(await handleCreateProduct(getDb(), viewer.userId, await readForm(request)))
}

export default function DevAdminManageProductPage() {
  const { products, idempotencyKey } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Products">
        <Link className="btn" to="#add-product-heading">
          Add a product
        </Link>
      </PageHeader>
      <p className="muted">
        The product families the platform trades. Each has its own SKU list, product lines and attribute schema.
      </p>
      <ProductTable products={products} />
      <AddProductForm idempotencyKey={idempotencyKey} lastResult={useActionData<typeof action>()} />
    </>
  )
}
