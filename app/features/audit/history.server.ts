import type { Executor } from '~/platform/executor'
import type { ToldEntry } from '~/ui/history'
import { actionSentence } from './describe'
import { tellAll, type HistoryViewer } from './tell'

/**
 * Audit entries with their actor's name and company, raw: for the tellers (tell.ts) and for tests.
 * A loader never returns these: it returns entries told through the lens (`historyOf`).
 */
export function historyQuery(db: Executor) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .leftJoin('api_tokens', 'api_tokens.id', 'audit_events.api_token_id')
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
      'users.buyer_id as actor_buyer_id',
      'users.seller_id as actor_seller_id',
      'api_tokens.name as api_token_name',
    ])
}

export interface HistoryOptions {
  limit?: number
  /** Narrows the entries to some actions: names (`user.invited`) or families (`address.*`). */
  only?: string[]
}

/** A record's raw audit entries, newest first, with `what` in words: for tests and tellers, never for a loader. */
export function auditEntriesOf(
  db: Executor,
  entityType: string,
  entityId: string | number,
  options: HistoryOptions = {},
) {
  let query = historyQuery(db)
    .where('audit_events.entity_type', '=', entityType)
    .where('audit_events.entity_id', '=', String(entityId))
  const only = options.only
  if (only?.length) {
    query = query.where((eb) =>
      eb.or(
        only.map((action) =>
          action.endsWith('.*')
            ? eb('audit_events.action', 'like', `${action.slice(0, -1)}%`)
            : eb('audit_events.action', '=', action),
        ),
      ),
    )
  }
  return query
    .orderBy('audit_events.id', 'desc')
    .limit(options.limit ?? 50)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, what: actionSentence(row.action) })))
}

/**
 * A record's history told to a viewer through the lens (lens.ts), newest first: only the entries
 * and keys it may read, in its own words. Staff-only records pass STAFF_VIEWER.
 */
export async function historyOf(
  db: Executor,
  viewer: HistoryViewer,
  entityType: string,
  entityId: string | number,
  options: HistoryOptions = {},
): Promise<ToldEntry[]> {
  return tellAll(await auditEntriesOf(db, entityType, entityId, options), viewer)
}
