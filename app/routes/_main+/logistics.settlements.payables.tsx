import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { PayablesPage } from '~/features/payables/money-pages'
import { payablesAction, payablesPage } from '~/features/payables/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'SellerPayables',
  title: 'Seller Payables',
  breadcrumb: 'Seller payables',
  menu: { group: 'Money', label: 'Seller payables', order: 52 },
}
export const meta: MetaFunction = () => pageTitle('Seller payables')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return payablesPage(getDb())
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  return answerForm(await payablesAction(getDb(), viewer, await readForm(request)), new URL(request.url).pathname)
}

export default function SellerPayablesPage() {
  return <PayablesPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
