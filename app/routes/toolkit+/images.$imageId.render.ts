import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { renderResponse } from '~/features/toolkit/pages.server'

/** One of the user's playground images with the query's edits applied (a preview, or a download with `download=1`). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return renderResponse(getDb(), viewer, params.imageId, new URL(request.url), request.headers.get('If-None-Match'))
}
