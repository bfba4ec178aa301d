// Everything each portal's order pages show, gathered for their loaders, and their forms' answers.
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { readId } from '~/utils/list-params'
import { orderActions, type OrderActions } from './actions'
import { staffComparisons } from './counter-offer.server'
import { buyerOrderDetail, type BuyerOrderDetail } from './buyer-order.server'
import { portalsFor } from '~/auth/portals'
import { ORDER_PORTALS, orderPath, type OrderLens, type OrderPortal } from './lens'
import { handleOrderPageForm, sellerOrdersActedFor } from './order-forms.server'
import type { OrderMoves } from './decisions.server'
import { readOrderFilters } from './schema'
import { lensFor, orderDetail, orderSearchPage, scopedOrderIds, type OrderDetail } from './search.server'

/** A portal's order search; undefined where the viewer has no orders there (answered 404). */
export async function orderSearchFor(db: Database, viewer: Viewer, portal: OrderPortal, url: URL) {
  const lens = lensFor(viewer, portal)
  return lens ? orderSearchPage(db, lens, readOrderFilters(url)) : undefined
}

/**
 * A portal's page of one order; undefined when the id is not one of the orders the lens reaches (404).
 * The buyer's is the buyer's agreement (./buyer-order.server.ts): its lines, shipments and invoices,
 * no seller orders; every other portal's is the order with its seller orders through its lens.
 */
export async function orderPageFor(
  db: Database,
  viewer: Viewer,
  portal: 'buyer',
  idParam: string | undefined,
): Promise<BuyerOrderPageData | undefined>
export async function orderPageFor(
  db: Database,
  viewer: Viewer,
  portal: Exclude<OrderPortal, 'buyer'>,
  idParam: string | undefined,
): Promise<StaffOrderPageData | undefined>
export async function orderPageFor(
  db: Database,
  viewer: Viewer,
  portal: OrderPortal,
  idParam: string | undefined,
): Promise<BuyerOrderPageData | StaffOrderPageData | undefined>
export async function orderPageFor(
  db: Database,
  viewer: Viewer,
  portal: OrderPortal,
  idParam: string | undefined,
): Promise<BuyerOrderPageData | StaffOrderPageData | undefined> {
  const lens = lensFor(viewer, portal)
  const id = readId(idParam)
  if (!lens || !id) return undefined
  if (portal === 'buyer') {
    const order = await buyerOrderDetail(db, lens, id)
    return order ? { order, portal, path: orderPath(portal, order.id) } : undefined
  }
  const detail = await orderDetail(db, lens, id)
  if (!detail) return undefined
  const order = portal === 'seller' ? detail : await withComparisons(db, viewer, lens, detail)
  const may = orderActions(portal)
  const actedFor = may.onBehalf ? await sellerOrdersActedFor(db, lens, order.id) : undefined
  return {
    order,
    portal,
    may: actedFor ? { ...may, sellerOrdersActedFor: actedFor } : may,
    path: orderPath(portal, order.id),
  }
}
/** Staff read a counter-offer beside the lines it changes, through their lens (never the seller's page). */
async function withComparisons(
  db: Database,
  viewer: Viewer,
  lens: OrderLens,
  order: OrderDetail,
): Promise<OrderDetail> {
  const rows = await db
    .selectFrom('seller_orders')
    .select(['id', 'counter_offer_json'])
    .where('master_order_id', '=', order.id)
    .where('status', '=', 'pending_approval')
    .where('counter_offer_json', 'is not', null)
    .execute()
  if (!rows.length) return order
  const comparisons = await staffComparisons(db, rows, lens.see, viewer.userId)
  return {
    ...order,
    sellerOrders: order.sellerOrders.map((s) => ({ ...s, comparison: comparisons.get(s.id) ?? null })),
  }
}

export interface BuyerOrderPageData {
  order: BuyerOrderDetail
  portal: 'buyer'
  path: string
}
export interface StaffOrderPageData {
  order: OrderDetail
  portal: Exclude<OrderPortal, 'buyer'>
  may: OrderActions
  path: string
}

/** The order page's forms; an order outside the lens is not found, whatever the form. */
export async function orderPageAction(
  db: Database,
  viewer: Viewer,
  portal: OrderPortal,
  idParam: string | undefined,
  form: FormData,
  moves: OrderMoves,
): Promise<FormOutcome> {
  const lens = lensFor(viewer, portal)
  const id = readId(idParam)
  if (!lens || !id) return { status: 'not-found' }
  const inScope = await orderDetailExists(db, lens, id)
  if (!inScope) return { status: 'not-found' }
  return handleOrderPageForm(db, viewer, lens, id, form, moves)
}

/** Whether the order is one the lens reaches. */
async function orderDetailExists(db: Database, lens: OrderLens, id: number) {
  return (await scopedOrderIds(db, lens).where('master_orders.id', '=', id).executeTakeFirst()) !== undefined
}

/**
 * Where a link to an order takes this viewer: its page in the first portal, in the portal table's
 * order, whose lens reaches it; null (answered 404) where none does.
 */
export async function orderPageTarget(db: Database, viewer: Viewer, masterOrderId: number): Promise<string | null> {
  for (const portal of portalsFor(viewer.roles)) {
    if (!(ORDER_PORTALS as readonly string[]).includes(portal)) continue
    const lens = lensFor(viewer, portal as OrderPortal)
    if (lens && (await orderDetailExists(db, lens, masterOrderId))) return orderPath(lens.portal, masterOrderId)
  }
  return null
}

/** A seller order's link: its master order's page, at the seller order, for a viewer who may see it there. */
export async function sellerOrderPageTarget(
  db: Database,
  viewer: Viewer,
  sellerOrderId: number,
): Promise<string | null> {
  const sellerOrder = await db
    .selectFrom('seller_orders')
    .select(['master_order_id', 'seller_id'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirst()
  if (!sellerOrder) return null
  // A seller reaches its own seller orders only, not another seller's on the same order.
  if (
    viewer.company?.kind === 'seller' &&
    !viewer.roles.some((role) => role !== 'seller') &&
    viewer.company.id !== sellerOrder.seller_id
  )
    return null
  const target = await orderPageTarget(db, viewer, sellerOrder.master_order_id)
  return target ? `${target}#seller-order-${sellerOrderId}` : null
}
