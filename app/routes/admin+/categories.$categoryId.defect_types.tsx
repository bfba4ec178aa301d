import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { DefectTypesEditor } from '~/features/categories/defect-types-editor'
import { handleDefectTypeForm } from '~/features/categories/forms.server'
import { categoryCrumbs, defectTypesPath } from '~/features/categories/paths'
import { categoryById, categorySummary, defectTypesOf, isLengthUnit } from '~/features/categories/queries.server'
import { describeQc } from '~/features/categories/shared'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminEditDefectTypes',
  title: 'Defect catalogue',
  breadcrumb: 'Defect catalogue',
  parents: (data) => categoryCrumbs(data?.category),
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.category.name}: defect catalogue` : 'Defect catalogue')

async function categoryOf(params: { categoryId?: string }) {
  const id = readId(params.categoryId) ?? notFound()
  return (await categoryById(getDb(), id)) ?? notFound()
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const category = await categoryOf(params)
  const summary = categorySummary(category)
  return {
    category: { id: summary.id, name: summary.name, product: summary.product },
    inspection: describeQc(summary.qc),
    byLength: isLengthUnit(summary.product.unit),
    defectTypes: await defectTypesOf(getDb(), category.id),
    idempotencyKey: newIdempotencyKey(),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const category = await categoryOf(params)
  const outcome = await handleDefectTypeForm(getDb(), viewer, category.id, await readForm(request))
  return answerForm(outcome, defectTypesPath(category.id))
}

export default function AdminEditDefectTypes() {
  const { category, inspection, byLength, defectTypes, idempotencyKey } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`${category.name}: defect catalogue`} />
      <p className="muted">
        The defects an inspector counts in lots of this category, each in its class: a lot’s sampling plan accepts a
        number of defects per class. Inspected by: {inspection}. A deactivated type is no longer offered to inspectors;
        inspections that counted it keep it.
      </p>
      <DefectTypesEditor
        defectTypes={defectTypes}
        byLength={byLength}
        idempotencyKey={idempotencyKey}
        reply={useActionData<typeof action>()}
      />
    </>
  )
}
