import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { CategoryRecordPage } from '~/features/categories/category-record'
import { handleEditCategory } from '~/features/categories/forms.server'
import { categoryCrumbs } from '~/features/categories/paths'
import {
  categoryById,
  categoryFormValues,
  categorySummary,
  conditionsOf,
  defectTypeCounts,
  qcChoices,
} from '~/features/categories/queries.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminEditCategory',
  title: 'Edit category',
  breadcrumb: (data: { category?: { name: string } } | undefined) => data?.category?.name ?? 'Category',
  parents: (data) => categoryCrumbs(data?.category, false),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Edit ${data.category.name}` : 'Edit category')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const db = getDb()
  const id = readId(params.categoryId) ?? notFound()
  const record = (await categoryById(db, id)) ?? notFound()
  const [conditions, defectTypes, history] = await Promise.all([
    conditionsOf(db, id),
    defectTypeCounts(db, id),
    historyOf(db, STAFF_VIEWER, 'category', id, { limit: 50 }),
  ])
  return {
    category: categorySummary(record),
    values: categoryFormValues(record),
    version: record.updated_at,
    qcChoices: qcChoices(),
    conditions,
    defectTypes,
    history,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const db = getDb()
  const id = readId(params.categoryId) ?? notFound()
  if (!(await categoryById(db, id))) notFound()
  const outcome = await handleEditCategory(db, viewer, id, await readForm(request))
  return answerForm(outcome)
}

export default function AdminEditCategory() {
  return <CategoryRecordPage {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
