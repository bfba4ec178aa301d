import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { getDb } from '~/db.server'
import { followShortLink, shortLinkAllowed } from '~/features/toolkit/utm.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: RouteHandle = { name: 'ShortLink', title: 'A link to another site' }
export const meta: MetaFunction = () => [...pageTitle('A link to another site'), { name: 'robots', content: 'noindex' }]

const headers = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

/**
 * A short link (/u/:code) made in the UTM builder: open to anyone it was shared with. It goes only
 * to the address saved with it and counts the click; any other code is not found. It redirects only
 * to the company's own sites (SHORT_LINK_HOSTS); a link saved before that rule that leads elsewhere
 * shows a page naming where it leads, and the visitor chooses (docs/domain.md, "Toolkit").
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const url = await followShortLink(getDb(), params.code ?? '')
  if (!url) throw new Response('Not found', { status: 404 })
  if (shortLinkAllowed(url)) return new Response(null, { status: 302, headers: { Location: url, ...headers } })
  return data({ destination: url, host: new URL(url).hostname }, { headers })
}

export default function ShortLinkElsewhere() {
  const { destination, host } = useLoaderData<typeof loader>()
  return (
    <PublicShell>
      <div className="card">
        <h1>This link leads to another site</h1>
        <p>
          It goes to <strong>{host}</strong>, which is not one of ours. Go on only if you trust it:
        </p>
        <p className="utm-preview">{destination}</p>
        <div className="public-links">
          <a href={destination} rel="noopener noreferrer nofollow">
            Go on to {host}
          </a>
        </div>
      </div>
    </PublicShell>
  )
}
