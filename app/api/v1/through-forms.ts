import type { z } from 'zod'
import { ApiProblem, pointerOf } from '~/platform/api/problem'
import { Refused, type Result } from '~/utils/refusal.server'

// The catalogue's writes through the API take the same zod schemas and mutations as the pages' forms
// (issue 40: one version of every rule). A body's values are handed to the form's schema as the form
// would carry them (amounts and quantities as the text a field holds), and every message the schema
// or the mutation gives at a form field is answered at the body's own name for it (`price` is
// `/price_paise`, `attr.weave` is `/attributes/weave`).

/** Form field -> body field, for the first segment of a field's path. */
export type FieldNames = Record<string, string>

const bodyName = (path: readonly PropertyKey[], names: FieldNames) => {
  const [first, ...rest] = path.map(String)
  return [names[first ?? ''] ?? first ?? '', ...rest].filter(Boolean).join('.')
}

/** Parses form-shaped values with the form's schema; its refusals are 422 at the body's fields. */
export function throughForm<S extends z.ZodType>(schema: S, values: unknown, names: FieldNames): z.output<S> {
  const parsed = schema.safeParse(values)
  if (parsed.success) return parsed.data
  throw ApiProblem.of('validation-error', 'The body has invalid fields.', {
    errors: parsed.error.issues.map((issue) => {
      const name = bodyName(issue.path, names)
      return { in: 'body' as const, pointer: name ? pointerOf(name) : '', detail: issue.message }
    }),
  })
}

/** A mutation's value, or its refusal thrown at the body's field names (404, 422 at a field, else 409). */
export function settledAt<T>(result: Result<T>, names: FieldNames): T {
  if (result.ok) return result.value
  if (result.notFound) throw ApiProblem.of('not-found', result.message)
  const rename = (field: string) => bodyName(field.split('.'), names)
  if (result.fields)
    throw new Refused(
      Object.fromEntries(Object.entries(result.fields).map(([field, message]) => [rename(field), message])),
      result.message,
    )
  throw new Refused(result.field ? rename(result.field) : undefined, result.message)
}

/** An optional integer as the text a form field holds ('' when absent, which a form sends for an empty field). */
export const typed = (value: number | null | undefined, as: (n: number) => string) =>
  value === null || value === undefined ? undefined : as(value)
