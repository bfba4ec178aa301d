import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import { assetResponse } from '~/features/assets/pages.server'

/**
 * A file from the asset uploader, by its link (/files/:key/:name): open to anyone it was shared
 * with, the key being unguessable. Served inert (nosniff, a sandboxing CSP, downloaded unless it is
 * an image); the name in the path is only for people, the key alone finds the file.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return assetResponse(getDb(), params.key ?? '')
}
