import crypto from 'node:crypto'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { Config } from '~/config.server'

/**
 * The checks every request passes before Remix sees it (server.js mounts them first). They live
 * here, in the build, so the server and the tests run the same code.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD'])

export interface RequestFacts {
  method: string
  /** Sec-Fetch-Site as the browser sent it, if it did. */
  fetchSite?: string | null
  origin?: string | null
  /** Referer as the browser sent it: judged only when Origin is absent. */
  referer?: string | null
  /** The origin the request was sent to: scheme and Host (or the forwarded host behind a trusted proxy). */
  target: string
}

/**
 * Why a state-changing request from another site is refused, or null when it may go on. Browsers
 * say where a request comes from in Sec-Fetch-Site, Origin and Referer; a form posted from another
 * site (login CSRF included) carries `cross-site`, a foreign Origin, or (an older browser, or a
 * client that drops the first two) a foreign Referer. Each that is present must name this site.
 * Requests with none of them (curl, scripts, a same-origin form under `Referrer-Policy: no-referrer`)
 * are let through: SameSite=Lax cookies keep sessions out of those.
 */
export function crossSiteRefusal(facts: RequestFacts, appUrl: string): string | null {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return null
  if (facts.fetchSite?.toLowerCase() === 'cross-site') return 'sent from another site'
  const ours = (value: string) => {
    const normal = normaliseOrigin(value)
    return normal !== null && (normal === normaliseOrigin(facts.target) || normal === normaliseOrigin(appUrl))
  }
  const origin = facts.origin?.trim()
  if (origin) {
    if (origin === 'null') return 'sent from a page without an origin'
    return ours(origin) ? null : `sent from ${origin}`
  }
  const referer = facts.referer?.trim()
  if (referer && !ours(referer)) return `sent from ${normaliseOrigin(referer) ?? 'a page of another site'}`
  return null
}

function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/** The origin an Express request was sent to; the forwarded host counts only behind a trusted proxy. */
export function targetOrigin(req: ExpressRequest, trustProxy: Config['trustProxy']): string {
  const forwarded = trustProxy ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
  return `${req.protocol}://${forwarded || req.get('host') || 'localhost'}`
}

/** A plain page for a refused request: readable without styles or scripts. */
export function plainPage(status: number, title: string, text: string): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} | Sourcing Platform</title></head><body><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">Go to the start page</a></p></main></body></html>`
}

function refuse(req: ExpressRequest, res: ExpressResponse, status: number, title: string, text: string) {
  // The integration API answers in its own language: an RFC 9457 problem document (docs/api.md).
  if (req.path.startsWith('/api/')) {
    return res
      .status(status)
      .set({ 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', Connection: 'close' })
      .end(JSON.stringify({ type: 'about:blank', title, status, detail: text }))
  }
  res
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' })
    .send(plainPage(status, title, text))
}

/**
 * Headers every answer carries unless it set its own (a short link's Referrer-Policy, a file's
 * nosniff): added as the head is written, so a route's header is never doubled ("nosniff, nosniff").
 */
function defaultHeaders(res: ExpressResponse, headers: Record<string, string>) {
  const writeHead = res.writeHead
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<ExpressResponse['writeHead']>) {
    for (const [name, value] of Object.entries(headers)) if (!res.hasHeader(name)) res.setHeader(name, value)
    return writeHead.apply(this, args)
  } as ExpressResponse['writeHead']
}

/** Whether each percent-escape of a path decodes (a `%` followed by two hex digits, together valid UTF-8). */
export function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

const ENCODED_CONTROL = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/gi

/** A request target with its percent-encoded control characters taken out (a raw one never passes Node's parser). */
export const withoutControlCharacters = (target: string) => target.replace(ENCODED_CONTROL, '')

/** One middleware for every request: cross-site writes, malformed paths, body sizes, the nonce and the headers every answer carries. */
export function securityMiddleware(config: Pick<Config, 'appUrl' | 'trustProxy' | 'maxFormBytes' | 'maxUploadBytes'>) {
  const https = config.appUrl.startsWith('https:')
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    defaultHeaders(res, {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
      ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    })

    const refusal = crossSiteRefusal(
      {
        method: req.method,
        fetchSite: req.get('sec-fetch-site'),
        origin: req.get('origin'),
        referer: req.get('referer'),
        target: targetOrigin(req, config.trustProxy),
      },
      config.appUrl,
    )
    if (refusal) {
      return refuse(
        req,
        res,
        403,
        'This form came from another site',
        `It was ${refusal}, so nothing was changed. Open the page on this site, reload it and send the form again.`,
      )
    }
    // This is the one origin check. Remix 2 repeats a cruder one (Origin against Host or an
    // untrusted X-Forwarded-Host, failing with a 500); a request that passed here must not meet it.
    delete req.headers.origin

    // Express decodes the path of every route it matches (`app.all('*')` in server.js) and fails
    // with a URIError on a malformed escape, which its last handler answers as a 500. The path is
    // a request the client wrote wrong: 400, before anything decodes it.
    if (!decodablePath(req.path)) {
      return refuse(
        req,
        res,
        400,
        'Not a valid address',
        'The address holds a percent sign that is not followed by two hexadecimal digits of UTF-8 (such as %20). Check the link.',
      )
    }

    if (!SAFE_METHODS.has(req.method)) {
      const length = req.get('content-length')
      if (length === undefined && req.get('transfer-encoding')) {
        return refuse(req, res, 411, 'Length required', 'Send the form with its length, as browsers do.')
      }
      const multipart = (req.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
      const limit = multipart ? config.maxUploadBytes : config.maxFormBytes
      if (Number(length ?? 0) > limit) {
        return refuse(
          req,
          res,
          413,
          'Too large to accept',
          `What you sent is larger than ${Math.round(limit / 1024 / 1024)} MB. Send fewer or smaller files.`,
        )
      }
    }

    // An address whose path or query holds a control character (NUL and the other C0 controls but
    // tab, LF and CR, and DEL) is read without them, as the one form reader reads a form's fields:
    // PostgreSQL cannot store NUL, and a filter or id holding one would fail its query (a 500).
    const cleaned = withoutControlCharacters(req.originalUrl)
    if (cleaned !== req.originalUrl) {
      req.url = withoutControlCharacters(req.url)
      req.originalUrl = cleaned
    }

    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    next()
  }
}

/**
 * The Content-Security-Policy of a page: scripts only from this site or with this response's nonce
 * (Remix's inline scripts carry it), nothing framed, forms posted only here. Styles allow inline
 * `style` attributes (layout tweaks rendered on the server); scripts never run inline without the nonce.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}
