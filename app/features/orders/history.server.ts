import { historyQuery } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import { tellAll, type HistoryViewer } from '../audit/tell'
import type { OrderLens } from './lens'

// An order's history, told to each viewer through the audit lens (app/features/audit/lens.ts):
// the buyer reads the order's own entries as its agreement (placed, its value, status changes,
// lines changed), never a seller order; a seller reads its own seller orders' entries with its own
// cost; staff read both, through what their portal sees.

/** Who reads an order's history, from the order lens. */
export async function orderHistoryViewer(db: Executor, lens: OrderLens): Promise<HistoryViewer> {
  if (lens.scope.kind === 'buyer') return { kind: 'buyer', buyerId: lens.scope.buyerId }
  if (lens.scope.kind === 'seller') {
    const sellerId = lens.scope.sellerId
    const seller = await db.selectFrom('sellers').select('name').where('id', '=', sellerId).executeTakeFirst()
    return { kind: 'seller', sellerId, sellerName: seller?.name ?? 'your company' }
  }
  return { kind: 'staff', see: lens.see }
}

/** The order's history, newest first: its own entries and its seller orders' (the seller: its own only; the buyer: the order's only). */
export async function orderHistory(db: Executor, lens: OrderLens, masterOrderId: number, sellerOrderIds: number[]) {
  const [viewer, rows] = await Promise.all([
    orderHistoryViewer(db, lens),
    historyQuery(db)
      .where((eb) => {
        const mine = eb.and([
          eb('audit_events.entity_type', '=', 'seller_order'),
          eb('audit_events.entity_id', 'in', sellerOrderIds.length ? sellerOrderIds.map(String) : ['-']),
        ])
        if (lens.scope.kind === 'seller') return mine
        const order = eb.and([
          eb('audit_events.entity_type', '=', 'master_order'),
          eb('audit_events.entity_id', '=', String(masterOrderId)),
        ])
        return lens.scope.kind === 'buyer' ? order : eb.or([order, mine])
      })
      .orderBy('audit_events.id', 'desc')
      .limit(100)
      .execute(),
  ])
  return tellAll(rows, viewer)
}
