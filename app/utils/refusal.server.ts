import type { PickChoices, PickOption } from '~/platform/pick'

/**
 * Why a mutation was refused: a message, at one field when it names one, or at several fields
 * (each with its message; `message` then repeats the first, for a toast).
 */
export type Refusal = {
  ok: false
  field?: string
  fields?: Record<string, string>
  message: string
  notFound?: boolean
  choices?: PickChoices
}

/** What a mutation answers: its value, or why it was refused. */
export type Result<T = undefined> = { ok: true; value: T } | Refusal

/** A rule broken inside a transaction: thrown to roll it back, answered as a refusal. The one way every feature refuses. */
export class Refused extends Error {
  readonly field: string | undefined
  readonly fields: Record<string, string> | undefined
  /** Records to choose from, by field, where a typed reference named none or several (a picker shows them). */
  readonly choices: PickChoices | undefined

  /** The record is not there, or not the viewer's: answered as a 404. */
  readonly notFound: boolean

  constructor(
    at: string | Record<string, string> | undefined,
    message?: string,
    choices?: PickChoices,
    notFound = false,
  ) {
    const fields = typeof at === 'object' ? at : undefined
    super(message ?? (fields ? Object.values(fields)[0] : undefined) ?? 'Refused')
    this.field = typeof at === 'string' ? at : undefined
    this.fields = fields
    const offered = Object.entries(choices ?? {}).filter(([, options]) => options?.length)
    this.choices = offered.length ? Object.fromEntries(offered) : undefined
    this.notFound = notFound
  }

  /** A record that is not there (or not in the viewer's scope): thrown, it rolls back; answered, a 404. */
  static notFound(message = 'Not found'): Refused {
    return new Refused(undefined, message, undefined, true)
  }

  /** A reference that named no record or several, refused at its field with what there is to choose from. */
  static pick(field: string, check: { message: string; choices: PickOption[] }): Refused {
    return new Refused(field, check.message, check.choices.length ? { [field]: check.choices } : undefined)
  }

  get refusal(): Refusal {
    return {
      ok: false,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.choices ? { choices: this.choices } : {}),
      ...(this.notFound ? { notFound: true } : {}),
    }
  }
}

/**
 * Runs a mutation and turns a Refused thrown inside it into a refusal. `translate` may turn other
 * known errors into one too (a unique index deciding a race the checks could not see).
 */
export async function refusals<T>(
  work: () => Promise<Result<T>>,
  translate?: (error: unknown) => Result<T> | undefined,
): Promise<Result<T>> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    const known = translate?.(error)
    if (known) return known
    throw error
  }
}

/** refusals() for work that returns its value as it is. */
export function settle<T>(
  work: () => Promise<T>,
  translate?: (error: unknown) => Result<T> | undefined,
): Promise<Result<T>> {
  return refusals(async () => ({ ok: true as const, value: await work() }), translate)
}
