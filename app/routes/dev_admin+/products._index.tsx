import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/features/idempotency/idempotency.server'
import { listProductsForAdmin } from '~/features/products/admin-queries.server'
import { createProduct } from '~/features/products/mutations.server'
import { AddProductForm, productEditPath, ProductTable } from '~/features/products/product-list'
import { createProductSchema } from '~/features/products/schema'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { redirectWithToast } from '~/ui/toast.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'DevAdminManageProductPage', title: 'Products', menu: { group: 'Catalogue', order: 10 } }
export const meta: MetaFunction = () => pageTitle('Products')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'dev_admin')
  return { products: await listProductsForAdmin(getDb()), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  const submission = parseWithZod(await readForm(request), { schema: createProductSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const result = await createProduct(getDb(), viewer.userId, submission.value)
  if (!result.ok) {
    const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] }
    return data(submission.reply(errors), { status: 400 })
  }
  return redirectWithToast(productEditPath(result.value.productId), {
    kind: 'success',
    message: `${submission.value.name} is added. Now give it product lines and attributes.`,
  })
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
      <p className="muted">The product families the platform trades. Each has its own SKU list, product lines and attribute schema.</p>
      <ProductTable products={products} />
      <AddProductForm idempotencyKey={idempotencyKey} lastResult={useActionData<typeof action>()} />
    </>
  )
}
