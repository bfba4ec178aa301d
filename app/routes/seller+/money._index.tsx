import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { SellerAccountPage } from '~/features/payables/money-pages'
import { sellerAccountPage } from '~/features/payables/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'SellerMoney',
  title: 'Money',
  breadcrumb: 'Money',
  menu: { group: 'Money', label: 'Bills and payouts', order: 50 },
}
export const meta: MetaFunction = () => pageTitle('Money: bills and payouts')

// The seller's own account: what it is owed, what was paid (UTR), the deductions. Scoped to its company.
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  const sellerId = viewer.company?.kind === 'seller' ? viewer.company.id : null
  return (await sellerAccountPage(getDb(), sellerId, new URL(request.url))) ?? notFound()
}

export default function SellerMoneyPage() {
  return <SellerAccountPage data={useLoaderData<typeof loader>()} finance={false} />
}
