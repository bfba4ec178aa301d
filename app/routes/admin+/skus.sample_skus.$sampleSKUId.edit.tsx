import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { sampleSkuPlaces } from '~/features/sample-skus/places'
import { editHandle, editMeta } from '~/features/sample-skus/route-handles'
import { loadEdit, saveSampleSku } from '~/features/sample-skus/routes.server'
import { EditSampleSkuPage } from '~/features/sample-skus/sample-sku-pages'

const place = sampleSkuPlaces.admin

export const handle = editHandle('AdminEditSampleSKU', place)
export const meta: MetaFunction<typeof loader> = editMeta

export const loader = (args: LoaderFunctionArgs) => loadEdit(args, place)
export const action = (args: ActionFunctionArgs) => saveSampleSku(args, place)

export default function EditSampleSkuRoute() {
  return (
    <EditSampleSkuPage
      place={place}
      record={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()}
    />
  )
}
