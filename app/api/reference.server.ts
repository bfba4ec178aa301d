import { SCOPE_INFO, type ApiScope } from '~/auth/api-scopes'
import { portals, type PortalKey } from '~/auth/portals'
import { PROBLEM_HELP, PROBLEM_TYPES, problemTypeUri, type ProblemType } from '~/platform/api/problem'
import { API_BASE } from './dispatch.server'
import { examplePath, openApiDocument } from './openapi.server'
import type { Endpoint } from './endpoint'

// The readable reference of /api/v1 (/api/docs), read from the OpenAPI document itself, so the page
// says what the document says: each operation's method, path, scope, parameters, body and answer as
// tables, its examples as curl commands, and the problem types.

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

export interface FieldRow {
  name: string
  type: string
  required: boolean
  description: string
}

export interface ReferenceOperation {
  id: string
  method: string
  path: string
  tag: string
  summary: string
  description: string
  scope: { name: string; label: string } | null
  portals: string[]
  parameters: (FieldRow & { in: string })[]
  body: FieldRow[] | null
  success: { status: string; type: string; rows: FieldRow[] }
  problems: { status: string; types: string[] }[]
  examples: { name: string; summary: string; status: number; curl: string }[]
}

export interface Reference {
  title: string
  base: string
  openapiUrl: string
  operations: ReferenceOperation[]
  problems: { type: ProblemType; uri: string; status: number; title: string; help: string }[]
  scopes: { name: ApiScope; label: string; holders: string }[]
}

