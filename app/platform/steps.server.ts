import type { Kysely } from 'kysely'
import { formatDateTime } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { audit } from './audit.server'
import type { Executor } from './executor'
import { stateWords, type Machine, type Step } from './steps'

// Takes one step of a machine (steps.ts) inside the caller's transaction: the conditional update on
// the state read, the audit entry, the kept counts (the caller's `moved`), and, when someone else
// moved the record first, the answer "already <state> (by X, T)". A refusal is always thrown, so
// the transaction rolls back; at the route it becomes the one form outcome (refusals()).

export interface StepInput<S extends string> {
  actorUserId: number | null
  /** The reason, kept on the audit entry; required where the step needs one. */
  note?: string | null
  /** Further columns the same conditional update sets (decided_by, courier...). */
  set?: Record<string, unknown>
  /** Further keys of the audit entry (before and after the step). */
  before?: Record<string, unknown>
  after?: Record<string, unknown>
  /** The audit action when it is not `<entity>.<done>` (a step told in its own words). */
  action?: string
  /** The state the caller has just read under its lock; read here when absent. */
  current?: S
  /** What moves with the step in the same transaction (kept counts, report rows), after its entry. */
  moved?: (move: { from: S; to: S }) => Promise<void>
  /**
   * What the step carries with it in the same transaction before its entry is written (a booking
   * moving its request and order); the keys it answers join the entry's `after`.
   */
  carried?: (move: { from: S; to: S }) => Promise<Record<string, unknown> | void>
  /** false: no entry of its own, the step is told in the entry of the step it goes with. */
  audit?: boolean
  /**
   * The step's own rule beyond its states (a production gate): read after the state check, inside the
   * transaction; a message refuses the step (thrown, nothing changes), undefined lets it go.
   */
  guard?: (trx: Executor, id: number, move: { from: S; to: S }) => Promise<string | undefined>
  /** The field a missing reason is refused at, and its message. */
  reason?: { field?: string; message: string }
  now?: Date
}

export interface StepTaken<S extends string> {
  from: S
  to: S
}

// The machine's table is named at run time; the queries are the same for every machine.
const anyDb = (trx: Executor) => trx as unknown as Kysely<Record<string, Record<string, unknown>>>

/** The history a record's steps are told in: its own, or its parent's (Machine.history). */
function toldOn(m: Machine, id: number, row: Record<string, unknown>): { entityType: string; entityId: number } {
  return m.history
    ? { entityType: m.history.entity, entityId: Number(row[m.history.column]) }
    : { entityType: m.entity, entityId: id }
}

/** The record's row, the columns named; undefined when it is not there. */
async function recordOf(trx: Executor, m: Machine, id: number, columns: string[]) {
  return (await anyDb(trx).selectFrom(m.table).select(columns).where('id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined
}

const notThere = (m: Machine) => Refused.notFound(`There is no such ${m.entity.replace(/_/g, ' ')}.`)

/** The columns a step reads of its record: the state, and the parent whose history tells it. */
const stepColumns = (m: Machine) => [m.column ?? 'status', ...(m.history ? [m.history.column] : [])]

/** The record's state now and who put it there, when: the refusal for a step it can no longer take. */
export async function alreadyMoved<S extends string>(
  trx: Executor,
  m: Machine<S>,
  id: number,
  step: Step<S>,
): Promise<Refused> {
  const column = m.column ?? 'status'
  const row = await recordOf(trx, m, id, [...stepColumns(m), ...(m.codeColumn ? [m.codeColumn] : [])])
  if (!row) return notThere(m)
  const told = toldOn(m, id, row)
  const last = await trx
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .select(['users.name', 'audit_events.at'])
    .where('audit_events.entity_type', '=', told.entityType)
    .where('audit_events.entity_id', '=', String(told.entityId))
    .orderBy('audit_events.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const name = m.codeColumn ? String(row[m.codeColumn]) : (m.called ?? 'This record')
  const by = last?.name ? ` (by ${last.name}, ${formatDateTime(last.at)})` : ''
  return new Refused(
    undefined,
    `${name} is already ${stateWords(m, row[column] as S)}${by}: “${step.label}” is no longer possible, and nothing was changed.`,
  )
}

/**
 * Takes step `name` of machine `m` on record `id`: refused (thrown) when the record is not there,
 * when a needed reason is missing, or when the record is not in a state the step starts from,
 * including when someone else moved it between the read and the update.
 */
export async function takeStep<S extends string, N extends string, R extends string>(
  trx: Executor,
  m: Machine<S, N, R>,
  id: number,
  name: N,
  input: StepInput<S>,
): Promise<StepTaken<S>> {
  const step: Step<S, R> = m.steps[name]
  const column = m.column ?? 'status'
  const note = input.note?.trim() ?? ''
  if (step.needsReason && !note) {
    throw new Refused(input.reason?.field ?? 'reason', input.reason?.message ?? 'Say why: it is kept in the history.')
  }
  let current = input.current
  let row: Record<string, unknown> | undefined
  if (current === undefined || m.history) {
    row = await recordOf(trx, m, id, stepColumns(m))
    if (!row) throw notThere(m)
    current ??= row[column] as S
  }
  if (!step.from.includes(current)) throw await alreadyMoved(trx, m, id, step)
  const held = await input.guard?.(trx, id, { from: current, to: step.to })
  if (held) throw new Refused(undefined, held)
  // Conditional on the state just read: a change by someone else in between makes it update nothing.
  const updated = await anyDb(trx)
    .updateTable(m.table)
    .set({ [column]: step.to, ...input.set })
    .where('id', '=', id)
    .where(column, '=', current)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw await alreadyMoved(trx, m, id, step)
  const carried = (await input.carried?.({ from: current, to: step.to })) ?? {}
  if (input.audit !== false)
    await audit(trx, {
      actorUserId: input.actorUserId,
      action: input.action ?? `${m.entity}.${step.done}`,
      ...toldOn(m, id, row ?? {}),
      before: { [column]: current, ...input.before },
      after: { [column]: step.to, ...input.after, ...carried },
      note: note || null,
    })
  await input.moved?.({ from: current, to: step.to })
  return { from: current, to: step.to }
}
