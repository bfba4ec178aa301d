import { readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

// GSTN's GSTR-1 section schemas as kept (app/features/settlements/gst/gstn-gstr1/, README there names
// their source). They describe what the portal answers, so their `required` lists name the portal's
// own bookkeeping an upload never carries: chksum, flag, cflag, cfs, updby. This reads them as an
// upload means them, dropping exactly those names from `required` and changing nothing else, and
// validates each section of a generated return against its schema with ajv 8 (+ ajv-formats).

const DIR = path.resolve('app/features/settlements/gst/gstn-gstr1')
const PORTAL_ONLY = new Set(['chksum', 'flag', 'cflag', 'cfs', 'updby'])
export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'doc_issue'] as const

function asUpload(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asUpload)
  if (!node || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'id') continue // draft-04's id, a name only
    if (key === 'required' && Array.isArray(value)) out.required = value.filter((v) => !PORTAL_ONLY.has(String(v)))
    else out[key] = asUpload(value)
  }
  return out
}

/** A section's schema as an upload is checked against it. */
export function gstr1SectionSchema(section: (typeof GSTR1_SECTIONS)[number]): Record<string, unknown> {
  return asUpload(JSON.parse(readFileSync(path.join(DIR, `${section}.json`), 'utf8'))) as Record<string, unknown>
}

const validators = new Map<string, ValidateFunction>()
/** A return checked section by section (each present section against its schema): the errors, none when valid. */
export function gstr1SchemaErrors(gstr1: Record<string, unknown>): string[] {
  const errors: string[] = []
  for (const section of GSTR1_SECTIONS) {
    if (!(section in gstr1)) continue
    let validate = validators.get(section)
    if (!validate) {
      // strict off: the published text carries draft-04 leftovers (minLength on numbers) ajv's strict mode refuses.
      const ajv = new Ajv({ allErrors: true, strict: false })
      addFormats(ajv)
      validate = ajv.compile(gstr1SectionSchema(section))
      validators.set(section, validate)
    }
    if (!validate({ [section]: gstr1[section] }))
      errors.push(...(validate.errors ?? []).map((e) => `${section}${e.instancePath} ${e.message}`))
  }
  return errors
}
