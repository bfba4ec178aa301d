import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ReferencePage } from '~/api/reference-page'
import { referenceOf } from '~/api/reference.server'
import { endpoints } from '~/api/v1/index'
import { config } from '~/config.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: RouteHandle = { name: 'ApiReference', title: 'API reference' }
export const meta: MetaFunction = () => pageTitle('API reference')

// The integration API's readable reference (docs/api.md): public, as the OpenAPI document is; it holds
// no data, only what the document says.
export function loader() {
  return { reference: referenceOf(endpoints, config().appUrl) }
}

export default function ApiReferenceRoute() {
  return (
    <PublicShell wide>
      <ReferencePage reference={useLoaderData<typeof loader>().reference} />
    </PublicShell>
  )
}
