import type { Executor } from '~/platform/executor'
import { qcOutcomes, type QcDepth, type QcOutcome } from './outcomes.server'

// The QC inspections of orders as a list (the integration API, issue 40), each told as the order
// pages tell it (qcOutcomes): the buyer whether it passed and when; the seller also the conditions
// not met and the notes; staff everything. Scoped in the query: a buyer's orders' inspections, a
// seller's own seller orders', or (staff) any; cancelled inspections are not listed.

export type InspectionScope =
  { kind: 'buyer'; buyerId: number } | { kind: 'seller'; sellerId: number } | { kind: 'all' }

/** Newest first, after an id (keyset), up to `limit`; one order's or one inspection's when asked. */
export async function inspectionsAfter(
  db: Executor,
  scope: InspectionScope,
  f: { masterOrderId?: number; id?: number },
  afterId: number | null,
  limit: number,
): Promise<(QcOutcome & { masterOrderId: number; masterCode: string; lines: string[] })[]> {
  let query = db
    .selectFrom('qc_inspections as i')
    .innerJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
    .select(['i.id', 'i.seller_order_id', 'mo.id as masterOrderId', 'mo.code as masterCode'])
    .where('i.status', '<>', 'cancelled')
  if (scope.kind === 'buyer') query = query.where('mo.buyer_id', '=', scope.buyerId)
  if (scope.kind === 'seller')
    query = query.where('i.seller_id', '=', scope.sellerId).where('mo.credit_hold', '!=', 'held')
  if (f.masterOrderId !== undefined) query = query.where('i.master_order_id', '=', f.masterOrderId)
  if (f.id !== undefined) query = query.where('i.id', '=', f.id)
  if (afterId !== null) query = query.where('i.id', '<', afterId)
  const rows = await query.orderBy('i.id', 'desc').limit(limit).execute()
  if (!rows.length) return []
  const sellerOrderIds = [...new Set(rows.map((r) => r.seller_order_id))]
  const depth: QcDepth = scope.kind === 'buyer' ? 'buyer' : scope.kind === 'seller' ? 'seller' : 'staff'
  const [outcomes, lines] = await Promise.all([
    qcOutcomes(db, sellerOrderIds, depth),
    // The lines inspected, by the code the viewer knows them by: the buyer's code for the buyer, the item's for others.
    db
      .selectFrom('sub_orders as l')
      .innerJoin('buyer_skus as b', 'b.id', 'l.buyer_sku_id')
      .innerJoin('product_skus as p', 'p.id', 'l.product_sku_id')
      .select(['l.seller_order_id', 'b.buyer_code', 'p.code as product_code'])
      .where('l.seller_order_id', 'in', sellerOrderIds)
      .orderBy('l.line_no')
      .execute(),
  ])
  return rows.flatMap((r) => {
    const outcome = outcomes.get(r.seller_order_id)?.find((o) => o.id === r.id)
    if (!outcome) return []
    return [
      {
        ...outcome,
        masterOrderId: r.masterOrderId,
        masterCode: r.masterCode,
        lines: lines
          .filter((l) => l.seller_order_id === r.seller_order_id)
          .map((l) => (scope.kind === 'buyer' ? l.buyer_code : l.product_code)),
      },
    ]
  })
}
