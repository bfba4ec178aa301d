import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/features/idempotency/idempotency.server'
import { readUploadForm } from '~/features/images/images.server'
import { handleSampleSkuForm } from '~/features/sample-skus/forms.server'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { categoryGroups } from '~/features/sample-skus/queries.server'
import { CreateSampleSkuPage } from '~/features/sample-skus/sample-sku-pages'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { redirectWithToast } from '~/ui/toast.server'

const place = sampleSkuPlaces.catalog_manager

export const handle: RouteHandle = {
  name: 'CatalogManagerCreateSampleSKU',
  title: 'Create a sample SKU',
  breadcrumb: 'Create',
  parents: [{ text: 'Sample SKUs', to: place.base }],
}
export const meta: MetaFunction = () => pageTitle('Create a sample SKU')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, place.portal)
  return { categories: await categoryGroups(getDb()), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, place.portal)
  const outcome = await handleSampleSkuForm(getDb(), viewer, place, await readUploadForm(request))
  if (outcome.status === 'invalid') return data(outcome.reply, { status: 400 })
  return redirectWithToast(outcome.redirectTo, outcome.toast)
}

export default function CreateSampleSkuRoute() {
  return <CreateSampleSkuPage place={place} {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
