import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import crypto from 'node:crypto'
import { renderToPipeableStream } from 'react-dom/server'
import { contentSecurityPolicy } from './http/security.server'
import { NonceContext } from './ui/nonce'

// server.js reaches these through the build (build.entry.module), so it runs the same code as the app.
export { shutdown, startBackgroundWork, startup } from './startup.server'
export { buildMenus } from './ui/navigation'
export { securityMiddleware, plainPage } from './http/security.server'
export { routeSubsets } from './http/route-subsets.server'

/** Signed-in pages and their data are nobody else's: no shared cache keeps them, no browser cache either. */
const PRIVATE = 'private, no-store'

export function handleDataRequest(response: Response) {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', PRIVATE)
  return response
}

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : crypto.randomBytes(16).toString('base64')
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', PRIVATE)
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
