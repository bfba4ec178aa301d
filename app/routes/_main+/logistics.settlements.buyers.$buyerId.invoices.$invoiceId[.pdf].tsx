import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { invoicePdfFor } from '~/features/settlements/pages.server'

// One invoice of the buyer as a PDF download, at …/invoices/:invoiceId.pdf (a resource route).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await invoicePdfFor(getDb(), params.buyerId, params.invoiceId)) ?? notFound()
}
