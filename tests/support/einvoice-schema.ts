import { readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

// The e-invoice schema as NIC publishes it (app/features/settlements/gst/inv-01-1.1.nic-schema.json,
// kept as published) is not a JSON schema a validator compiles as it stands: the document's
// members sit at the top level instead of under `properties`, a list is written as a one-element
// array holding its item's schema, patterns carry PCRE's `(?i)` flag, some keys and types have stray
// spaces or capitals ("String", " number", "AddlDocDtls "), and RefDtls lists its `required` among
// its properties. This reads it as NIC means it, changing nothing else, so every length, pattern,
// range, enum and required member of the published text is checked. Its patterns are Java's
// (\" for a quote): compiled without JavaScript's unicode flag, which refuses such escapes.

const SCHEMA_FILE = path.resolve('app/features/settlements/gst/inv-01-1.1.nic-schema.json')
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'description',
])

function normalise(node: unknown, asProperties = false): unknown {
  if (Array.isArray(node)) {
    // A list: a one-element array holding its item's schema.
    return { type: 'array', items: normalise(node[0]) }
  }
  if (!node || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [rawKey, value] of Object.entries(node as Record<string, unknown>)) {
    const key = rawKey.trim()
    if (asProperties) {
      // A `required` list written among the properties belongs to the object.
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) continue
      out[key] = normalise(value)
      continue
    }
    if (key === 'properties') out.properties = normalise(value, true)
    else if (key === 'type') out.type = String(value).trim().toLowerCase()
    else if (key === 'pattern') out.pattern = String(value).replace('(?i)', '')
    else if (key === 'required') out.required = (value as string[]).map((v) => v.trim())
    else if (KEYWORDS.has(key)) out[key] = value
    else if (typeof value === 'object') out[key] = normalise(value)
  }
  return out
}

/** The published schema as a JSON schema: the top level's members under `properties`. */
export function einvoiceSchema(): Record<string, unknown> {
  const published = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>
  const { required, ...rest } = published
  const members = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !['$schema', 'Title', 'Description'].includes(key.trim())),
  )
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: normalise(members, true),
    required,
  }
}

let validate: ValidateFunction | undefined
/** Checks a document against the schema: the errors, none when it is valid. */
export function einvoiceErrors(document: unknown): string[] {
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, strict: true, unicodeRegExp: false })
    addFormats(ajv)
    validate = ajv.compile(einvoiceSchema())
  }
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
