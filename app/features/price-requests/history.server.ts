import type { ToldEntry } from '~/ui/history'
import { formatMoney } from '~/utils/format'
import { historyQuery } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import { actionWords } from '../audit/describe'
import { STAFF_VIEWER, tell, type AuditRow } from '../audit/tell'

/**
 * What happened to price-change requests (of one buyer SKU, or one request), told to staff through
 * the lens: their audit entries, and each step a request's row shows that no entry records
 * (proposed, then decided; the demo data's requests have rows but no entries). `what` words each
 * entry from the request's id and the words of its action ("proposed", "approved").
 */
export async function priceRequestHistory(
  db: Executor,
  of: { buyerSkuId: number } | { requestId: number },
  what: (requestId: number | string, words: string) => string,
): Promise<ToldEntry[]> {
  let query = db
    .selectFrom('price_change_requests as r')
    .leftJoin('users as asker', 'asker.id', 'r.requested_by')
    .leftJoin('users as decider', 'decider.id', 'r.decided_by')
    .select([
      'r.id',
      'r.status',
      'r.proposed_price_minor',
      'r.reason',
      'r.created_at',
      'r.decided_at',
      'r.decision_note',
      'asker.name as asker',
      'decider.name as decider',
    ])
  query =
    'buyerSkuId' in of ? query.where('r.buyer_sku_id', '=', of.buyerSkuId) : query.where('r.id', '=', of.requestId)
  const requests = await query.execute()
  if (requests.length === 0) return []
  const entries = await historyQuery(db)
    .where('audit_events.entity_type', '=', 'price_request')
    .where(
      'audit_events.entity_id',
      'in',
      requests.map((r) => String(r.id)),
    )
    .orderBy('audit_events.id', 'desc')
    .execute()
  const recorded = new Set(entries.map((e) => `${e.entity_id}:${e.action}`))
  type Step = {
    id: number
    action: string
    at: string
    actor: string | null
    after: Record<string, string>
    note: string | null
  }
  const unrecorded = requests.flatMap((r) => {
    const steps: Step[] = [
      {
        id: r.id,
        action: 'price_request.created',
        at: r.created_at,
        actor: r.asker,
        after: { proposed_price: formatMoney(r.proposed_price_minor), reason: r.reason },
        note: null,
      },
    ]
    if (r.status !== 'pending' && r.decided_at)
      steps.push({
        id: r.id,
        action: `price_request.${r.status}`,
        at: r.decided_at,
        actor: r.decider,
        after: { status: r.status },
        note: r.decision_note,
      })
    return steps.filter((step) => !recorded.has(`${r.id}:${step.action}`))
  })
  const rows: (AuditRow & { requestId: number | string })[] = [
    ...entries.map((e) => ({ ...e, requestId: e.entity_id })),
    ...unrecorded.map((step, index) => ({
      // Negative and far below a version's negative id: never an audit entry's id, so list keys stay unique.
      id: -1_000_000_000 - index,
      at: step.at,
      action: step.action,
      entity_type: 'price_request',
      actor_name: step.actor,
      actor_buyer_id: null,
      actor_seller_id: null,
      before_json: null,
      after_json: JSON.stringify(step.after),
      note: step.note,
      requestId: step.id,
    })),
  ]
  return rows.flatMap((row) => {
    const told = tell(row, STAFF_VIEWER)
    return told ? [{ ...told, what: what(row.requestId, actionWords(row.action)) }] : []
  })
}

/** Newest first; entries of the same instant by id, newest first. */
export const newestFirst = (a: ToldEntry, b: ToldEntry) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1)
