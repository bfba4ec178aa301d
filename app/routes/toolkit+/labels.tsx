import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { LabelsPage } from '~/features/toolkit/labels-page'
import { labelsPage } from '~/features/toolkit/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'AnyPrintLabels',
  title: 'Shipping labels',
  menu: { group: 'Toolkit', label: 'Shipping labels', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Shipping labels')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return labelsPage(getDb(), viewer, new URL(request.url))
}

export default function LabelsRoute() {
  return <LabelsPage data={useLoaderData<typeof loader>()} />
}
