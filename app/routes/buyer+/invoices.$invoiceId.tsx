import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerMoneyPaths } from '~/features/settlements/buyer-paths'
import { buyerIdOf } from '~/features/settlements/buyer.server'
import { buyerInvoicePage } from '~/features/settlements/invoice-page.server'
import { BuyerInvoiceView } from '~/features/settlements/invoice-page'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'

// One of the buyer's own invoices with the credit and debit notes on it; another buyer's is not found.
export const handle: LoaderHandle<typeof loader> = {
  name: 'BuyerViewInvoice',
  title: 'Invoice',
  breadcrumb: (data) => data?.invoice.number ?? 'Invoice',
  parents: [{ text: 'Invoices', to: buyerMoneyPaths.invoices }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.invoice ? `Invoice ${data.invoice.number}` : 'Invoice')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer) ?? notFound()
  return (await buyerInvoicePage(getDb(), buyerId, params.invoiceId)) ?? notFound()
}

export default function BuyerViewInvoicePage() {
  return <BuyerInvoiceView data={useLoaderData<typeof loader>()} />
}
