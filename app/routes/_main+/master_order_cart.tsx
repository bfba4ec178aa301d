import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { handleCartForm } from '~/features/orders/cart-forms.server'
import { orderPlaced } from '~/lifecycle/master-orders.server'
import { CartPage, ChooseCartBuyer } from '~/features/orders/cart-page'
import { cartView, openCarts, readSellerSort } from '~/features/orders/cart.server'
import { cartPath } from '~/features/orders/shared'
import { cartBuyerOf } from '~/features/orders/cart-buyer.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { readId } from '~/utils/list-params'
import { buyerCredit } from '~/features/credit/credit.server'
import { CreditPanel } from '~/features/credit/credit-panel'

export const handle: LoaderHandle<typeof loader> = {
  name: 'MasterOrderCart',
  title: 'Master order cart',
  breadcrumb: (data) => (data?.view ? `Cart: ${data.view.buyer.name}` : 'Master order cart'),
  menu: { group: 'Orders', label: 'Master order cart', order: 1 },
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.view ? `Cart: ${data.view.buyer.name}` : 'Master order cart')

// After a refused submit the cart was still saved as typed: its lines' checks and totals are read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === 'POST' || defaultShouldRevalidate

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const url = new URL(request.url)
  const buyer = await cartBuyerOf(db, url, cartPath)
  if (buyer.buyerId !== null) {
    const view = await cartView(db, viewer.userId, buyer.buyerId, new Date(), readSellerSort(url))
    if (!view) notFound()
    const credit = (await buyerCredit(db, buyer.buyerId)) ?? null
    return { view, credit, idempotencyKey: newIdempotencyKey(), choose: null }
  }
  const carts = await openCarts(db, viewer.userId)
  return {
    view: null,
    credit: null,
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
    },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const buyerId = readId(new URL(request.url).searchParams.get('buyer'))
  if (!buyerId) notFound()
  const outcome = await handleCartForm(getDb(), viewer, buyerId, await readForm(request), orderPlaced)
  return answerForm(outcome, cartPath(buyerId))
}

export default function MasterOrderCartPage() {
  const { view, credit, idempotencyKey, choose } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  // A changed cart (a line added, saved or removed) starts its forms again from what was saved.
  if (view)
    return (
      <CartPage
        key={`${view.buyer.id}:${view.cart?.updatedAt ?? ''}`}
        view={view}
        idempotencyKey={idempotencyKey!}
        lastResult={lastResult}
        aside={
          credit ? (
            <CreditPanel buyerName={view.buyer.name} credit={credit} orderMinor={view.totals.totalMinor} />
          ) : null
        }
      />
    )
  return <ChooseCartBuyer {...choose!} />
}
