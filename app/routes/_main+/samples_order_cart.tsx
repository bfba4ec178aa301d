import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/features/idempotency/idempotency.server'
import { handleSampleCartForm } from '~/features/sample-orders/cart-forms.server'
import { ChooseSampleCartBuyer, SampleCartPage } from '~/features/sample-orders/cart-page'
import { openSampleCarts, requestedBy, sampleCartView } from '~/features/sample-orders/cart.server'
import { sampleCartPath } from '~/features/sample-orders/schema'
import { resolveCompany } from '~/features/users/company.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { readId } from '~/utils/list-params'

export const handle: RouteHandle = {
  name: 'SamplesOrderCart',
  title: 'Samples order cart',
  breadcrumb: (data) => (data?.view ? `Samples cart: ${data.view.buyer.name}` : 'Samples order cart'),
  menu: { group: 'Orders', label: 'Samples order cart', order: 4 },
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.view ? `Samples cart: ${data.view.buyer.name}` : 'Samples order cart')

// After a refused submit the cart was still saved as typed: its lines' checks and totals are read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => formMethod === 'POST' || defaultShouldRevalidate

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const typed = (new URL(request.url).searchParams.get('buyer') ?? '').trim().slice(0, 200)
  // ?buyer=12 from a link, or a name or "Name (#12)" from the buyer picker.
  const match = readId(typed) ? { ok: true as const, id: readId(typed)! } : typed ? await resolveCompany(db, 'buyer', typed) : null
  if (match?.ok && !readId(typed)) throw redirect(sampleCartPath(match.id))
  if (match?.ok) {
    const view = await sampleCartView(db, viewer.userId, match.id)
    if (!view) notFound()
    return { view, idempotencyKey: newIdempotencyKey(), choose: null }
  }
  const [carts, requests] = await Promise.all([openSampleCarts(db, viewer.userId), requestedBy(db, viewer.userId)])
  return {
    view: null,
    idempotencyKey: null,
    choose: {
      buyer: typed,
      error: match ? match.message : null,
      choices: match ? match.choices : undefined,
      carts: carts.map((c) => ({ buyerId: c.buyer_id, buyerName: c.buyer_name, lineCount: Number(c.line_count), updatedAt: c.updated_at })),
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
  if (view) return <SampleCartPage key={`${view.buyer.id}:${view.cart?.updatedAt ?? ''}`} view={view} idempotencyKey={idempotencyKey!} lastResult={lastResult} />
  return <ChooseSampleCartBuyer {...choose!} />
}
