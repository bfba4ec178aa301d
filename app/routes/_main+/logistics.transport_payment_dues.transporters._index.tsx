import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { TransportersPage } from '~/features/logistics/transporters-page'
import { transportersPage } from '~/features/logistics/transporters.server'
import { duesPath } from '~/features/logistics/shared'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'TransporterTaxDetails',
  title: 'Transporters',
  breadcrumb: 'Transporters',
  parents: () => [{ text: 'Payment dues', to: duesPath }],
}
export const meta: MetaFunction = () => pageTitle('Transporters’ tax details')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport_dues')
  return transportersPage(getDb())
}

export default function TransporterTaxDetailsPage() {
  return <TransportersPage data={useLoaderData<typeof loader>()} />
}
