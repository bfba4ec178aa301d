import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { InspectionPage, RecordedByAnother } from '~/features/qc/field-pages'
import { RECORDED_BY_ANOTHER } from '~/features/qc/rules'
import { inspectionAction, operatorInspection } from '~/features/qc/field.server'
import { readInspectionForm } from '~/features/qc/photos.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { ErrorPanel } from '~/ui/error-page'
import { answerForm } from '~/ui/outcome.server'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'FieldOperatorInspection',
  title: 'Inspection',
  breadcrumb: (data) => data?.inspection?.code ?? 'Inspection',
  parents: [{ text: 'My inspections', to: '/field_operator/orders' }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.inspection ? `${data.inspection.code} · ${data.inspection.seller}` : 'Inspection')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'field_operator')
  const id = readId(params.inspectionId)
  const inspection = id ? await operatorInspection(getDb(), viewer, id) : undefined
  if (!inspection) throw notFound()
  const step = new URL(request.url).searchParams.get('step') === 'review' ? ('review' as const) : ('form' as const)
  return { inspection, step }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'field_operator')
  const outcome = await inspectionAction(getDb(), viewer, params.inspectionId, await readInspectionForm(request))
  return answerForm(outcome)
}

export default function FieldOperatorInspectionPage() {
  const { inspection, step } = useLoaderData<typeof loader>()
  return <InspectionPage inspection={inspection} step={step} reply={useActionData<typeof action>()} />
}

/** Another person's form (kept on a shared phone) says so; any other error is the portal's. */
export function ErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 403 && error.data === RECORDED_BY_ANOTHER ? (
    <RecordedByAnother />
  ) : (
    <ErrorPanel error={error} />
  )
}
