import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { handleSampleCartForm } from '~/features/sample-orders/cart-forms.server'
import { ChooseSampleCartBuyer, SampleCartPage } from '~/features/sample-orders/cart-page'
import { openSampleCarts, requestedBy, sampleCartView } from '~/features/sample-orders/cart.server'
import { sampleCartPath } from '~/features/sample-orders/shared'
import { cartBuyerOf } from '~/features/orders/cart-buyer.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'SamplesOrderCart',
  title: 'Samples order cart',
  breadcrumb: (data) => (data?.view ? `Samples cart: ${data.view.buyer.name}` : 'Samples order cart'),
  menu: { group: 'Orders', label: 'Samples order cart', order: 4 },
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.view ? `Samples cart: ${data.view.buyer.name}` : 'Samples order cart')

// After a refused submit the cart was still saved as typed: its lines' checks and totals are read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === 'POST' || defaultShouldRevalidate

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const buyer = await cartBuyerOf(db, new URL(request.url), sampleCartPath)
  if (buyer.buyerId !== null) {
    const view = await sampleCartView(db, viewer.userId, buyer.buyerId)
    if (!view) notFound()
    return { view, idempotencyKey: newIdempotencyKey(), choose: null }
  }
  const [carts, requests] = await Promise.all([openSampleCarts(db, viewer.userId), requestedBy(db, viewer.userId)])
  return {
    view: null,
    idempotencyKey: null,
    choose: {
      buyer: buyer.typed,
      error: buyer.error,
      choices: buyer.choices,
      carts: carts.map((c) => ({
        buyerId: c.buyer_id,
        buyerName: c.buyer_name,
        lineCount: Number(c.line_count),
        updatedAt: c.updated_at,
      })),
      requests,
    },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const buyerId = readId(new URL(request.url).searchParams.get('buyer'))
  if (!buyerId) notFound()
  const outcome = await handleSampleCartForm(getDb(), viewer, buyerId, await readForm(request))
  return answerForm(outcome, sampleCartPath(buyerId))
}

export default function SamplesOrderCartPage() {
  const { view, idempotencyKey, choose } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  // A changed cart (a line added, saved or removed) starts its forms again from what was saved.
  if (view)
    return (
      <SampleCartPage
        key={`${view.buyer.id}:${view.cart?.updatedAt ?? ''}`}
        view={view}
        idempotencyKey={idempotencyKey!}
        lastResult={lastResult}
      />
    )
  return <ChooseSampleCartBuyer {...choose!} />
}
