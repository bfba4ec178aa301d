import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { isPickKind } from '~/platform/pick'
import { findPicks, mayPick } from '~/features/search/pick.server'
import { readId } from '~/utils/list-params'

/**
 * What a picker's combobox lists as the user types: /pick/buyer?q=acme answers up to eight
 * matches in the viewer's scope, as JSON. A kind the viewer may not pick answers 404, like a
 * record outside its scope.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  const kind = params.kind
  if (!isPickKind(kind) || !mayPick(viewer, kind)) throw new Response('Not found', { status: 404 })
  const url = new URL(request.url)
  const q = url.searchParams.get('q') ?? ''
  // The record a kind is picked within (the cart's buyer); its source keeps to it.
  const within = readId(url.searchParams.get('within') ?? undefined)
  const options = await findPicks(getDb(), { ...viewer, within }, kind, q)
  return Response.json({ options }, { headers: { 'Cache-Control': 'private, no-store' } })
}
