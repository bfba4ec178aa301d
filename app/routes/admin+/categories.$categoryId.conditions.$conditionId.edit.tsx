import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ConditionForm } from '~/features/categories/condition-form'
import { handleConditionForm } from '~/features/categories/forms.server'
import { categoryCrumbs, categoryPath } from '~/features/categories/paths'
import {
  categoryById,
  categorySummary,
  conditionFormValues,
  conditionOfCategory,
} from '~/features/categories/queries.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminEditConditions',
  title: 'Edit condition',
  breadcrumb: (data: { condition?: { name: string } } | undefined) => data?.condition?.name ?? 'Condition',
  parents: (data) => categoryCrumbs(data?.category),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Edit ${data.condition.name}` : 'Edit condition')

/** The category and its condition; a condition of another category answers 404. */
async function conditionOf(params: { categoryId?: string; conditionId?: string }) {
  const db = getDb()
  const categoryId = readId(params.categoryId) ?? notFound()
  const conditionId = readId(params.conditionId) ?? notFound()
  const category = (await categoryById(db, categoryId)) ?? notFound()
  const condition = (await conditionOfCategory(db, categoryId, conditionId)) ?? notFound()
  return { category: categorySummary(category), condition }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const { category, condition } = await conditionOf(params)
  return {
    category,
    condition: { id: condition.id, name: condition.name },
    values: conditionFormValues(condition),
    version: condition.updated_at,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const { category, condition } = await conditionOf(params)
  const outcome = await handleConditionForm(getDb(), viewer, category, await readForm(request), condition.id)
  return answerForm(outcome)
}

export default function AdminEditConditions() {
  const { category, condition, values, version } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Edit ${condition.name}`} />
      <p className="muted">A QC condition of {category.name}.</p>
      <ConditionForm
        mode="edit"
        attributes={category.attributes}
        defaultValue={values}
        version={version}
        lastResult={useActionData<typeof action>()}
        cancelTo={categoryPath(category.id)}
      />
    </>
  )
}
