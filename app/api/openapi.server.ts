import { z } from 'zod'
import { SCOPE_INFO } from '~/auth/api-scopes'
import { portals } from '~/auth/portals'
import { API_RATE_PER_MINUTE } from '~/auth/throttle.server'
import { IDEMPOTENCY_KEY_MAX } from '~/platform/api/idempotency.server'
import { PROBLEM_TYPES, problemSchema, problemTypeUri, type ProblemType } from '~/platform/api/problem'
import { API_BASE } from './dispatch.server'
import type { Endpoint, Example } from './endpoint'

// The OpenAPI 3.1 document of /api/v1 (docs/api.md, docs/decisions/0014), generated from the endpoint
// registry and the very zod schemas the dispatcher checks requests and answers against (zod 4's
// z.toJSONSchema, draft 2020-12, which is OpenAPI 3.1's dialect): inputs as zod reads them (io
// 'input'), answers as they leave (io 'output', so an undeclared key is refused by the schema too).
// Nothing in it is written by hand but the prose of the problem responses.
//
// Scopes: OpenAPI has scopes only for OAuth2. 3.1 lets the array of a non-OAuth security requirement
// hold "role names required for the execution", so each operation's `security` names its scope on the
// bearer scheme ([] when any token will do), and `x-scope` says the same in one field; `x-portals` lists
// whose users may call it, and `x-examples` the examples the tests run (openapi.server.test.ts).

type Json = Record<string, unknown>

export const OPENAPI_VERSION = '3.1.0'

/** A zod schema as a JSON Schema inside the document: `$defs` it needs are hoisted to components.schemas. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', hoisted: Json, prefix: string): Json {
  const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json
  const { $schema: _dialect, $defs, ...rest } = raw
  if (!$defs) return rest
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, '_')
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) =>
          key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${rename(v.slice('#/$defs/'.length))}`]
            : [key, rewrite(v)],
        ),
      )
    }
    return value
  }
  for (const [name, def] of Object.entries($defs as Json)) hoisted[rename(name)] = rewrite(def)
  return rewrite(rest) as Json
}

/** The problem responses of the document: each status, the problem types it stands for, and when an operation can give it. */
const PROBLEM_RESPONSES: {
  status: number
  name: string
  types: ProblemType[]
  when: (endpoint: Endpoint) => boolean
}[] = [
  {
    status: 400,
    name: 'BadRequest',
    types: ['idempotency-key-missing', 'bad-request'],
    when: (e) => e.method === 'POST' || Boolean(e.body),
  },
  { status: 401, name: 'Unauthorized', types: ['unauthorized', 'token-expired'], when: () => true },
  { status: 403, name: 'Forbidden', types: ['insufficient-scope', 'forbidden'], when: () => true },
  { status: 404, name: 'NotFound', types: ['not-found'], when: (e) => Boolean(e.params || e.body) },
  {
    status: 409,
    name: 'Conflict',
    types: ['conflict', 'idempotency-in-progress'],
    when: (e) => e.method !== 'GET',
  },
  { status: 415, name: 'UnsupportedMediaType', types: ['unsupported-media-type'], when: (e) => Boolean(e.body) },
  {
    status: 422,
    name: 'ValidationError',
    types: ['validation-error', 'idempotency-key-reused'],
    when: (e) => Boolean(e.query || e.body) || e.method === 'POST',
  },
  { status: 429, name: 'RateLimited', types: ['rate-limited'], when: () => true },
]

/** The problem statuses an endpoint documents. */
export const problemStatusesOf = (endpoint: Endpoint) =>
  PROBLEM_RESPONSES.filter((p) => p.when(endpoint)).map((p) => p.status)

const rateHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
}

