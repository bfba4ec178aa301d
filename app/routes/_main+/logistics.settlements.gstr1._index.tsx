import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { Gstr1Page } from '~/features/settlements/gst/gstr1-page'
import { gstr1Page } from '~/features/settlements/gst/pages.server'
import { settlementsPath } from '~/features/settlements/shared'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'Gstr1',
  title: 'GSTR-1',
  breadcrumb: 'GSTR-1',
  parents: [{ text: 'Buyer settlements', to: settlementsPath }],
}
export const meta: MetaFunction = () => pageTitle('GSTR-1')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return gstr1Page(getDb(), new URL(request.url))
}

export default function Gstr1RoutePage() {
  return <Gstr1Page data={useLoaderData<typeof loader>()} />
}
