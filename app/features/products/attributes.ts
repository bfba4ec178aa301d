import type { AttributeDefinition } from '#db/types'

/**
 * A product's attribute schema (dev admin edits it) and the values a SKU gives it. Values are kept
 * as text: numbers as exact decimal text ("180", "2.5"), enum values as one of the listed values.
 * Shared by the SKU form (fields come from the schema), the SKU filters and the QC conditions.
 */

export type { AttributeDefinition }

export const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]*$/
const DECIMAL = /^-?\d+(?:\.\d{1,6})?$/

/** The schema stored on a product (JSON), tolerant of old or hand-edited rows. */
export function parseAttributeSchema(json: string | null | undefined): AttributeDefinition[] {
  if (!json) return []
  try {
    const parsed = JSON.parse(json) as unknown
    if (!Array.isArray(parsed)) return []
    return parsed
      .filter(
        (a): a is AttributeDefinition =>
          typeof a === 'object' && a !== null && typeof a.key === 'string' && typeof a.label === 'string',
      )
      .map((a) => ({
        key: a.key,
        label: a.label,
        type: a.type === 'number' || a.type === 'enum' ? a.type : 'text',
        unit: a.unit || undefined,
        required: Boolean(a.required),
        values: a.type === 'enum' && Array.isArray(a.values) ? a.values.map(String) : undefined,
      }))
  } catch {
    return []
  }
}

/** The form field name of an attribute in SKU forms and filters: `attr.weave`. */
export const attributeFieldName = (key: string) => `attr.${key}`

/**
 * Checks typed values against the schema. Returns the values to keep (trimmed, empty optional
 * values dropped, numbers normalised: "180.0" → "180") and a message per bad attribute key.
 */
export function validateAttributeValues(
  schema: AttributeDefinition[],
  typed: Record<string, string | undefined>,
): { values: Record<string, string>; errors: Record<string, string> } {
  const values: Record<string, string> = {}
  const errors: Record<string, string> = {}
  for (const attribute of schema) {
    const raw = (typed[attribute.key] ?? '').trim()
    if (raw === '') {
      if (attribute.required) errors[attribute.key] = `Enter ${attribute.label.toLowerCase()}`
      continue
    }
    if (raw.length > 200) {
      errors[attribute.key] = 'Use at most 200 characters'
      continue
    }
    if (attribute.type === 'number') {
      const plain = raw.replace(/,/g, '')
      if (!DECIMAL.test(plain)) {
        errors[attribute.key] =
          `Enter ${attribute.label.toLowerCase()} as a number${attribute.unit ? ` in ${attribute.unit}` : ''}, like 180 or 2.5`
        continue
      }
      values[attribute.key] = normaliseDecimal(plain)
    } else if (attribute.type === 'enum') {
      const match = attribute.values?.find((v) => v.toLowerCase() === raw.toLowerCase())
      if (!match) {
        errors[attribute.key] = `Choose one of: ${(attribute.values ?? []).join(', ')}`
        continue
      }
      values[attribute.key] = match
    } else {
      values[attribute.key] = raw
    }
  }
  return { values, errors }
}

/** "0180.50" → "180.5"; "-0" → "0". */
export function normaliseDecimal(text: string): string {
  const negative = text.startsWith('-')
  let [whole, fraction = ''] = text.replace(/^-/, '').split('.')
  whole = whole.replace(/^0+(?=\d)/, '')
  fraction = fraction.replace(/0+$/, '')
  const result = fraction ? `${whole}.${fraction}` : whole
  return negative && result !== '0' ? `-${result}` : result
}

/** An attribute value for reading: "180 g/m²". */
export function formatAttribute(attribute: AttributeDefinition, value: string | undefined): string {
  if (value === undefined || value === '') return '—'
  return attribute.unit && attribute.type === 'number' ? `${value} ${attribute.unit}` : value
}

/** The values kept on a SKU (attributes_json). */
export function parseAttributeValues(json: string | null | undefined): Record<string, string> {
  if (!json) return {}
  try {
    const parsed = JSON.parse(json) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {}
  } catch {
    return {}
  }
}
