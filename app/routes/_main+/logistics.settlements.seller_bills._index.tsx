import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { SellerBillsPage } from '~/features/payables/bill-pages'
import { billsPage } from '~/features/payables/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'SellerBillsList',
  title: 'Seller Bills',
  breadcrumb: 'Seller bills',
  menu: { group: 'Money', label: 'Seller bills', order: 51 },
}
export const meta: MetaFunction = () => pageTitle('Seller bills')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return billsPage(getDb(), new URL(request.url))
}

export default function SellerBillsListPage() {
  return <SellerBillsPage data={useLoaderData<typeof loader>()} />
}
