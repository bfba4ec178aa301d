import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { notePdfFor } from '~/features/settlements/invoice-page.server'
import { readId } from '~/utils/list-params'

// One debit note of the buyer as a PDF download, at …/debit_notes/:noteId.pdf (a resource route).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await notePdfFor(getDb(), readId(params.buyerId), 'debit', params.noteId)) ?? notFound()
}
