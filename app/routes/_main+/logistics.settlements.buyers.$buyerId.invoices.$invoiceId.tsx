import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { invoicePage, invoicePageAction } from '~/features/settlements/invoice-page.server'
import { InvoicePage } from '~/features/settlements/invoice-page'
import { settlementPath, settlementsPath } from '~/features/settlements/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { settlementMoves } from '~/lifecycle/settlements.server'

// One invoice of the buyer: its lines, the credit and debit notes on it, and the forms that raise them.
export const handle: LoaderHandle<typeof loader> = {
  name: 'BuyerSettlementInvoice',
  title: 'Buyer Settlement Invoice',
  breadcrumb: (data) => data?.invoice.number ?? 'Invoice',
  parents: (data) => [
    { text: 'Buyer settlements', to: settlementsPath },
    ...(data ? [{ text: data.buyer.name, to: settlementPath(data.buyer.id) }] : []),
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.invoice ? `Invoice ${data.invoice.number}` : 'Invoice')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await invoicePage(getDb(), params.buyerId, params.invoiceId)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  const url = new URL(request.url)
  return answerForm(
    await invoicePageAction(
      getDb(),
      viewer,
      params.buyerId,
      params.invoiceId,
      await readForm(request),
      settlementMoves,
    ),
    url.pathname,
  )
}

export default function BuyerSettlementInvoicePage() {
  return <InvoicePage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
