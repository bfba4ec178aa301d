import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { PriceLabelsPage } from '~/features/toolkit/labels-page'
import { priceLabelsPage } from '~/features/toolkit/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'PriceLabelGenerator',
  title: 'Price labels',
  menu: { group: 'Toolkit', label: 'Price labels', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('Price labels')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return priceLabelsPage(getDb(), viewer, new URL(request.url))
}

export default function PriceLabelsRoute() {
  return <PriceLabelsPage data={useLoaderData<typeof loader>()} />
}
