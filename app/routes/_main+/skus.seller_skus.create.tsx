import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { handleCreateForm } from '~/features/seller-skus/forms.server'
import { productUnits } from '~/features/seller-skus/queries.server'
import { SellerSkuForm } from '~/features/seller-skus/seller-sku-form'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'CreateSellerSKU',
  title: 'Add a seller SKU',
  breadcrumb: 'Add',
  parents: [{ text: 'Seller SKUs (draft)', to: '/skus/seller_skus/draft' }],
}
export const meta: MetaFunction = () => pageTitle('Add a seller SKU')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const units = await productUnits(getDb())
  return {
    unitHint: `In the product’s unit (${units.map((u) => `${u.name}: ${u.unit}`).join(', ')})`,
    idempotencyKey: newIdempotencyKey(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const outcome = await handleCreateForm(getDb(), viewer, await readForm(request))
  return answerForm(outcome)
}

export default function CreateSellerSkuPage() {
  const { unitHint, idempotencyKey } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Add a seller SKU" />
      <SellerSkuForm
        mode="create"
        lastResult={lastResult}
        unitHint={unitHint}
        // The key of the first render: a resubmit after an error or a double click carries the same one.
        idempotencyKey={
          typeof lastResult?.initialValue?.idempotencyKey === 'string'
            ? lastResult.initialValue.idempotencyKey
            : idempotencyKey
        }
        cancelTo="/skus/seller_skus/draft"
      />
    </>
  )
}
