/** What a mutation answers: its value, or why it was refused (at a field when it names one). */
export type Result<T = undefined> = { ok: true; value: T } | { ok: false; field?: string; message: string }

/** A rule broken inside a transaction: thrown to roll it back, answered as a message. */
export class Refused extends Error {
  constructor(
    readonly field: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Runs a mutation and turns a Refused thrown inside it into a refusal. `translate` may turn other
 * known errors into one too (a unique index deciding a race the checks could not see).
 */
export async function refusals<T>(work: () => Promise<Result<T>>, translate?: (error: unknown) => Result<T> | undefined): Promise<Result<T>> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refused) return { ok: false, field: error.field, message: error.message }
    const known = translate?.(error)
    if (known) return known
    throw error
  }
}
