import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { createHandle, createMeta } from '~/features/sample-skus/route-handles'
import { loadCreate, saveSampleSku } from '~/features/sample-skus/routes.server'
import { CreateSampleSkuPage } from '~/features/sample-skus/sample-sku-pages'

const place = sampleSkuPlaces.biz_ops

export const handle = createHandle('BizOpsTeamCreateSampleSKU', place)
export const meta: MetaFunction<typeof loader> = createMeta

export const loader = (args: LoaderFunctionArgs) => loadCreate(args, place)
export const action = (args: ActionFunctionArgs) => saveSampleSku(args, place)

export default function CreateSampleSkuRoute() {
  return (
    <CreateSampleSkuPage
      place={place}
      {...useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()}
    />
  )
}
