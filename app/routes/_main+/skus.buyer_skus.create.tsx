import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { CreateBuyerSkuForm } from '~/features/buyer-skus/buyer-sku-form'
import { handleCreateForm } from '~/features/buyer-skus/forms.server'
import { LIST_PATH } from '~/features/buyer-skus/paths'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'CreateBuyerSKU',
  title: 'Add a buyer SKU',
  breadcrumb: 'Add',
  parents: [{ text: 'Buyer SKUs', to: LIST_PATH }],
}
export const meta: MetaFunction = () => pageTitle('Add a buyer SKU')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  // A buyer chosen on its page (?buyer=#12) comes filled in.
  const buyer = (new URL(request.url).searchParams.get('buyer') ?? '').slice(0, 120)
  return { idempotencyKey: newIdempotencyKey(), buyer }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const outcome = await handleCreateForm(getDb(), viewer, await readForm(request))
  return answerForm(outcome)
}

export default function CreateBuyerSkuPage() {
  const { idempotencyKey, buyer } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Add a buyer SKU" />
      <p className="muted">
        The buyer SKU starts with version 1, in force from now. Every later change makes a new version.
      </p>
      <CreateBuyerSkuForm
        lastResult={lastResult}
        // The key of the first render: a resubmit after an error or a double click carries the same one.
        idempotencyKey={
          typeof lastResult?.initialValue?.idempotencyKey === 'string'
            ? lastResult.initialValue.idempotencyKey
            : idempotencyKey
        }
        defaultValue={buyer ? { buyer } : undefined}
        cancelTo={LIST_PATH}
      />
    </>
  )
}
