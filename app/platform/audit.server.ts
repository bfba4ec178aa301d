import { currentApiToken } from './api/channel.server'
import type { Executor } from './executor'

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
      api_token_id: currentApiToken(),
    })
    .execute()
}
