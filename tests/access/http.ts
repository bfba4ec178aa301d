import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { homeFor } from '~/auth/portals'
import type { buildMenus, Menus } from '~/ui/navigation'
import type { Kind, Outcome, Who } from './rules'

// Requests as the access suites send them to the built app's handler, and what an answer means to a user.

/**
 * The built app (build/index.js) and its request handler as server.js calls it, without the HTTP
 * server. `fresh` imports the build anew (its own manifest and route objects), not the copy earlier
 * files of the same worker loaded.
 */
export async function loadBuiltApp(
  fresh = false,
): Promise<{ build: ServerBuild; handle: (request: Request) => Promise<Response> }> {
  const file = path.resolve('build/index.js')
  if (!fs.existsSync(file)) throw new Error('build/index.js is missing: run `npm run build` first (npm test does)')
  const url = pathToFileURL(file).href + (fresh ? `?fresh=${Date.now()}-${Math.random()}` : '')
  const build = (await import(/* @vite-ignore */ url)) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  const context = { clientIp: '127.0.0.1', menus: menusOf(build) }
  return { build, handle: (request) => handler(request, context) }
}

/** The portal menus of a build, as server.js makes them (the build's entry module exports buildMenus). */
export function menusOf(build: ServerBuild): Menus {
  const entry = build.entry.module as ServerBuild['entry']['module'] & { buildMenus: typeof buildMenus }
  return entry.buildMenus(build.routes)
}

/** A page GET, its single-fetch `.data` request, or an empty form POST, with the cookie given. */
export function requestOf(url: string, kind: Kind, cookie: string | undefined): Request {
  const headers = new Headers()
  if (cookie) headers.set('Cookie', cookie)
  if (kind === 'post') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    return new Request(`http://localhost${url}`, { method: 'POST', headers, body: '' })
  }
  if (kind === 'data') {
    const dataUrl = url === '/' ? '/_root.data' : `${url}.data`
    return new Request(`http://localhost${dataUrl}`, { headers })
  }
  return new Request(`http://localhost${url}`, { headers })
}

/** What the response tells a user, for documents and single-fetch data alike. */
export async function outcomeOf(
  response: Response,
  kind: Kind,
  who: Who,
): Promise<{ outcome: Outcome; detail: string }> {
  let status = response.status
  let location = response.headers.get('Location')
  if (kind === 'data' && status === 202) {
    // Single fetch encodes redirects in the body: ["SingleFetchRedirect",1],{..."redirect","/login?..."}
    const body = await response.text()
    const match = body.match(/"redirect","([^"]*)"/)
    status = 302
    location = match?.[1] ?? null
  }
  const detail = `${status} ${location ?? ''}`
  if (status >= 300 && status < 400) {
    // Field operators are sent to their own sign-in page.
    if (location?.startsWith('/login?redirectTo=') || location?.startsWith('/field_operator/login?redirectTo='))
      return { outcome: 'login', detail }
    if (location === '/pending_approval') return { outcome: 'pending', detail }
    const home = who !== 'anonymous' && who !== 'pending' ? homeFor([who]) : null
    if (location && home && location === home) return { outcome: 'home', detail }
    return { outcome: 'redirect', detail }
  }
  if (kind === 'data' && status === 200) {
    // A data request may still carry a route error (e.g. 404 below an OK layout).
    const body = await response.clone().text()
    const error = body.match(/"status",(\d{3})/)
    if (error && body.includes('RouteErrorResponse')) status = Number(error[1])
  }
  const byStatus: Record<number, Outcome> = {
    200: 'ok',
    400: 'bad-input',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not-found',
    405: 'not-allowed',
  }
  // Anything else (a 500, say) never passes for an expected outcome.
  return { outcome: byStatus[status] ?? 'unexpected', detail }
}
