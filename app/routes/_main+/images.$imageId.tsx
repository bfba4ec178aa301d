import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { imageResponse } from '~/features/images/images.server'
import { readId } from '~/utils/list-params'

/** An uploaded catalogue image, for any signed-in user (catalogue images carry no company's data). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  const id = readId(params.imageId)
  if (!id) throw new Response('Not found', { status: 404 })
  return imageResponse(getDb(), id)
}
