import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sampleBase } from '~/features/sample-orders/lens'
import { samplePageFor } from '~/features/sample-orders/pages.server'
import { SampleOrderPage } from '~/features/sample-orders/sample-order-page'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'

// The main portal's user follows a sample order it requested (read-only: the buyer's KAM and
// business operations take its steps); any other is not found.
export const handle: LoaderHandle<typeof loader> = {
  name: 'MainViewSampleOrder',
  title: 'Sample order',
  breadcrumb: (data) => data?.order.code ?? 'Sample order',
  parents: [{ text: 'Samples order cart', to: sampleBase.main }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Sample order ${data.order.code}` : 'Sample order')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const page = await samplePageFor(getDb(), viewer, 'main', params.sampleOrderId)
  if (!page) notFound()
  return page
}

export default function MainViewSampleOrderPage() {
  const { order, portal } = useLoaderData<typeof loader>()
  return <SampleOrderPage order={order} portal={portal} reply={undefined} />
}
