import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { orderBase } from '~/features/orders/lens'
import { BuyerOrderPage } from '~/features/orders/buyer-order-page'
import { orderPageAction, orderPageFor } from '~/features/orders/pages.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'BuyerViewMasterOrderDetails',
  title: 'Order',
  breadcrumb: (data) => data?.order.code ?? 'Order',
  parents: [{ text: 'Master orders', to: orderBase.buyer }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Order ${data.order.code}` : 'Order')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const page = await orderPageFor(getDb(), viewer, 'buyer', params.masterOrderId)
  if (!page) notFound()
  return page
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const outcome = await orderPageAction(
    getDb(),
    viewer,
    'buyer',
    params.masterOrderId,
    await readForm(request),
    orderMoves,
  )
  return answerForm(outcome, `${orderBase.buyer}/${params.masterOrderId}`)
}

export default function BuyerViewMasterOrderDetailsPage() {
  return <BuyerOrderPage order={useLoaderData<typeof loader>().order} />
}
