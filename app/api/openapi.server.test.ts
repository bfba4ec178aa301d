import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { z } from 'zod'
import { type API_SCOPES } from '~/auth/api-scopes'
import { PROBLEM_TYPES } from '~/platform/api/problem'
import { pageQuery, pageSchema } from '~/platform/api/cursor'
import { api, tokenFor } from '../../tests/support/api'
import { loadBuiltApp } from '../../tests/access/http'
import { answer, endpoint, type Endpoint, type Example } from './endpoint'
import { examplePath, openApiDocument, problemStatusesOf } from './openapi.server'
import { endpoints } from './v1/index'

// The contract of /api/v1 (issue 40): the OpenAPI document is a valid 3.1 document whose every schema
// compiles as JSON Schema 2020-12, every registered endpoint has an example, and every example in the
// document is run against the API: it answers the status it says, with a body the document's schema
// for that status accepts. A handler and its document that disagree fail here.

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

function newAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false, allowUnionTypes: true })
  addFormats(ajv)
  return ajv
}

/** A schema of the document made standalone: its components.schemas refs become $defs of its own. */
function standalone(document: Json, schema: Json): Json {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) =>
          k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
            ? [k, v.replace('#/components/schemas/', '#/$defs/')]
            : [k, rewrite(v)],
        ),
      )
    return value
  }
  return { ...(rewrite(schema) as Json), $defs: rewrite(document.components.schemas) }
}

/** Follows a `#/…` reference of the document. */
function resolve(document: Json, value: Json): Json {
  if (typeof value?.$ref !== 'string') return value
  const path = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  let at: Json = document
  for (const part of path) {
    at = at?.[part]
    if (at === undefined) throw new Error(`unresolved reference ${value.$ref}`)
  }
  return resolve(document, at)
}

function operations(document: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  )
}

/** Every JSON Schema of the document: components', parameters', bodies' and answers'. */
function schemasOf(document: Json): { where: string; schema: Json }[] {
  const found: { where: string; schema: Json }[] = []
  for (const [name, schema] of Object.entries(document.components.schemas as Json))
    found.push({ where: `components.schemas.${name}`, schema: schema as Json })
  for (const { path, method, op } of operations(document)) {
    for (const p of op.parameters ?? []) {
      const param = resolve(document, p)
      found.push({ where: `${method} ${path} parameter ${param.name}`, schema: param.schema })
    }
    for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json))
      found.push({ where: `${method} ${path} body ${type}`, schema: (media as Json).schema })
    for (const [status, r] of Object.entries(op.responses as Json))
      for (const [type, media] of Object.entries((resolve(document, r as Json).content ?? {}) as Json))
        found.push({ where: `${method} ${path} ${status} ${type}`, schema: (media as Json).schema })
  }
  return found
}

/** The checks an OpenAPI 3.1 validator makes that matter here (its own schema is not installed). */
function structuralProblems(document: Json): string[] {
  const problems: string[] = []
  const say = (ok: unknown, message: string) => {
    if (!ok) problems.push(message)
  }
  say(/^3\.1\.\d+$/.test(document.openapi), 'openapi is 3.1.x')
  say(
    typeof document.info?.title === 'string' && typeof document.info?.version === 'string',
    'info has title and version',
  )
  say(document.paths && typeof document.paths === 'object', 'paths is an object')
  const ids = new Set<string>()
  const tags = new Set((document.tags ?? []).map((t: Json) => t.name))
  const schemes = document.components?.securitySchemes ?? {}
  for (const [path] of Object.entries(document.paths)) say(path.startsWith('/'), `${path} begins with /`)
  for (const { path, method, op } of operations(document)) {
    const at = `${method.toUpperCase()} ${path}`
    say(typeof op.operationId === 'string' && !ids.has(op.operationId), `${at}: a unique operationId`)
    ids.add(op.operationId)
    for (const tag of op.tags ?? []) say(tags.has(tag), `${at}: tag ${tag} is declared`)
    say(op.responses && Object.keys(op.responses).length > 0, `${at}: has responses`)
    for (const [status, response] of Object.entries(op.responses as Json)) {
      say(/^([1-5]\d\d|[1-5]XX|default)$/.test(status), `${at}: response key ${status}`)
      say(typeof resolve(document, response as Json).description === 'string', `${at} ${status}: has a description`)
    }
    const params = (op.parameters ?? []).map((p: Json) => resolve(document, p))
    const seen = new Set<string>()
    for (const p of params) {
      say(['path', 'query', 'header', 'cookie'].includes(p.in), `${at}: parameter ${p.name} has a valid "in"`)
      say(!seen.has(`${p.in}:${p.name}`), `${at}: parameter ${p.name} once`)
      seen.add(`${p.in}:${p.name}`)
      say(p.schema && typeof p.schema === 'object', `${at}: parameter ${p.name} has a schema`)
      if (p.in === 'path') say(p.required === true, `${at}: path parameter ${p.name} is required`)
    }
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
    const inPath = params.filter((p: Json) => p.in === 'path').map((p: Json) => p.name)
    say(
      JSON.stringify([...templated].sort()) === JSON.stringify([...inPath].sort()),
      `${at}: path parameters ${inPath} match the template ${templated}`,
    )
    for (const requirement of op.security ?? [])
      for (const name of Object.keys(requirement)) say(name in schemes, `${at}: security scheme ${name} is declared`)
  }
  // Every reference resolves.
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${where}/${i}`))
    if (!value || typeof value !== 'object') return
    const ref = (value as Json).$ref
    if (typeof ref === 'string') {
      try {
        resolve(document, { $ref: ref })
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`)
      }
    }
    for (const [k, v] of Object.entries(value)) walk(v, `${where}/${k}`)
  }
  walk(document, '#')
  return problems
}

