import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import { followShortLink } from '~/features/toolkit/utm.server'

/**
 * A short link (/u/:code) made in the UTM builder: open to anyone it was shared with. It goes only
 * to the address saved with it and counts the click; any other code is not found.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const url = await followShortLink(getDb(), params.code ?? '')
  if (!url) throw new Response('Not found', { status: 404 })
  return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } })
}
