import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { SellerAccountPage } from '~/features/payables/money-pages'
import { sellerAccountPage, sellerTermsAction } from '~/features/payables/pages.server'
import { payablesPath } from '~/features/payables/paths'
import { readId } from '~/utils/list-params'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'SellerAccount',
  title: 'Seller Account',
  breadcrumb: (data) => data?.seller.name ?? 'Seller account',
  parents: [{ text: 'Seller payables', to: payablesPath }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.seller ? `Seller account: ${data.seller.name}` : 'Seller account')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await sellerAccountPage(getDb(), readId(params.sellerId), new URL(request.url))) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  return answerForm(
    await sellerTermsAction(getDb(), viewer, params.sellerId, await readForm(request)),
    new URL(request.url).pathname,
  )
}

export default function SellerAccountRoute() {
  return <SellerAccountPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} finance />
}
