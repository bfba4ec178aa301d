import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { statementPdfFor } from '~/features/settlements/pages.server'

// The buyer's statement of account for a period (?from=&to=) as a PDF download (a resource route).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await statementPdfFor(getDb(), params.buyerId, new URL(request.url))) ?? notFound()
}