function resolve(document: Json, value: Json): Json {
  if (typeof value?.$ref !== 'string') return value
  let at: Json = document
  for (const part of value.$ref.replace(/^#\//, '').split('/')) at = at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return resolve(document, at)
}

const SAFE_BOUND = 9007199254740991

/** How a JSON Schema reads in a table: "integer ≥ 1", "string (date-time)", "one of: open, shut". */
function typeText(document: Json, schema: Json | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any'
  if (schema.$ref) return String(schema.$ref).split('/').pop()!
  const options = schema.anyOf ?? schema.oneOf
  if (options) return (options as Json[]).map((o) => typeText(document, o)).join(' or ')
  if (schema.enum) return `one of: ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  const types = ([] as string[]).concat(schema.type ?? 'any')
  const main = types
    .map((t) => {
      if (t === 'array') return `array of ${typeText(document, schema.items)}`
      if (t === 'string' && schema.format) return `string (${schema.format})`
      return t
    })
    .join(' or ')
  const bounds: string[] = []
  const num = (key: string, sign: string) => {
    const v = schema[key]
    if (typeof v === 'number' && Math.abs(v) !== SAFE_BOUND) bounds.push(`${sign} ${v}`)
  }
  num('minimum', '≥')
  num('exclusiveMinimum', '>')
  num('maximum', '≤')
  num('exclusiveMaximum', '<')
  if (typeof schema.minLength === 'number' && schema.minLength > 0) bounds.push(`${schema.minLength}+ characters`)
  if (typeof schema.maxLength === 'number') bounds.push(`at most ${schema.maxLength} characters`)
  if (typeof schema.minItems === 'number' && schema.minItems > 0) bounds.push(`${schema.minItems}+ items`)
  if (typeof schema.maxItems === 'number') bounds.push(`at most ${schema.maxItems} items`)
  return [main, ...bounds].join(', ')
}

/** The object a schema describes (through a nullable union or an array), to list its fields. */
function objectOf(schema: Json | undefined): Json | null {
  if (!schema) return null
  if (schema.properties) return schema
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (options) return options.map(objectOf).find(Boolean) ?? null
  if (schema.items) return objectOf(schema.items)
  return null
}

/** An object schema's fields, nested ones as `lines[].quantity_milli`. */
export function fieldRows(document: Json, schema: Json | undefined, prefix = '', depth = 0): FieldRow[] {
  const object = objectOf(schema ? resolve(document, schema) : undefined)
  if (!object || depth > 6) return []
  const required = new Set((object.required ?? []) as string[])
  return Object.entries(object.properties as Record<string, Json>).flatMap(([key, raw]) => {
    const property = resolve(document, raw)
    const name = prefix + key
    const extra = property.default !== undefined ? ` Default: ${JSON.stringify(property.default)}.` : ''
    const row: FieldRow = {
      name,
      type: typeText(document, property),
      required: required.has(key),
      description: `${property.description ?? ''}${extra}`.trim(),
    }
    const isArray = ([] as string[]).concat(property.type ?? []).includes('array')
    return [row, ...fieldRows(document, property, `${name}${isArray ? '[]' : ''}.`, depth + 1)]
  })
}

function curlOf(origin: string, method: string, path: string, ex: Json): string {
  const url = `${origin}${API_BASE}${examplePath(path, ex)}`
  const lines = [`curl -sS${method === 'GET' ? '' : ` -X ${method}`} '${url}'`, `  -H "Authorization: Bearer $TOKEN"`]
  if (method === 'POST') lines.push(`  -H "Idempotency-Key: $(uuidgen)"`)
  if (ex.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`)
    lines.push(`  -d '${JSON.stringify(ex.body).replace(/'/g, `'\\''`)}'`)
  }
  return lines.join(' \\\n')
}

/** The reference of the endpoints as the page shows it; `origin` is where curl commands point. */
export function referenceOf(endpoints: readonly Endpoint[], origin: string): Reference {
  const document = openApiDocument(endpoints) as Json
  const operations: ReferenceOperation[] = []
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const scope = op['x-scope'] as ApiScope | null
      const params = ((op.parameters ?? []) as Json[]).map((p) => resolve(document, p))
      const responses = Object.entries(op.responses as Json)
      const [successStatus, successRaw] = responses[0]
      const success = resolve(document, successRaw)
      const [successType, successMedia] = Object.entries((success.content ?? {}) as Json)[0] ?? ['', {}]
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags[0],
        summary: op.summary,
        // The scope and portals paragraphs of the document's description are the page's own lines.
        description: String(op.description)
          .split('\n\n')
          .filter((p) => !p.startsWith('Scope:') && !p.startsWith('Callable by users of:'))
          .join('\n\n'),
        scope: scope ? { name: scope, label: SCOPE_INFO[scope].label } : null,
        portals: (op['x-portals'] as PortalKey[]).map((key) => portals[key].title),
        parameters: params.map((p) => ({
          name: p.name,
          in: p.in,
          type: typeText(document, p.schema),
          required: Boolean(p.required),
          description: p.description ?? '',
        })),
        body: op.requestBody ? fieldRows(document, op.requestBody.content['application/json'].schema) : null,
        success: {
          status: successStatus,
          type: successType,
          rows: successType.includes('json') ? fieldRows(document, (successMedia as Json).schema) : [],
        },
        problems: responses
          .filter(([status]) => Number(status) >= 400)
          .map(([status, r]) => ({
            status,
            types: Object.keys(resolve(document, r as Json).content['application/problem+json'].examples),
          })),
        examples: (op['x-examples'] as Json[]).map((ex) => ({
          name: ex.name,
          summary: ex.summary,
          status: ex.status,
          curl: curlOf(origin, method.toUpperCase(), path, ex),
        })),
      })
    }
  }
  return {
    title: document.info.title,
    base: `${origin}${API_BASE}`,
    openapiUrl: `${API_BASE}/openapi.json`,
    operations,
    problems: (Object.keys(PROBLEM_TYPES) as ProblemType[]).map((type) => ({
      type,
      uri: problemTypeUri(type),
      status: PROBLEM_TYPES[type].status,
      title: PROBLEM_TYPES[type].title,
      help: PROBLEM_HELP[type],
    })),
    scopes: (Object.keys(SCOPE_INFO) as ApiScope[]).map((name) => ({
      name,
      label: SCOPE_INFO[name].label,
      holders: SCOPE_INFO[name].holders.join(', '),
    })),
  }
}
