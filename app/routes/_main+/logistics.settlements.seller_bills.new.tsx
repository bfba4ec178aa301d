import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { NewSellerBillPage } from '~/features/payables/bill-pages'
import { newBillAction, newBillPage } from '~/features/payables/pages.server'
import { sellerBillsPath } from '~/features/payables/paths'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'SellerBillCreate',
  title: 'Record a Seller Bill',
  breadcrumb: 'Record a bill',
  parents: [{ text: 'Seller bills', to: sellerBillsPath }],
}
export const meta: MetaFunction = () => pageTitle('Record a seller bill')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return newBillPage(getDb(), new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  const url = new URL(request.url)
  return answerForm(await newBillAction(getDb(), viewer, url, await readForm(request)), `${url.pathname}${url.search}`)
}

export default function SellerBillCreatePage() {
  return <NewSellerBillPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
