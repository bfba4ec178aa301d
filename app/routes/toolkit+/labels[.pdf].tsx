import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { labelsPdf } from '~/features/toolkit/pages.server'

/** The labels page's labels as a PDF (the same query). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return labelsPdf(getDb(), viewer, new URL(request.url))
}
