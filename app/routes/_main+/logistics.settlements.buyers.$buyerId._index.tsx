import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { settlementAction, settlementPage } from '~/features/settlements/pages.server'
import { SettlementPage } from '~/features/settlements/settlement-page'
import { settlementsPath } from '~/features/settlements/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { settlementMoves } from '~/lifecycle/settlements.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'BuyerSettlements',
  title: 'Buyer Settlements',
  breadcrumb: (data) => data?.account?.buyer.name ?? 'Settlement',
  parents: [{ text: 'Buyer settlements', to: settlementsPath }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.account ? `Settlement: ${data.account.buyer.name}` : 'Buyer settlement')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await settlementPage(getDb(), params.buyerId, new URL(request.url))) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  const url = new URL(request.url)
  return answerForm(
    await settlementAction(getDb(), viewer, params.buyerId, await readForm(request), settlementMoves),
    `${url.pathname}${url.search}`,
  )
}

export default function BuyerSettlementsPage() {
  return <SettlementPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
