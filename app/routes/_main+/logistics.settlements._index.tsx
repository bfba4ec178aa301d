import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BalancesPage } from '~/features/settlements/balances-page'
import { buyerBalances, readBalanceFilters } from '~/features/settlements/balances.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'BuyerSettlementsList',
  title: 'Buyer Settlements',
  breadcrumb: 'Buyer settlements',
  menu: { group: 'Money', label: 'Buyer settlements', order: 50 },
}
export const meta: MetaFunction = () => pageTitle('Buyer settlements')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  const filters = readBalanceFilters(new URL(request.url))
  return { ...(await buyerBalances(getDb(), filters)), filters }
}

export default function BuyerSettlementsListPage() {
  const { rows, total, filters } = useLoaderData<typeof loader>()
  return <BalancesPage rows={rows} total={total} filters={filters} />
}
