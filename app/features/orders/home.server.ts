import type { SelectQueryBuilder } from 'kysely'
import type { DB } from '#db/types'
import type { Database } from '#db/database'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { countOf, formatDate } from '~/utils/format'
import { approvalsPath, type ApprovalPortal } from './approvals.server'
import { ORDER_PORTALS, orderBase, orderPath, type OrderLens, type OrderPortal } from './lens'
import { lensFor, scopedOrderIds, sellerOrderNeededBy } from './search.server'
import { OPEN, OPEN_STATUSES } from './states'
import { ordersInStatuses, type CountOf } from './counts.server'

// What each portal's home shows of orders (issue 12): the figures it acts on, each linked to the
// list behind it, and its queue: seller orders waiting longest for approval (admin, supplier team
// admin), the seller's orders to start, the open orders of the KAM's buyers, the agent's sellers,
// the buyer's own.

/** A figure on a home page (the dashboard's shape). */
export interface OrderFigure {
  label: string
  value: number
  tone?: 'warning'
  to: string
}

export interface QueueItem {
  id: number
  label: string
  detail: string
  to: string
}

export interface OrderQueue {
  title: string
  items: QueueItem[]
  /** The whole list behind the queue, when there is more than it shows. */
  more: { label: string; to: string } | null
  empty: string
}

const QUEUE_LENGTH = 5
const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0)
const day = (date: string) => formatDate(`${date}T12:00:00Z`)

/** Seller orders waiting for approval, oldest first: the approvers' queue. */
async function approvals(db: Database, portal: ApprovalPortal): Promise<{ figures: OrderFigure[]; queue: OrderQueue }> {
  const waiting = db.selectFrom('seller_orders').where('seller_orders.status', '=', 'pending_approval')
  const [total, offers, oldest] = await Promise.all([
    waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    waiting
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('counter_offer_json', 'is not', null)
      .executeTakeFirst(),
    waiting
      .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
      .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
      .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
      .select([
        'seller_orders.id',
        'seller_orders.code',
        'seller_orders.created_at',
        'seller_orders.counter_offer_json',
        'sellers.name as seller',
        'master_orders.code as order_code',
        'buyers.name as buyer',
      ])
      .orderBy('seller_orders.created_at')
      .orderBy('seller_orders.id')
      .limit(QUEUE_LENGTH)
      .execute(),
  ])
  const path = approvalsPath[portal]
  return {
    figures: [
      {
        label: 'Seller orders waiting for approval',
        value: n(total),
        tone: n(total) ? 'warning' : undefined,
        to: path,
      },
      {
        label: 'Of them with a counter-offer to decide',
        value: n(offers),
        tone: n(offers) ? 'warning' : undefined,
        to: `${path}?offer=with`,
      },
    ],
    queue: {
      title: 'Waiting longest for approval',
      items: oldest.map((r) => ({
        id: r.id,
        label: `${r.code} · ${r.seller}`,
        detail: `${r.order_code} for ${r.buyer}, waiting since ${formatDate(r.created_at)}${r.counter_offer_json ? ' · counter-offer to decide' : ''}`,
        to: `${path}#seller-order-${r.id}`,
      })),
      more: n(total) > oldest.length ? { label: `All ${countOf(n(total), 'seller order')} waiting`, to: path } : null,
      empty: 'No seller order is waiting for approval.',
    },
  }
}

