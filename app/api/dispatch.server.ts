import crypto from 'node:crypto'
import type { z } from 'zod'
import type { Database } from '#db/database'
import { SCOPE_INFO } from '~/auth/api-scopes'
import { authenticateApi, type ApiCaller } from '~/auth/api-tokens.server'
import { mayEnter, type PortalKey } from '~/auth/portals'
import { apiRequestAllowance } from '~/auth/throttle.server'
import { config } from '~/config.server'
import { throughApi } from '~/platform/api/channel.server'
import { IDEMPOTENCY_KEY_MAX, onceForKey, requestHashOf, type StoredAnswer } from '~/platform/api/idempotency.server'
import { ApiProblem, pointerOf, problem, problemResponse, type FieldError, type Problem } from '~/platform/api/problem'
import { Refused } from '~/utils/refusal.server'
import { Answer, type Endpoint } from './endpoint'

// The one way a request of /api/v1 is answered (docs/api.md): match, authenticate, count against
// the token's rate, check the portal and scope, read and check the path, query and body against the
// endpoint's schemas, take the Idempotency-Key of a POST, run the handler inside the API channel (its
// audit entries name the token), and check the answer against the documented schema before it
// leaves. Every refusal is an RFC 9457 problem document.

export const API_BASE = '/api/v1'
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const MAX_BODY_BYTES = 1_000_000

interface Route {
  endpoint: Endpoint
  pattern: RegExp
  names: string[]
}

function compile(endpoints: readonly Endpoint[]): Route[] {
  return endpoints.map((endpoint) => {
    const names: string[] = []
    const source = endpoint.path
      .split('/')
      .map((part) => {
        const param = /^\{(\w+)\}$/.exec(part)
        if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        names.push(param[1])
        return '([^/]+)'
      })
      .join('/')
    return { endpoint, pattern: new RegExp(`^${source}$`), names }
  })
}

/** The issues of a zod parse as the problem's field errors. */
export function fieldErrorsOf(error: z.ZodError, where: FieldError['in']): FieldError[] {
  return error.issues.map((issue) => ({
    in: where,
    pointer: issue.path.length
      ? '/' + issue.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
      : '',
    detail: issue.message,
  }))
}

/** A refusal of the features (the same the pages show) as a problem: 404, 422 at its fields, else 409. */
export function problemOfRefusal(refused: Refused): Problem {
  if (refused.notFound) return problem('not-found', refused.message)
  const fields = refused.fields ?? (refused.field ? { [refused.field]: refused.message } : null)
  if (fields) {
    return problem('validation-error', refused.message, {
      errors: Object.entries(fields).map(([field, detail]) => ({
        in: 'body' as const,
        pointer: pointerOf(field),
        detail,
      })),
    })
  }
  return problem('conflict', refused.message)
}

/** A Response thrown by the guards and features the pages share (404, 403, 400) as a problem. */
function problemOfResponse(response: Response): Problem {
  const detail = response.statusText || 'Refused'
  if (response.status === 404) return problem('not-found', 'There is no such record, or it is not yours to read.')
  if (response.status === 403) return problem('forbidden', 'This token’s user may not do this.')
  if (response.status === 400) return problem('bad-request', detail)
  return { ...problem('server-error', detail), status: response.status >= 400 ? response.status : 500 }
}

/** Keys the handler answered that the document does not declare (a lens leak or a stale document). */
function undeclaredKeys(raw: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.flatMap((item, i) => undeclaredKeys(item, parsed[i], `${at}/${i}`))
  if (raw && parsed && typeof raw === 'object' && typeof parsed === 'object' && !Array.isArray(raw)) {
    return Object.entries(raw as Record<string, unknown>).flatMap(([key, value]) =>
      value === undefined
        ? []
        : key in (parsed as Record<string, unknown>)
          ? undeclaredKeys(value, (parsed as Record<string, unknown>)[key], `${at}/${key}`)
          : [`${at}/${key}`],
    )
  }
  return []
}

const strictAnswers = () => !config().production || process.env.API_STRICT_RESPONSES === 'true'

