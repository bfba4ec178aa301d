import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyerReportPage } from '~/features/reports/buyers-page'
import { buyerReportPage } from '~/features/reports/pages.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'

export const handle: LoaderHandle<typeof loader> = {
  name: 'BuyerSKUReports',
  title: 'Buyer SKU Reports',
  breadcrumb: (data) => data?.report?.buyer?.name ?? 'Buyer',
  parents: [{ text: 'Buyer report', to: '/reports/buyer_skus' }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.report.buyer.name}: SKUs ordered` : 'Buyer SKU report')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const data = await buyerReportPage(getDb(), params.buyerId, new URL(request.url))
  if (!data) return notFound()
  return data
}

export default function BuyerReportRoute() {
  return <BuyerReportPage data={useLoaderData<typeof loader>()} />
}
