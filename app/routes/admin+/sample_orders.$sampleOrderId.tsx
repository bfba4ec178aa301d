import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sampleMoves } from '~/lifecycle/sample-orders.server'
import { samplePath, sampleBase } from '~/features/sample-orders/lens'
import { SampleOrderPage } from '~/features/sample-orders/sample-order-page'
import { samplePageAction, samplePageFor } from '~/features/sample-orders/pages.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminViewSampleOrder',
  title: 'Sample order',
  breadcrumb: (data) => data?.order.code ?? 'Sample order',
  parents: [{ text: 'Sample orders', to: sampleBase.admin }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Sample order ${data.order.code}` : 'Sample order')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const page = await samplePageFor(getDb(), viewer, 'admin', params.sampleOrderId)
  if (!page) notFound()
  return page
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const outcome = await samplePageAction(
    getDb(),
    viewer,
    'admin',
    params.sampleOrderId,
    await readForm(request),
    sampleMoves,
  )
  return answerForm(outcome, samplePath('admin', readId(params.sampleOrderId) ?? 0))
}

export default function AdminViewSampleOrderPage() {
  const { order, portal } = useLoaderData<typeof loader>()
  return <SampleOrderPage order={order} portal={portal} reply={useActionData<typeof action>()} />
}