function components(hoisted: Json): Json {
  const problem = schemaOf(problemSchema, 'output', hoisted, 'Problem')
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'sp_ followed by 43 characters',
        description:
          'An API token made on the API tokens page of your portal (buyer and seller company administrators; staff on their profile). It acts as the user who made it, narrowed to its scopes; the scope an operation needs is named in its `security` and `x-scope`.',
      },
    },
    schemas: { Problem: problem, ...hoisted },
    headers: {
      'RateLimit-Limit': {
        description: `Requests this token may make a minute (${API_RATE_PER_MINUTE} unless the server is configured otherwise).`,
        schema: { type: 'integer' },
      },
      'RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
      'RateLimit-Reset': { description: 'Seconds until the minute ends.', schema: { type: 'integer' } },
      ETag: {
        description: 'The version of this answer; send it as If-None-Match to be answered 304 when unchanged.',
        schema: { type: 'string' },
      },
      Location: { description: 'Where the record made is read.', schema: { type: 'string' } },
      'Idempotent-Replayed': {
        description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
        schema: { type: 'string', enum: ['true'] },
      },
      'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description: `A new random value (a UUID) per request, the same on its retries: a retry with the same key and body gets the first answer; the same key with another body is refused (422). Kept 24 hours per token. 1 to ${IDEMPOTENCY_KEY_MAX} printable characters.`,
        schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
      },
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of an answer you hold: 304 with no body when it is still current.',
        schema: { type: 'string' },
      },
    },
    responses: Object.fromEntries(
      PROBLEM_RESPONSES.map((p) => [
        p.name,
        {
          description: p.types.map((type) => `${PROBLEM_TYPES[type].title} (${type})`).join('; '),
          headers:
            p.status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' }, ...rateHeaders } : {},
          content: {
            'application/problem+json': {
              schema: { $ref: '#/components/schemas/Problem' },
              examples: Object.fromEntries(
                p.types.map((type) => [
                  type,
                  {
                    summary: PROBLEM_TYPES[type].title,
                    value: {
                      type: problemTypeUri(type),
                      title: PROBLEM_TYPES[type].title,
                      status: PROBLEM_TYPES[type].status,
                      detail: PROBLEM_TYPES[type].title + '.',
                    },
                  },
                ]),
              ),
            },
          },
        },
      ]),
    ),
  }
}

function parametersOf(endpoint: Endpoint, hoisted: Json): Json[] {
  const out: Json[] = []
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue
    const json = schemaOf(schema, 'input', hoisted, endpoint.id)
    const properties = (json.properties ?? {}) as Record<string, Json>
    const required = new Set((json.required ?? []) as string[])
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property
      const examples = Object.fromEntries(
        (endpoint.examples ?? [])
          .filter((ex) => (where === 'path' ? ex.params : ex.query)?.[name] !== undefined)
          .map((ex) => [ex.name, { summary: ex.summary, value: (where === 'path' ? ex.params : ex.query)![name] }]),
      )
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(Object.keys(examples).length ? { examples } : {}),
      })
    }
  }
  if (endpoint.method === 'POST') out.push({ $ref: '#/components/parameters/IdempotencyKey' })
  if (endpoint.method === 'GET' && endpoint.etag !== false) out.push({ $ref: '#/components/parameters/IfNoneMatch' })
  return out
}

const describeScope = (endpoint: Endpoint) =>
  endpoint.scope
    ? `Scope: \`${endpoint.scope}\` (${SCOPE_INFO[endpoint.scope].label}).`
    : 'Scope: none (any valid token).'

const describePortals = (endpoint: Endpoint) =>
  `Callable by users of: ${endpoint.portals.map((p) => portals[p].title).join(', ')}.`

