import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { sampleSkuListPage } from '~/features/sample-skus/queries.server'
import { SampleSkuList } from '~/features/sample-skus/sample-sku-list'
import { readSampleSkuFilters } from '~/features/sample-skus/schema'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

const place = sampleSkuPlaces.biz_ops

export const handle: RouteHandle = { name: 'BizOpsTeamViewSampleSKUs', title: 'Sample SKUs', menu: { group: 'Catalogue', label: 'Sample SKUs' } }
export const meta: MetaFunction = () => pageTitle('Sample SKUs')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, place.portal)
  return sampleSkuListPage(getDb(), readSampleSkuFilters(new URL(request.url)))
}

export default function SampleSkusPage() {
  return <SampleSkuList place={place} {...useLoaderData<typeof loader>()} />
}
