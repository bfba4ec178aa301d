import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleWorkflowForm } from '~/features/categories/forms.server'
import { categoryCrumbs, workflowPath } from '~/features/categories/paths'
import { categoryById, categorySummary, workflowOf } from '~/features/categories/queries.server'
import { WorkflowEditor } from '~/features/categories/workflow-editor'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminEditFulfillmentWorkflow',
  title: 'Fulfilment workflow',
  breadcrumb: 'Fulfilment workflow',
  parents: (data) => categoryCrumbs(data?.category),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.category.name}: fulfilment workflow` : 'Fulfilment workflow')

async function categoryOf(params: { categoryId?: string }) {
  const id = readId(params.categoryId) ?? notFound()
  return (await categoryById(getDb(), id)) ?? notFound()
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const category = await categoryOf(params)
  return { category: categorySummary(category), stages: await workflowOf(getDb(), category.id) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const category = await categoryOf(params)
  const outcome = await handleWorkflowForm(getDb(), viewer, category.id, await readForm(request))
  return answerForm(outcome, workflowPath(category.id))
}

export default function AdminEditFulfillmentWorkflow() {
  const { category, stages } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`${category.name}: fulfilment workflow`} />
      <p className="muted">
        The stages an order of this category goes through, in order, with the days each is expected to take.
      </p>
      <WorkflowEditor stages={stages} reply={useActionData<typeof action>()} />
    </>
  )
}