function operationOf(endpoint: Endpoint, hoisted: Json): Json {
  const success = String(endpoint.status ?? 200)
  const successContent = endpoint.produces
    ? { [endpoint.produces]: { schema: { type: 'string', contentMediaType: endpoint.produces } } }
    : { 'application/json': { schema: schemaOf(endpoint.response, 'output', hoisted, `${endpoint.id}_response`) } }
  const successHeaders: Json = { ...rateHeaders }
  if (endpoint.method === 'GET' && endpoint.etag !== false) successHeaders.ETag = { $ref: '#/components/headers/ETag' }
  if (endpoint.method === 'POST')
    successHeaders['Idempotent-Replayed'] = { $ref: '#/components/headers/Idempotent-Replayed' }
  if (endpoint.status === 201) successHeaders.Location = { $ref: '#/components/headers/Location' }
  const responses: Json = {
    [success]: {
      description:
        endpoint.status === 201
          ? 'Created'
          : endpoint.status === 202
            ? 'Accepted: it goes on in the background.'
            : 'OK',
      headers: successHeaders,
      content: successContent,
    },
  }
  if (endpoint.method === 'GET' && endpoint.etag !== false)
    responses['304'] = { description: 'Not modified: the ETag sent as If-None-Match is still current.' }
  for (const p of PROBLEM_RESPONSES)
    if (p.when(endpoint)) responses[String(p.status)] = { $ref: `#/components/responses/${p.name}` }

  const operation: Json = {
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: [endpoint.description, describeScope(endpoint), describePortals(endpoint)]
      .filter(Boolean)
      .join('\n\n'),
    security: [{ bearer: endpoint.scope ? [endpoint.scope] : [] }],
    'x-scope': endpoint.scope ?? null,
    'x-portals': [...endpoint.portals],
    parameters: parametersOf(endpoint, hoisted),
    responses,
    'x-examples': (endpoint.examples ?? []).map(exampleOf),
  }
  if (endpoint.body) {
    const examples = Object.fromEntries(
      (endpoint.examples ?? [])
        .filter((ex) => ex.body !== undefined)
        .map((ex) => [ex.name, { summary: ex.summary, value: ex.body }]),
    )
    operation.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: schemaOf(endpoint.body, 'input', hoisted, `${endpoint.id}_body`),
          ...(Object.keys(examples).length ? { examples } : {}),
        },
      },
    }
  }
  return operation
}

// Who runs an example (a demo account) stays out of the document: it is public, also where there is no
// demo data, and the accounts' e-mails would be other companies' names to a reader.
const exampleOf = (ex: Example) => ({
  name: ex.name,
  summary: ex.summary,
  status: ex.status,
  ...(ex.params ? { params: ex.params } : {}),
  ...(ex.query ? { query: ex.query } : {}),
  ...(ex.body !== undefined ? { body: ex.body } : {}),
})

/** An example as a request path: its path parameters filled in and its query appended. */
export function examplePath(path: string, ex: Pick<Example, 'params' | 'query'>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(ex.params?.[name] ?? '')))
  const query = new URLSearchParams(Object.entries(ex.query ?? {}).map(([k, v]) => [k, String(v)])).toString()
  return query ? `${filled}?${query}` : filled
}

/** The OpenAPI 3.1 document of the endpoints. */
export function openApiDocument(endpoints: readonly Endpoint[]): Json {
  const hoisted: Json = {}
  const paths: Record<string, Json> = {}
  for (const endpoint of endpoints) {
    paths[endpoint.path] ??= {}
    paths[endpoint.path][endpoint.method.toLowerCase()] = operationOf(endpoint, hoisted)
  }
  const tags = [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name }))
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Sourcing Platform API',
      version: '1.0.0',
      summary: 'JSON over HTTP for buyers’ and sellers’ systems and the platform’s staff.',
      description:
        'The same data and rules as the pages: a token acts as the user who made it, through the same lenses, steps and refusals. Every refusal is an RFC 9457 problem document whose `type` opens a page that explains it. Every POST takes an Idempotency-Key; lists are cursor pages; reads carry ETags. The readable reference is at /api/docs.',
    },
    servers: [{ url: API_BASE, description: 'This server' }],
    security: [{ bearer: [] }],
    tags,
    paths,
    components: components(hoisted),
  }
}
