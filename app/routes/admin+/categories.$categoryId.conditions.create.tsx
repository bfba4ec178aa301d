import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ConditionForm } from '~/features/categories/condition-form'
import { handleConditionForm } from '~/features/categories/forms.server'
import { categoryCrumbs, categoryPath } from '~/features/categories/paths'
import { categoryById, categorySummary } from '~/features/categories/queries.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminCreateConditions',
  title: 'Add a condition',
  parents: (data) => categoryCrumbs(data?.category),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.category.name}: add a condition` : 'Add a condition')

async function categoryOf(params: { categoryId?: string }) {
  const id = readId(params.categoryId) ?? notFound()
  return categorySummary((await categoryById(getDb(), id)) ?? notFound())
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  return { category: await categoryOf(params), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const category = await categoryOf(params)
  const outcome = await handleConditionForm(getDb(), viewer, category, await readForm(request))
  return answerForm(outcome)
}

export default function AdminCreateConditions() {
  const { category, idempotencyKey } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Add a condition to ${category.name}`} />
      <ConditionForm
        mode="create"
        attributes={category.attributes}
        idempotencyKey={idempotencyKey}
        lastResult={useActionData<typeof action>()}
        cancelTo={categoryPath(category.id)}
      />
    </>
  )
}
