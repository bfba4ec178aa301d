import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { SellerBillPage } from '~/features/payables/bill-pages'
import { billAction, billPage } from '~/features/payables/pages.server'
import { sellerBillsPath } from '~/features/payables/paths'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'SellerBillView',
  title: 'Seller Bill',
  breadcrumb: (data) => data?.bill.number ?? 'Bill',
  parents: [{ text: 'Seller bills', to: sellerBillsPath }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.bill ? `Seller bill ${data.bill.number}` : 'Seller bill')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await billPage(getDb(), params.billId)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  const url = new URL(request.url)
  return answerForm(await billAction(getDb(), viewer, params.billId, await readForm(request)), url.pathname)
}

export default function SellerBillViewPage() {
  return <SellerBillPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
