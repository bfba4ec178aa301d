import type { Database } from '#db/database'
import type { SellerOrderStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import type { OrderLens } from './lens'
import { actedOn } from './order-forms.server'
import { orderDetail, scopedOrderIds, sellerOrderNeededBy, type OrderDetail } from './search.server'

// Seller orders one at a time, as the integration API reads them (issue 40): the same reach and the
// same lens as the order pages. A lens reads the seller orders of the master orders it reaches
// (search.server.ts scopedOrderIds), a seller only its own (as orderDetail shows it); it acts on
// those the page acts on (order-forms.server.ts actedOn: an agent its own sellers'). A buyer's lens
// reaches no seller order: the buyer reads its order as one agreement.

/**
 * The seller orders a lens reaches, to read (`read`) or to take the page's steps on (`act`), as a
 * query on seller_orders to select from.
 */
export function reachedSellerOrders(db: Executor, lens: OrderLens, use: 'read' | 'act') {
  if (lens.scope.kind === 'buyer') throw new Error('a buyer’s lens reaches no seller order')
  let query = use === 'act' ? actedOn(db, lens) : db.selectFrom('seller_orders')
  if (lens.scope.kind === 'seller') query = query.where('seller_orders.seller_id', '=', lens.scope.sellerId)
  // Every order is in the scope `all` (scopedOrderIds adds no condition then): no need to ask.
  if (lens.scope.kind !== 'all') query = query.where('seller_orders.master_order_id', 'in', scopedOrderIds(db, lens))
  return query
}

export interface SellerOrderListFilters {
  status: SellerOrderStatus | undefined
  /** Staff: one seller's (ignored for a seller, whose list is its own). */
  sellerId: number | undefined
  masterOrderId: number | undefined
  /** The last id of the previous page: the list is newest first by id. */
  beforeId: number | undefined
  /** Rows to read (the page's limit, plus one to know whether there is a next page). */
  take: number
}

/** A page of the seller orders the lens reaches, newest first, through the lens (fields it hides are never read). */
export async function listSellerOrders(db: Database, lens: OrderLens, f: SellerOrderListFilters) {
  const see = lens.see
  let query = reachedSellerOrders(db, lens, 'read')
    .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
    .select([
      'seller_orders.id',
      'seller_orders.code',
      'seller_orders.status',
      'seller_orders.seller_id',
      'seller_orders.value_minor',
      'seller_orders.cost_minor',
      'seller_orders.decided_at',
      'seller_orders.updated_at',
      'seller_orders.created_at',
      'master_orders.id as master_order_id',
      'master_orders.code as master_order_code',
      'master_orders.buyer_id',
      // Its own needed-by, never the master order's (which may be another seller's line).
      sellerOrderNeededBy('seller_orders.id').as('required_by'),
      (eb) =>
        eb
          .case()
          .when('seller_orders.counter_offer_json', 'is not', null)
          .then(1)
          .else(0)
          .end()
          .as('has_counter_offer'),
      (eb) =>
        eb
          .selectFrom('sub_orders')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sub_orders.seller_order_id', '=', 'seller_orders.id')
          .as('line_count'),
    ])
  if (f.status) query = query.where('seller_orders.status', '=', f.status)
  if (f.sellerId !== undefined && lens.scope.kind !== 'seller')
    query = query.where('seller_orders.seller_id', '=', f.sellerId)
  if (f.masterOrderId !== undefined) query = query.where('seller_orders.master_order_id', '=', f.masterOrderId)
  if (f.beforeId !== undefined) query = query.where('seller_orders.id', '<', f.beforeId)
  const rows = await query.orderBy('seller_orders.id', 'desc').limit(f.take).execute()

  const sellerIds = [...new Set(rows.map((r) => r.seller_id))]
  const buyerIds = [...new Set(rows.map((r) => r.buyer_id))]
  const [sellers, buyers] = await Promise.all([
    see.sellers && sellerIds.length
      ? db.selectFrom('sellers').select(['id', 'name']).where('id', 'in', sellerIds).execute()
      : [],
    see.buyer && buyerIds.length
      ? db.selectFrom('buyers').select(['id', 'name']).where('id', 'in', buyerIds).execute()
      : [],
  ])
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    masterOrder: { id: r.master_order_id, code: r.master_order_code },
    seller: see.sellers ? { id: r.seller_id, name: sellers.find((s) => s.id === r.seller_id)?.name ?? '' } : null,
    buyer: see.buyer ? { id: r.buyer_id, name: buyers.find((b) => b.id === r.buyer_id)?.name ?? '' } : null,
    valueMinor: see.value ? Number(r.value_minor) : null,
    costMinor: see.cost ? Number(r.cost_minor) : null,
    lineCount: Number(r.line_count),
    requiredBy: r.required_by,
    counterOfferRecorded: Number(r.has_counter_offer) === 1,
    decidedAt: r.decided_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }))
}
export type SellerOrderListRow = Awaited<ReturnType<typeof listSellerOrders>>[number]

/**
 * One seller order through the lens, with its master order as the lens shows it (orderDetail, the
 * order page's own read); undefined when the lens does not reach it (answered 404).
 */
export async function sellerOrderThroughLens(
  db: Database,
  lens: OrderLens,
  sellerOrderId: number,
): Promise<{ order: OrderDetail; sellerOrder: OrderDetail['sellerOrders'][number]; sellerId: number } | undefined> {
  const found = await reachedSellerOrders(db, lens, 'read')
    .select(['seller_orders.master_order_id', 'seller_orders.seller_id'])
    .where('seller_orders.id', '=', sellerOrderId)
    .executeTakeFirst()
  if (!found) return undefined
  const order = await orderDetail(db, lens, found.master_order_id)
  const sellerOrder = order?.sellerOrders.find((s) => s.id === sellerOrderId)
  if (!order || !sellerOrder) return undefined
  return { order, sellerOrder, sellerId: found.seller_id }
}

/** Whether the lens may take the page's steps on this seller order (a seller its own; an agent its sellers'). */
export async function actsOnSellerOrder(db: Executor, lens: OrderLens, sellerOrderId: number): Promise<boolean> {
  const found = await reachedSellerOrders(db, lens, 'act')
    .select('seller_orders.id')
    .where('seller_orders.id', '=', sellerOrderId)
    .executeTakeFirst()
  return found !== undefined
}
