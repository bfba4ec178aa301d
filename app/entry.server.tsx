import { Writable } from 'node:stream'
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import crypto from 'node:crypto'
import { renderToPipeableStream } from 'react-dom/server'
import { contentSecurityPolicy } from './http/security.server'
import { log } from './log.server'
import { NonceContext } from './ui/nonce'

// server.js reaches these through the build (build.entry.module), so it runs the same code as the app.
export { shutdown, startBackgroundWork, startup } from './startup.server'
export { buildMenus } from './ui/navigation'
export { securityMiddleware, plainPage } from './http/security.server'
export { routeSubsets } from './http/route-subsets.server'
export { inRequestScope } from './http/request-scope.server'
export { requestLog } from './http/request-log.server'
export { healthz } from './http/healthz.server'
export { log } from './log.server'

/** Signed-in pages and their data are nobody else's: no shared cache keeps them, no browser cache either. */
const PRIVATE = 'private, no-store'

/** A loader's or action's failure, in the log with its request's id (a request the client gave up on is not one). */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return
  // Remix reports its own 4xx answers (a POST where there is no form, 405) here too: they are requests, not failures.
  const status =
    typeof error === 'object' && error !== null && 'status' in error
      ? Number((error as { status: unknown }).status)
      : 500
  if (status < 500) return
  log().error(
    { requestId: context.requestId, method: request.method, path: new URL(request.url).pathname, err: error },
    'request failed',
  )
}

export function handleDataRequest(response: Response) {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', PRIVATE)
  return response
}

const ABORT_DELAY = 5_000

/**
 * Renders the whole document, then answers with it in one piece. Loaders have all finished before
 * rendering starts (no deferred data), so streaming bought little: the page is ready within
 * milliseconds of its first byte. Streaming cost a lot per request, though. React wrote the page in
 * dozens of small chunks, and each went through a Node stream, a web ReadableStream and the socket
 * (docs/decisions/0007). Bots, browsers without JavaScript and browsers with it all get the same
 * complete document.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce =
    typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : crypto.randomBytes(16).toString('base64')
  return new Promise<Response>((resolve, reject) => {
    let failed = false
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          body.on('finish', () => {
            clearTimeout(timer)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
            if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', PRIVATE)
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
          })
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (failed) return
          failed = true
          log().error(
            { requestId: loadContext.requestId, path: new URL(request.url).pathname, err: error },
            'rendering failed',
          )
        },
      },
    )
    const timer = setTimeout(abort, ABORT_DELAY)
  })
}
