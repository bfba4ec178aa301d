import type { Executor } from '~/platform/executor'
import { describeCondition } from '../categories/conditions'
import { slotLabel } from './rules'

/**
 * The QC inspections of seller orders as an order page shows them (docs/domain.md "QC
 * inspections"): the buyer only whether each passed or failed and when; the seller also the
 * conditions not met and the notes (never the operator's name); staff everything.
 */
export type QcDepth = 'buyer' | 'seller' | 'staff'

export async function qcOutcomes(db: Executor, sellerOrderIds: number[], depth: QcDepth) {
  const bySellerOrder = new Map<number, QcOutcome[]>()
  if (!sellerOrderIds.length) return bySellerOrder
  const rows = await db
    .selectFrom('qc_inspections as i')
    .innerJoin('users', 'users.id', 'i.operator_id')
    .select([
      'i.id',
      'i.code',
      'i.seller_order_id',
      'i.status',
      'i.scheduled_on',
      'i.slot',
      'i.received_at',
      'i.decided_at',
      'i.notes',
      'i.decision_note',
      'users.name as operator',
    ])
    .where('i.seller_order_id', 'in', sellerOrderIds)
    .where('i.status', '<>', 'cancelled')
    .orderBy('i.id')
    .execute()
  const failing =
    depth === 'buyer' || !rows.length
      ? []
      : await db
          .selectFrom('qc_inspection_results')
          .select([
            'inspection_id',
            'name',
            'operator',
            'min_value',
            'max_value',
            'values_json',
            'unit',
            'severity',
            'value',
          ])
          .where(
            'inspection_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('verdict', '=', 'fail')
          .orderBy('id')
          .execute()
  for (const r of rows) {
    const outcome: QcOutcome = {
      id: r.id,
      code: r.code,
      status: r.status,
      scheduledOn: r.scheduled_on,
      decidedAt: r.decided_at,
      ...(depth === 'buyer'
        ? {}
        : {
            slot: slotLabel(r.slot),
            receivedAt: r.received_at,
            notes: r.notes,
            decisionNote: r.decision_note,
            failing: failing
              .filter((f) => f.inspection_id === r.id)
              .map((f) => ({
                name: f.name,
                rule: describeCondition(f),
                value: f.value,
                unit: f.unit,
                severity: f.severity,
              })),
          }),
      ...(depth === 'staff' ? { operator: r.operator } : {}),
    }
    const list = bySellerOrder.get(r.seller_order_id) ?? []
    list.push(outcome)
    bySellerOrder.set(r.seller_order_id, list)
  }
  return bySellerOrder
}

export interface QcOutcome {
  id: number
  code: string
  status: string
  scheduledOn: string
  decidedAt: string | null
  slot?: string
  receivedAt?: string | null
  notes?: string | null
  decisionNote?: string | null
  failing?: { name: string; rule: string; value: string; unit: string | null; severity: string }[]
  operator?: string
}
