import type { Kysely, Transaction } from 'kysely'
import type { DB } from '#db/types'
import { actionSentence } from './describe'

export type Executor = Kysely<DB> | Transaction<DB>

export interface AuditInput {
  actorUserId: number | null
  action: string
  entityType: string
  entityId: string | number
  before?: unknown
  after?: unknown
  note?: string | null
}

/** Writes one audit entry; call it inside the transaction that makes the change. */
export async function audit(db: Executor, input: AuditInput): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      at: new Date().toISOString(),
      actor_user_id: input.actorUserId,
      action: input.action,
      entity_type: input.entityType,
      entity_id: String(input.entityId),
      before_json: input.before === undefined ? null : JSON.stringify(input.before),
      after_json: input.after === undefined ? null : JSON.stringify(input.after),
      note: input.note ?? null,
    })
    .execute()
}

/** Audit entries with their actor's name, as a History card shows them. */
export function historyQuery(db: Executor) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.action',
      'audit_events.entity_type',
      'audit_events.entity_id',
      'audit_events.before_json',
      'audit_events.after_json',
      'audit_events.note',
      'users.name as actor_name',
    ])
}

/**
 * A record's changes, newest first. `only` narrows them to some actions: names (`user.invited`)
 * or families (`address.*`).
 */
export function historyOf(db: Executor, entityType: string, entityId: string | number, options: { limit?: number; only?: string[] } = {}) {
  let query = historyQuery(db).where('audit_events.entity_type', '=', entityType).where('audit_events.entity_id', '=', String(entityId))
  const only = options.only
  if (only?.length) {
    query = query.where((eb) =>
      eb.or(only.map((action) => (action.endsWith('.*') ? eb('audit_events.action', 'like', `${action.slice(0, -1)}%`) : eb('audit_events.action', '=', action)))),
    )
  }
  return query
    .orderBy('audit_events.id', 'desc')
    .limit(options.limit ?? 50)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, what: actionSentence(row.action) })))
}