const document = openApiDocument(endpoints) as Json

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, and every schema in it compiles as JSON Schema 2020-12', () => {
    expect(structuralProblems(document)).toEqual([])
    const ajv = newAjv()
    const failures: string[] = []
    for (const { where, schema } of schemasOf(document)) {
      try {
        ajv.compile(standalone(document, schema))
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message}`)
      }
    }
    expect(failures).toEqual([])
    expect(schemasOf(document).length).toBeGreaterThan(endpoints.length)
  })

  it('lists every registered endpoint, with its scope, portals and at least one example', () => {
    const ops = operations(document)
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(endpoints.map((e) => e.id).sort())
    for (const e of endpoints) {
      const { op } = ops.find((o) => o.op.operationId === e.id)!
      expect(op['x-scope'], e.id).toBe(e.scope ?? null)
      expect(op.security, e.id).toEqual([{ bearer: e.scope ? [e.scope] : [] }])
      expect(op['x-portals'], e.id).toEqual([...e.portals])
      expect(e.examples?.length ?? 0, `${e.id} has an example`).toBeGreaterThan(0)
      for (const ex of e.examples ?? []) {
        const documented = String(ex.status) in op.responses
        expect(documented, `${e.id} example ${ex.name}: its status ${ex.status} is documented`).toBe(true)
      }
    }
  })

  it('declares the shared Problem schema and a problem response for each status, whose types exist', () => {
    expect(document.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'detail'])
    for (const [name, response] of Object.entries(document.components.responses as Json)) {
      const examples = response.content['application/problem+json'].examples as Json
      for (const example of Object.values(examples)) {
        const type = String(example.value.type).split('/').pop()!
        expect(Object.keys(PROBLEM_TYPES), name).toContain(type)
      }
    }
    for (const e of endpoints) {
      const { op } = operations(document).find((o) => o.op.operationId === e.id)!
      expect(Object.keys(op.responses).filter((s) => Number(s) >= 400)).toEqual(problemStatusesOf(e).map(String))
    }
  })

  it('is made from the endpoints’ schemas: parameters, query, body, created answers and binary answers', () => {
    const made = [
      endpoint({
        id: 'testPlace',
        method: 'POST',
        path: '/things/{thingId}/parts',
        tag: 'Test',
        summary: 'Place a part',
        scope: 'orders:write',
        portals: ['buyer'],
        params: z.object({ thingId: z.coerce.number().int().positive().describe('The thing') }),
        body: z.object({ quantity_milli: z.number().int().positive(), note: z.string().optional() }),
        response: z.object({ id: z.number().int() }),
        status: 201,
        examples: [
          {
            name: 'one',
            summary: 'One part',
            as: 'buyer@example.com',
            params: { thingId: 3 },
            body: { quantity_milli: 1000 },
            status: 201,
          },
        ],
        handle: async () => answer({ id: 1 }, { status: 201 }),
      }),
      endpoint({
        id: 'testList',
        method: 'GET',
        path: '/things',
        tag: 'Test',
        summary: 'List things',
        scope: 'orders:read',
        portals: ['buyer'],
        query: z.object({ ...pageQuery, status: z.enum(['open', 'shut']).optional() }),
        response: pageSchema(z.object({ id: z.number().int() })),
        examples: [
          { name: 'open', summary: 'Open things', as: 'buyer@example.com', query: { status: 'open' }, status: 200 },
        ],
        handle: async () => ({ data: [], next_cursor: null }),
      }),
      endpoint({
        id: 'testPdf',
        method: 'GET',
        path: '/things/{thingId}/pdf',
        tag: 'Test',
        summary: 'A thing as PDF',
        scope: 'invoices:read',
        portals: ['buyer'],
        params: z.object({ thingId: z.coerce.number().int().positive() }),
        response: z.unknown(),
        produces: 'application/pdf',
        handle: async () => new Response('%PDF'),
      }),
    ] as Endpoint[]
    const doc = openApiDocument(made) as Json
    expect(structuralProblems(doc)).toEqual([])
    const place = doc.paths['/things/{thingId}/parts'].post
    expect(place.parameters[0]).toMatchObject({
      name: 'thingId',
      in: 'path',
      required: true,
      description: 'The thing',
      examples: { one: { value: 3 } },
    })
    expect(place.parameters[1]).toEqual({ $ref: '#/components/parameters/IdempotencyKey' })
    expect(place.requestBody.content['application/json'].schema.required).toEqual(['quantity_milli'])
    expect(place.requestBody.content['application/json'].examples.one.value).toEqual({ quantity_milli: 1000 })
    expect(Object.keys(place.responses)).toEqual(['201', '400', '401', '403', '404', '409', '415', '422', '429'])
    expect(place.responses['201'].headers.Location).toBeDefined()
    expect(place.responses['201'].content['application/json'].schema.additionalProperties).toBe(false)
    const list = doc.paths['/things'].get
    expect(list.parameters.map((p: Json) => p.name ?? p.$ref)).toEqual([
      'limit',
      'cursor',
      'status',
      '#/components/parameters/IfNoneMatch',
    ])
    expect(list.parameters[0]).toMatchObject({ in: 'query', required: false, schema: { default: 50 } })
    expect(Object.keys(list.responses)).toEqual(['200', '304', '401', '403', '422', '429'])
    expect(doc.paths['/things/{thingId}/pdf'].get.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
    })
    expect(examplePath('/things/{thingId}/parts', { params: { thingId: 3 }, query: { a: 'b c' } })).toBe(
      '/things/3/parts?a=b+c',
    )
  })

  it('is served at /api/v1/openapi.json without a token, ahead of the API’s own routes', async () => {
    const { handle } = await loadBuiltApp()
    const response = await handle(new Request('http://localhost/api/v1/openapi.json'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    const served = (await response.json()) as Json
    expect(served.openapi).toBe('3.1.0')
    expect(Object.keys(served.paths)).toEqual(Object.keys(document.paths))
    // The problem types' URIs open a page that explains them.
    const page = await handle(
      new Request(
        `http://localhost${served.components.responses.Unauthorized.content['application/problem+json'].examples.unauthorized.value.type}`,
      ),
    )
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(PROBLEM_TYPES.unauthorized.title)
    expect((await handle(new Request('http://localhost/api/v1/problems/no-such-type'))).status).toBe(404)
    // The readable reference lists every operation, from the same document.
    const reference = await handle(new Request('http://localhost/api/docs'))
    expect(reference.status).toBe(200)
    const html = await reference.text()
    for (const e of endpoints) expect(html, e.id).toContain(`id="op-${e.id}"`)
    expect(html).toContain('id="problem-validation-error"')
  }, 120_000)
})

