import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { listHandle, listMeta } from '~/features/sample-skus/route-handles'
import { loadList } from '~/features/sample-skus/routes.server'
import { SampleSkuList } from '~/features/sample-skus/sample-sku-list'

const place = sampleSkuPlaces.catalog_manager

export const handle = listHandle('CatalogManagerManageSampleSKUs')
export const meta = listMeta

export const loader = (args: LoaderFunctionArgs) => loadList(args, place)

export default function SampleSkusRoute() {
  return <SampleSkuList place={place} {...useLoaderData<typeof loader>()} />
}
