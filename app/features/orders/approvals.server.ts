import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { orderActions } from './actions'
import { handleDecisionForm, type OrderMoves } from './decisions.server'
import { orderPath, type OrderLens } from './lens'
import { readApprovalFilters, type ApprovalFilters } from './schema'
import { staffComparisons } from './counter-offer.server'
import { counterOfferOf, lensFor, scopedOrderIds, sellerOrderLines } from './search.server'

// The approval queues (docs/domain.md "Orders"): the seller orders waiting for approval, oldest
// first, for the two portals that decide them (admin and the supplier team admin). One query and
// one view; each card carries the decisions of the order page (decisions.server.ts).

export const APPROVAL_PORTALS = ['admin', 'supplier_admin'] as const
export type ApprovalPortal = (typeof APPROVAL_PORTALS)[number]

export const approvalsPath: Record<ApprovalPortal, string> = {
  admin: '/admin/approvals/seller_orders',
  supplier_admin: '/supplier_team/admin/approvals/seller_orders',
}

/** Seller orders waiting for approval in the lens, matching the filters. */
function waiting(
  db: Database,
  lens: OrderLens,
  f: ApprovalFilters,
  ids: { buyerId: number | null; sellerId: number | null },
) {
  let query = db
    .selectFrom('seller_orders')
    .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
    .where('seller_orders.status', '=', 'pending_approval')
    // An order on credit hold is approved only once finance releases it.
    .where('master_orders.credit_hold', '!=', 'held')
    .where('seller_orders.master_order_id', 'in', scopedOrderIds(db, lens))
  if (f.q) {
    // A code or its start, SO-… or MO-…, as a range on the unique code indexes.
    const upper = `${f.q}\uffff`
    query = f.q.startsWith('MO')
      ? query.where('master_orders.code', '>=', f.q).where('master_orders.code', '<', upper)
      : query.where('seller_orders.code', '>=', f.q).where('seller_orders.code', '<', upper)
  }
  if (ids.buyerId !== null) query = query.where('master_orders.buyer_id', '=', ids.buyerId)
  if (ids.sellerId !== null) query = query.where('seller_orders.seller_id', '=', ids.sellerId)
  if (f.offer === 'with') query = query.where('seller_orders.counter_offer_json', 'is not', null)
  if (f.offer === 'without') query = query.where('seller_orders.counter_offer_json', 'is', null)
  return query
}

/** The queue page: one page of waiting seller orders (each with its lines and any counter-offer), the exact count, the filters. */
export async function approvalQueuePage(db: Database, viewer: Viewer, portal: ApprovalPortal, url: URL) {
  const lens = lensFor(viewer, portal)!
  const see = lens.see
  const filters = readApprovalFilters(url)
  const ids = { buyerId: null as number | null, sellerId: null as number | null }
  const problems: {
    buyerError: string | null
    buyerChoices?: PickOption[]
    sellerError: string | null
    sellerChoices?: PickOption[]
  } = { buyerError: null, sellerError: null }
  if (filters.buyer) {
    const match = await resolveCompany(db, 'buyer', filters.buyer)
    if (match.ok) ids.buyerId = match.id
    else Object.assign(problems, { buyerError: match.message, buyerChoices: match.choices })
  }
  if (filters.seller) {
    const match = await resolveCompany(db, 'seller', filters.seller)
    if (match.ok) ids.sellerId = match.id
    else Object.assign(problems, { sellerError: match.message, sellerChoices: match.choices })
  }
  const base = { filters, portal, may: orderActions(portal), path: approvalsPath[portal], ...problems }
  if (problems.buyerError || problems.sellerError) return { ...base, rows: [], total: 0 }

  const counted = await waiting(db, lens, filters, ids)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const total = Number(counted.n)
  const offset = (filters.page - 1) * filters.pageSize
  if (offset >= total) return { ...base, rows: [], total }

  const found = await waiting(db, lens, filters, ids)
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .leftJoin('users as first_approver', 'first_approver.id', 'seller_orders.first_approved_by')
    .select([
      'first_approver.name as first_approver_name',
      'seller_orders.first_approved_at',
      'seller_orders.id',
      'seller_orders.code',
      'seller_orders.status',
      'seller_orders.created_at',
      'seller_orders.value_minor',
      'seller_orders.cost_minor',
      'seller_orders.counter_offer_json',
      'sellers.name as seller_name',
      'master_orders.id as master_order_id',
      'master_orders.code as master_order_code',
      'buyers.name as buyer_name',
    ])
    .orderBy('seller_orders.created_at', 'asc')
    .orderBy('seller_orders.id', 'asc')
    .limit(filters.pageSize)
    .offset(offset)
    .execute()
  const lines = await sellerOrderLines(
    db,
    found.map((r) => r.id),
  )
  // The counter-offers beside the lines they change, for the staff who decide (this queue's two portals only).
  const comparisons = await staffComparisons(db, found, see, viewer.userId)
  const rows = found.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    waitingSince: r.created_at,
    sellerName: r.seller_name,
    buyerName: see.buyer ? r.buyer_name : null,
    masterOrder: { code: r.master_order_code, path: `${orderPath(portal, r.master_order_id)}#seller-order-${r.id}` },
    valueMinor: see.value ? Number(r.value_minor) : null,
    costMinor: see.cost ? Number(r.cost_minor) : null,
    counterOffer: counterOfferOf(r.counter_offer_json, see),
    comparison: comparisons.get(r.id) ?? null,
    /** The first of two approvals (docs/domain.md "Approval rules"): who and when, or null. */
    firstApproval: r.first_approved_at ? { by: r.first_approver_name ?? 'someone', at: r.first_approved_at } : null,
    lines: lines.of(r.id, see),
  }))
  return { ...base, rows, total }
}
export type ApprovalQueueData = Awaited<ReturnType<typeof approvalQueuePage>>
export type ApprovalRow = ApprovalQueueData['rows'][number]

/** The queue's forms: the decisions of decisions.server.ts on seller orders the portal reaches; back to the queue as filtered. */
export async function approvalQueueAction(
  db: Database,
  viewer: Viewer,
  portal: ApprovalPortal,
  url: URL,
  form: FormData,
  moves: OrderMoves,
): Promise<FormOutcome> {
  const lens = lensFor(viewer, portal)!
  const reaches = async (id: number) =>
    (await db
      .selectFrom('seller_orders')
      .select('id')
      .where('id', '=', id)
      .where('master_order_id', 'in', scopedOrderIds(db, lens))
      .executeTakeFirst()) !== undefined
  // Back to the queue with its filters (the form posts to the queue's own address, query and all).
  const query = new URLSearchParams([...url.searchParams].filter(([name]) => name !== 'index' && name !== '_data'))
  const page = `${approvalsPath[portal]}${query.size ? `?${query}` : ''}`
  const outcome = await handleDecisionForm(db, viewer, { may: orderActions(portal), page, reaches, moves }, form)
  return outcome ?? { status: 'bad-request' }
}
