import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { readUploadForm } from '~/features/images/images.server'
import { handleSampleSkuForm } from '~/features/sample-skus/forms.server'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { sampleSkuExists, sampleSkuForEdit } from '~/features/sample-skus/queries.server'
import { EditSampleSkuPage } from '~/features/sample-skus/sample-sku-pages'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { redirectWithToast } from '~/ui/toast.server'
import { readId } from '~/utils/list-params'

const place = sampleSkuPlaces.catalog_manager

export const handle: RouteHandle = {
  name: 'CatalogManagerEditSampleSKU',
  title: 'Edit sample SKU',
  breadcrumb: (data) => (data ? `Edit ${data.code}` : 'Edit'),
  parents: [{ text: 'Sample SKUs', to: place.base }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Edit ${data.code}` : 'Edit sample SKU')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, place.portal)
  const id = readId(params.sampleSKUId) ?? notFound()
  return (await sampleSkuForEdit(getDb(), id)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, place.portal)
  const id = readId(params.sampleSKUId) ?? notFound()
  const db = getDb()
  if (!(await sampleSkuExists(db, id))) notFound()
  const outcome = await handleSampleSkuForm(db, viewer, place, await readUploadForm(request), id)
  if (outcome.status === 'invalid') return data(outcome.reply, { status: 400 })
  return redirectWithToast(outcome.redirectTo, outcome.toast)
}

export default function EditSampleSkuRoute() {
  return <EditSampleSkuPage place={place} record={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
