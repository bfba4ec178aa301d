// The one way a state machine is declared (docs/decisions/0013-one-lifecycle-and-steps.md): a table
// of steps, each from some states to one, taken by some roles, with an optional guard. This half is
// plain data and pure functions, so a view may read a machine to draw its buttons; steps.server.ts
// takes a step in a transaction.

/** One step of a machine: from which states to which, who may take it, what it is called. */
export interface Step<S extends string = string, R extends string = string> {
  from: readonly S[]
  to: S
  /** Who may take it (the route checks the viewer's portal and scope; the table says which side). */
  by: R | readonly R[]
  /** The button. */
  label: string
  /** The audit action's last part and the toast's past tense. */
  done: string
  /** A reason must be given (whoever reads the record's history reads it). */
  needsReason?: boolean
}

/**
 * A state machine over one table's status column. `words` says each state as a person would
 * ("pending approval"); `codeColumn` names the column a refusal calls the record by.
 */
export interface Machine<S extends string = string, N extends string = string, R extends string = string> {
  /** The audit entries' entity type: 'seller_order'. */
  entity: string
  /** The table whose rows move: 'seller_orders'. */
  table: string
  /** The state column; 'status' when absent. */
  column?: string
  /** The column a refusal names the record by ('code', 'name'); "This record" when absent. */
  codeColumn?: string
  /** What a refusal calls the record when it names none by a column ("This offer"); "This record" when absent. */
  called?: string
  /**
   * Where its steps are told when not in its own history: the parent record's (a transport booking's
   * steps in its request's history), named by its entity type and the column holding its id.
   */
  history?: { entity: string; column: string }
  steps: { readonly [K in N]: Step<S, R> }
  words?: Partial<Record<S, string>>
}

/** Declares a machine; the identity, so its steps keep their literal names and states. */
export function machine<const S extends string, const N extends string, const R extends string>(
  definition: Machine<S, N, R>,
): Machine<S, N, R> {
  return definition
}

/** Whether a step may be taken by a role (any role when none is named). */
export function takenBy<R extends string>(step: Step<string, R>, by?: R): boolean {
  if (by === undefined) return true
  return typeof step.by === 'string' ? step.by === by : (step.by as readonly R[]).includes(by)
}

/** The steps of a machine that can be taken from a state, by whom. */
export function stepsFrom<S extends string, N extends string, R extends string>(
  m: Machine<S, N, R>,
  status: S,
  by?: R,
): N[] {
  return (Object.keys(m.steps) as N[]).filter((name) => {
    const step: Step<S, R> = m.steps[name]
    return step.from.includes(status) && takenBy(step, by)
  })
}

/** Whether a step may be taken from a state. */
export function canTake<S extends string, N extends string>(m: Machine<S, N>, name: N, status: S): boolean {
  return (m.steps[name].from as readonly S[]).includes(status)
}

/** A state in words: the machine's own, else its key with spaces. */
export function stateWords<S extends string>(m: Machine<S>, status: S): string {
  return m.words?.[status] ?? status.replace(/_/g, ' ')
}
