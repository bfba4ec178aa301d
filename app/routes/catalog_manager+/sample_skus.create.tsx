import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { loadCreate, saveSampleSku } from '~/features/sample-skus/routes.server'
import { CreateSampleSkuPage } from '~/features/sample-skus/sample-sku-pages'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

const place = sampleSkuPlaces.catalog_manager

export const handle: RouteHandle = {
  name: 'CatalogManagerCreateSampleSKU',
  title: 'Create a sample SKU',
  breadcrumb: 'Create',
  parents: [{ text: 'Sample SKUs', to: place.base }],
}
export const meta: MetaFunction = () => pageTitle('Create a sample SKU')

export const loader = (args: LoaderFunctionArgs) => loadCreate(args, place)
export const action = (args: ActionFunctionArgs) => saveSampleSku(args, place)

export default function CreateSampleSkuRoute() {
  return <CreateSampleSkuPage place={place} {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
