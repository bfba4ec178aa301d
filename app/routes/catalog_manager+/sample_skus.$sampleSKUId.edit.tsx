import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { loadEdit, saveSampleSku } from '~/features/sample-skus/routes.server'
import { EditSampleSkuPage } from '~/features/sample-skus/sample-sku-pages'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

const place = sampleSkuPlaces.catalog_manager

export const handle: RouteHandle = {
  name: 'CatalogManagerEditSampleSKU',
  title: 'Edit sample SKU',
  breadcrumb: (data) => (data ? `Edit ${data.code}` : 'Edit'),
  parents: [{ text: 'Sample SKUs', to: place.base }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Edit ${data.code}` : 'Edit sample SKU')

export const loader = (args: LoaderFunctionArgs) => loadEdit(args, place)
export const action = (args: ActionFunctionArgs) => saveSampleSku(args, place)

export default function EditSampleSkuRoute() {
  return <EditSampleSkuPage place={place} record={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
