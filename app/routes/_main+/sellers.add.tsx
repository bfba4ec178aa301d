import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { CompanyForm } from '~/features/companies/company-form'
import { handleAddSellerForm } from '~/features/companies/forms.server'
import { assigneeOptions } from '~/features/companies/queries.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'AddSeller',
  title: 'Add a seller',
  breadcrumb: 'Add',
  parents: [{ text: 'Sellers', to: '/sellers/manage' }],
}
export const meta: MetaFunction = () => pageTitle('Add a seller')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const agents = await assigneeOptions(getDb(), 'seller')
  return { agents: agents.map((a) => ({ id: a.id, name: a.name })), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const outcome = await handleAddSellerForm(getDb(), viewer, await readForm(request), config().appUrl)
  return answerForm(outcome)
}

export default function AddSellerPage() {
  const { agents, idempotencyKey } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Add a seller" />
      <p className="muted">A seller added here has been checked by staff, so it starts active.</p>
      <CompanyForm
        kind="seller"
        mode="add"
        assignees={agents}
        lastResult={lastResult}
        // The key of the first render: a resubmit after an error or a double click carries the same one.
        idempotencyKey={
          typeof lastResult?.initialValue?.idempotencyKey === 'string'
            ? lastResult.initialValue.idempotencyKey
            : idempotencyKey
        }
        cancelTo="/sellers/manage"
      />
    </>
  )
}
