import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { qcPhotoFor } from '~/features/qc/photo-access.server'
import { photoResponse } from '~/features/qc/photos.server'
import { readId } from '~/utils/list-params'

/** A QC photo (`?size=thumb` for its thumbnail): for the QC approvers and the operator who took it; 404 for anyone else. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  const id = readId(params.photoId)
  const db = getDb()
  const photo = id ? await qcPhotoFor(db, viewer, id) : undefined
  if (!photo) throw new Response('Not found', { status: 404 })
  return photoResponse(db, photo, new URL(request.url).searchParams.get('size') === 'thumb')
}