/** The seller's own seller orders: approved ones to start (its queue), in production, waiting for approval. */
async function sellerHome(db: Database, sellerId: number): Promise<{ figures: OrderFigure[]; queue: OrderQueue }> {
  // Not the seller orders of orders on credit hold: they are not sent to the seller until released.
  const own = db
    .selectFrom('seller_orders')
    .where('seller_orders.seller_id', '=', sellerId)
    .where(
      'seller_orders.master_order_id',
      'not in',
      db.selectFrom('master_orders').select('master_orders.id').where('master_orders.credit_hold', '=', 'held'),
    )
  const counts = await own
    .select(['seller_orders.status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('seller_orders.status')
    .execute()
  const by = (status: string) => n(counts.find((c) => c.status === status))
  const toStart = await own
    .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
    .select([
      'seller_orders.id',
      'seller_orders.code',
      'seller_orders.decided_at',
      'master_orders.id as order_id',
      'master_orders.code as order_code',
      // Its own lines' date, not the master order's (which may be another seller's line).
      sellerOrderNeededBy('seller_orders.id').as('required_by'),
    ])
    .where('seller_orders.status', '=', 'approved')
    .orderBy('required_by')
    .orderBy('seller_orders.id')
    .limit(QUEUE_LENGTH)
    .execute()
  const base = orderBase.seller
  return {
    figures: [
      {
        label: 'Orders to start',
        value: by('approved'),
        tone: by('approved') ? 'warning' : undefined,
        to: `${base}?status=approved`,
      },
      { label: 'In production', value: by('in_production'), to: `${base}?status=in_production` },
      {
        label: 'Waiting for the platform’s approval',
        value: by('pending_approval'),
        to: `${base}?status=pending_approval`,
      },
    ],
    queue: {
      title: 'Orders to start, soonest needed first',
      items: toStart.map((r) => ({
        id: r.id,
        label: r.code,
        detail: r.required_by ? `${r.order_code}, needed by ${day(r.required_by)}` : r.order_code,
        to: `${orderPath('seller', r.order_id)}#seller-order-${r.id}`,
      })),
      more:
        by('approved') > toStart.length
          ? { label: `All ${countOf(by('approved'), 'order')} to start`, to: `${base}?status=approved` }
          : null,
      empty: 'No approved order is waiting to be started.',
    },
  }
}

/** The newest orders of a query, with their buyers' names. */
function latestOpen(query: SelectQueryBuilder<DB, 'master_orders', object>) {
  return query
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .select([
      'master_orders.id',
      'master_orders.code',
      'master_orders.status',
      'master_orders.required_by',
      'master_orders.placed_at',
      'buyers.name as buyer',
    ])
    .orderBy('master_orders.placed_at', 'desc')
    .orderBy('master_orders.id', 'desc')
    .limit(QUEUE_LENGTH)
    .execute()
}

/** Open orders in the lens (the KAM's buyers', the agent's sellers', the buyer's own…), newest first. */
async function openOrders(
  db: Database,
  lens: OrderLens,
  title: string,
  label: string,
): Promise<{ figures: OrderFigure[]; queue: OrderQueue }> {
  // Every order (biz ops) or a buyer's or a KAM's buyers': the counts kept with the orders, not a count of them.
  const kept: CountOf | undefined =
    lens.scope.kind === 'all'
      ? null
      : lens.scope.kind === 'buyer'
        ? { buyerId: lens.scope.buyerId }
        : lens.scope.kind === 'kam'
          ? { kamUserId: lens.scope.userId }
          : undefined
  const all = db.selectFrom('master_orders').where('master_orders.status', 'in', OPEN_STATUSES)
  const open = lens.scope.kind === 'all' ? all : all.where('master_orders.id', 'in', scopedOrderIds(db, lens))
  const [total, placed, latest] = await Promise.all([
    kept !== undefined
      ? ordersInStatuses(db, OPEN_STATUSES, kept).then((value) => ({ n: value }))
      : open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    kept !== undefined
      ? ordersInStatuses(db, ['placed'], kept).then((value) => ({ n: value }))
      : open
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('master_orders.status', '=', 'placed')
          .executeTakeFirst(),
    // Every order: the newest of each open status (a walk of its (status, placed_at) index), merged.
    lens.scope.kind === 'all'
      ? Promise.all(
          OPEN_STATUSES.map((status) =>
            latestOpen(db.selectFrom('master_orders').where('master_orders.status', '=', status)),
          ),
        ).then((lists) =>
          lists
            .flat()
            .sort((a, b) => b.placed_at.localeCompare(a.placed_at) || b.id - a.id)
            .slice(0, QUEUE_LENGTH),
        )
      : latestOpen(open),
  ])
  const base = orderBase[lens.portal]
  return {
    figures: [
      { label, value: n(total), to: `${base}?status=${OPEN}` },
      { label: 'Of them waiting for approval', value: n(placed), to: `${base}?status=placed` },
    ],
    queue: {
      title,
      items: latest.map((r) => ({
        id: r.id,
        label: lens.see.buyer && lens.scope.kind !== 'buyer' ? `${r.code} · ${r.buyer}` : r.code,
        detail: `${r.status.replace(/_/g, ' ')}, needed by ${day(r.required_by)}`,
        to: orderPath(lens.portal, r.id),
      })),
      more:
        n(total) > latest.length
          ? { label: `All ${countOf(n(total), 'open order')}`, to: `${base}?status=${OPEN}` }
          : null,
      empty: 'No open orders.',
    },
  }
}

/** The order figures and queue of a portal's home; none for portals without orders. */
export async function orderHome(
  db: Database,
  viewer: Viewer,
  portal: PortalKey,
): Promise<{ figures: OrderFigure[]; queue: OrderQueue | null }> {
  if (!(ORDER_PORTALS as readonly string[]).includes(portal)) return { figures: [], queue: null }
  const lens = lensFor(viewer, portal as OrderPortal)
  if (!lens) return { figures: [], queue: null }
  switch (lens.portal) {
    case 'admin':
    case 'supplier_admin':
      return approvals(db, lens.portal)
    case 'seller':
      return lens.scope.kind === 'seller' ? sellerHome(db, lens.scope.sellerId) : { figures: [], queue: null }
    case 'demand_kam':
      return openOrders(db, lens, 'Your buyers’ latest open orders', 'Your buyers’ open orders')
    case 'supplier_agent':
      return openOrders(db, lens, 'Your sellers’ latest open orders', 'Open orders with your sellers')
    case 'buyer':
      return openOrders(db, lens, 'Your latest open orders', 'Your open orders')
    case 'biz_ops':
      return openOrders(db, lens, 'Latest open orders', 'Open orders')
    default:
      return { figures: [], queue: null }
  }
}