describe('every example of the document, run against the API', () => {
  // The document's examples, each run as the demo account its endpoint's registry entry names.
  const cases = operations(document).flatMap(({ path, method, op }) =>
    (op['x-examples'] as Omit<Example, 'as'>[]).map((ex) => {
      const as = endpoints.find((e) => e.id === op.operationId)?.examples?.find((x) => x.name === ex.name)?.as
      return { path, method, op, ex: { ...ex, as: as ?? '(no account)' } }
    }),
  )

  it('has examples to run', () => expect(cases.length).toBeGreaterThanOrEqual(endpoints.length))

  it.each(cases.map((c) => [`${c.op.operationId} ${c.ex.name}`, c] as const))(
    '%s answers its status with a body the document accepts',
    async (_name, { path, method, op, ex }) => {
      const scope = op['x-scope'] as (typeof API_SCOPES)[number] | null
      const token = await tokenFor(ex.as, scope ? [scope] : undefined)
      const got = await api(method.toUpperCase(), examplePath(path, ex), { token, body: ex.body })
      expect(got.status, `${got.text.slice(0, 400)}`).toBe(ex.status)
      const response = resolve(document, op.responses[String(ex.status)])
      const [type, media] = Object.entries(response.content ?? {})[0] as [string, Json]
      expect(got.response.headers.get('Content-Type')).toContain(type)
      if (!type.includes('json')) return
      const validate = newAjv().compile(standalone(document, media.schema))
      const ok = validate(got.json)
      expect(validate.errors ?? [], `${op.operationId} ${ex.name}: the answer fits the document`).toEqual([])
      expect(ok).toBe(true)
    },
  )
})