const etagOf = (body: string) => `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    out[key] = values.length > 1 ? values : values[0]
  }
  return out
}

export interface Dispatcher {
  (request: Request, db: Database): Promise<Response>
}

export function makeDispatcher(endpoints: readonly Endpoint[]): Dispatcher {
  const routes = compile(endpoints)
  return async (request, db) => {
    const url = new URL(request.url)
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) || '/' : url.pathname
    const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase()
    const matching = routes
      .map((route) => ({ route, match: route.pattern.exec(path.replace(/\/+$/, '') || '/') }))
      .filter((m) => m.match)
    if (matching.length === 0)
      return problemResponse(
        problem('not-found', `There is no ${url.pathname} in this API; see ${API_BASE}/openapi.json.`),
      )
    const found = matching.find((m) => m.route.endpoint.method === method)
    if (!found) {
      const allow = [...new Set(matching.map((m) => m.route.endpoint.method))].join(', ')
      return problemResponse(problem('method-not-allowed', `${url.pathname} answers ${allow}.`), { Allow: allow })
    }
    const { route } = found
    let rateHeaders: Record<string, string> = {}
    try {
      const caller = await authenticateApi(db, request)
      const allowance = await apiRequestAllowance(caller.token.id)
      rateHeaders = {
        'RateLimit-Limit': String(allowance.limit),
        'RateLimit-Remaining': String(allowance.remaining),
        'RateLimit-Reset': String(Math.ceil(allowance.resetMs / 1000)),
      }
      if (allowance.retryAfterMs != null) {
        const seconds = Math.ceil(allowance.retryAfterMs / 1000)
        throw new ApiProblem(
          problem('rate-limited', `This token may make ${allowance.limit} requests a minute. Retry in ${seconds} s.`),
          { 'Retry-After': String(seconds) },
        )
      }
      const response = await run(db, request, url, caller, route, found.match!, method)
      for (const [name, value] of Object.entries(rateHeaders)) response.headers.set(name, value)
      return response
    } catch (error) {
      if (error instanceof ApiProblem) return problemResponse(error.body, { ...rateHeaders, ...error.headers })
      throw error
    }
  }
}

async function run(
  db: Database,
  request: Request,
  url: URL,
  caller: ApiCaller,
  route: Route,
  match: RegExpExecArray,
  method: string,
): Promise<Response> {
  const endpoint = route.endpoint
  const portal = endpoint.portals.find((p) => mayEnter(caller.viewer.roles, p)) as PortalKey | undefined
  if (!portal) {
    throw ApiProblem.of(
      'forbidden',
      `The user of this token (${caller.viewer.email}) may not ${endpoint.summary.toLowerCase()}.`,
    )
  }
  if (endpoint.scope && !caller.token.scopes.includes(endpoint.scope)) {
    throw new ApiProblem(
      problem(
        'insufficient-scope',
        `This needs the scope ${endpoint.scope} (${SCOPE_INFO[endpoint.scope].label}); the token holds ${caller.token.scopes.join(', ') || 'none'}.`,
      ),
      { 'WWW-Authenticate': `Bearer realm="api", error="insufficient_scope", scope="${endpoint.scope}"` },
    )
  }

  // Path parameters: one that is not what the endpoint names (a word for an id) is a record not there.
  let params: unknown = {}
  if (endpoint.params) {
    const raw = Object.fromEntries(route.names.map((name, i) => [name, safeDecode(match[i + 1])]))
    const parsed = endpoint.params.safeParse(raw)
    if (!parsed.success) throw ApiProblem.of('not-found', 'There is no such record, or it is not yours to read.')
    params = parsed.data
  }
  let query: unknown = {}
  if (endpoint.query) {
    const parsed = endpoint.query.safeParse(queryObject(url))
    if (!parsed.success) {
      throw ApiProblem.of('validation-error', 'A query parameter is not valid.', {
        errors: fieldErrorsOf(parsed.error, 'query'),
      })
    }
    query = parsed.data
  }

  let bodyText = ''
  let body: unknown = undefined
  if (WRITE_METHODS.has(method)) {
    try {
      bodyText = await request.text()
    } catch {
      // A body cut off on its way (the client gave up): nothing was read, nothing is done.
      throw ApiProblem.of('bad-request', 'The body could not be read; send the request again.')
    }
    if (bodyText.length > MAX_BODY_BYTES) throw ApiProblem.of('bad-request', 'The body is larger than 1 MB.')
    if (endpoint.body) {
      const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
      if (!type.startsWith('application/json')) {
        throw ApiProblem.of('unsupported-media-type', 'Send the body as JSON, with "Content-Type: application/json".')
      }
      let json: unknown
      try {
        json = JSON.parse(bodyText)
      } catch {
        throw ApiProblem.of('bad-request', 'The body is not valid JSON.')
      }
      const parsed = endpoint.body.safeParse(json)
      if (!parsed.success) {
        throw ApiProblem.of('validation-error', 'The body has invalid fields.', {
          errors: fieldErrorsOf(parsed.error, 'body'),
        })
      }
      body = parsed.data
    }
  }

  const key = method === 'POST' ? request.headers.get('Idempotency-Key')?.trim() || null : null
  if (method === 'POST') {
    if (!key) {
      throw new ApiProblem(
        problem(
          'idempotency-key-missing',
          'Every POST carries an Idempotency-Key header: a new random value (a UUID) per request, the same one on its retries.',
          {
            errors: [{ in: 'header', pointer: '/Idempotency-Key', detail: 'Required' }],
          },
        ),
      )
    }
    if (key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
      throw new ApiProblem(
        problem(
          'bad-request',
          `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX} printable characters without spaces.`,
          {
            errors: [{ in: 'header', pointer: '/Idempotency-Key', detail: 'Not a valid key' }],
          },
        ),
      )
    }
  }

  const answerOnce = async (): Promise<StoredAnswer | Response> => {
    let result: unknown
    try {
      result = await throughApi({ tokenId: caller.token.id }, () =>
        endpoint.handle({
          db,
          caller,
          viewer: caller.viewer,
          portal,
          params,
          query,
          body,
          idempotencyKey: key,
          request,
        } as never),
      )
    } catch (error) {
      if (error instanceof Refused) return stored(problemOfRefusal(error))
      if (error instanceof ApiProblem) return stored(error.body)
      if (error instanceof Response) return stored(problemOfResponse(error))
      throw error
    }
    if (result instanceof Response) return result
    const answered = result instanceof Answer ? result : new Answer(result)
    const checked = endpoint.response.safeParse(answered.body)
    if (!checked.success) {
      console.error(`API ${endpoint.id}: the answer does not match its schema: ${checked.error.message}`)
      return stored(problem('server-error', 'The answer did not match this API’s document; it was not sent.'))
    }
    const undeclared = undeclaredKeys(answered.body, checked.data)
    if (undeclared.length && strictAnswers()) {
      console.error(`API ${endpoint.id}: the answer holds keys its document does not declare: ${undeclared.join(', ')}`)
      return stored(
        problem('server-error', 'The answer held fields this API’s document does not declare; it was not sent.'),
      )
    }
    return {
      status: answered.status ?? endpoint.status ?? 200,
      body: JSON.stringify(checked.data),
      location: answered.location ?? null,
    }
  }

  if (method === 'POST' && key) {
    const requestHash = requestHashOf(method, url.pathname + url.search, bodyText)
    let binary: Response | null = null
    const result = await onceForKey(db, caller.token.id, key, requestHash, async () => {
      const got = await answerOnce()
      if (got instanceof Response) {
        binary = got
        return { status: 500, body: '', location: null }
      }
      return got
    })
    if (binary) return binary
    return jsonResponse(result, {
      'Cache-Control': 'no-store',
      ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    })
  }

  const got = await answerOnce()
  if (got instanceof Response) return got
  if (method === 'GET' && endpoint.etag !== false && got.status === 200) {
    const etag = etagOf(got.body)
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' }
    const sent = request.headers.get('If-None-Match')
    if (sent && sent.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      return new Response(null, { status: 304, headers })
    }
    return jsonResponse(got, headers)
  }
  return jsonResponse(got, { 'Cache-Control': 'no-store' })
}

function stored(body: Problem): StoredAnswer {
  return { status: body.status, body: JSON.stringify(body), location: null }
}

function jsonResponse(answer: StoredAnswer, headers: Record<string, string>): Response {
  const problemBody = answer.status >= 400
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      'Content-Type': problemBody ? 'application/problem+json' : 'application/json',
      ...(answer.location ? { Location: answer.location } : {}),
      ...headers,
    },
  })
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
