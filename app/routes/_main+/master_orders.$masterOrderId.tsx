import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { orderBase } from '~/features/orders/lens'
import { OrderPage } from '~/features/orders/order-page'
import { orderPageAction, orderPageFor } from '~/features/orders/pages.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'MainViewMasterOrder',
  title: 'Order',
  breadcrumb: (data) => data?.order.code ?? 'Order',
  parents: [{ text: 'Master orders', to: orderBase.main }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Order ${data.order.code}` : 'Order')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const page = await orderPageFor(getDb(), viewer, 'main', params.masterOrderId)
  if (!page) notFound()
  return page
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const outcome = await orderPageAction(
    getDb(),
    viewer,
    'main',
    params.masterOrderId,
    await readForm(request),
    orderMoves,
  )
  return answerForm(outcome, `${orderBase.main}/${params.masterOrderId}`)
}

export default function MainViewMasterOrderPage() {
  const { order, portal, may } = useLoaderData<typeof loader>()
  return <OrderPage order={order} portal={portal} may={may} reply={useActionData<typeof action>()} />
}
