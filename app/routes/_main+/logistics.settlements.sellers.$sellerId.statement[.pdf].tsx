import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sellerStatementPdfFor } from '~/features/payables/pages.server'
import { readId } from '~/utils/list-params'

// A seller's statement of account for a period (?from=&to=) as a PDF download (a resource route).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await sellerStatementPdfFor(getDb(), readId(params.sellerId), new URL(request.url))) ?? notFound()
}
