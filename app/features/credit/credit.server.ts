import type { Executor } from '~/platform/executor'
import { audit } from '~/platform/audit.server'
import { gstOf, lineValue } from '~/features/orders/lines'
import { OPEN_STATUSES } from '~/features/orders/states'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { formatMoney, kolkataDay } from '~/utils/format'
import type { Database } from '#db/database'
import type { BuyerCredit } from './rule'

export { holdFigures, holdReason, type BuyerCredit } from './rule'

// A buyer's credit (docs/domain.md "Credit"): its limit, its exposure (open invoices plus open
// orders not yet invoiced), what is overdue, and the grace period after which overdue invoices hold
// its new orders. Read only here; the lifecycle decides a hold when an order is placed, with the
// buyer's account row locked first.

export const GRACE_KEY = 'credit_grace_days'
/** The grace period when no row says otherwise. */
export const DEFAULT_GRACE_DAYS = 7
export const MAX_GRACE_DAYS = 365

/** Days an invoice may be overdue before the buyer's new orders are held. */
export async function graceDays(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('platform_settings')
    .select('value_int')
    .where('key', '=', GRACE_KEY)
    .executeTakeFirst()
  return row ? Number(row.value_int) : DEFAULT_GRACE_DAYS
}

/** An admin sets the grace period (whole days, 0 to 365), audited. */
export async function setGraceDays(
  db: Database,
  actor: { userId: number },
  typed: string,
): Promise<Result<{ days: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const text = typed.trim()
      const days = Number(text)
      if (!/^\d+$/.test(text) || days > MAX_GRACE_DAYS)
        throw new Refused(
          { graceDays: `Say a whole number of days from 0 to ${MAX_GRACE_DAYS}` },
          'The grace period was not changed.',
        )
      const before = await graceDays(trx)
      const at = new Date().toISOString()
      await trx
        .insertInto('platform_settings')
        .values({ key: GRACE_KEY, value_int: days, updated_at: at, updated_by: actor.userId })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value_int: days, updated_at: at, updated_by: actor.userId }))
        .execute()
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'platform_setting.changed',
        entityType: 'platform_setting',
        entityId: GRACE_KEY,
        before: { credit_grace_days: before },
        after: { credit_grace_days: days },
      })
      return { ok: true as const, value: { days } }
    }),
  )
}

/** The date `days` before a YYYY-MM-DD day. */
export function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() - days)
  return at.toISOString().slice(0, 10)
}

/**
 * A buyer's credit as it stands. In a placing transaction the caller locks the buyer's account row
 * first (settlements' lockAccount), so a second order for the buyer waits here until the first is
 * written and counted.
 */
export async function buyerCredit(db: Executor, buyerId: number, now = new Date()): Promise<BuyerCredit | undefined> {
  const today = kolkataDay(now)
  const buyer = await db.selectFrom('buyers').select('credit_limit_minor').where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) return undefined
  const grace = await graceDays(db)
  const [invoices, orders, dropped, invoicedOfOpen] = await Promise.all([
    db
      .selectFrom('buyer_invoices')
      .select([
        'due_on',
        (eb) =>
          eb(
            eb(eb(eb.ref('total_minor'), '+', eb.ref('debited_minor')), '-', eb.ref('paid_minor')),
            '-',
            eb.ref('credited_minor'),
          ).as('owed'),
      ])
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .execute(),
    db
      .selectFrom('master_orders')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum(eb(eb.ref('value_minor'), '+', eb.ref('gst_minor'))), eb.val(0)).as('total'),
      )
      .where('buyer_id', '=', buyerId)
      .where('status', 'in', OPEN_STATUSES)
      .where('credit_hold', '!=', 'cancelled')
      .executeTakeFirstOrThrow(),
    // The lines of those orders' cancelled or rejected seller orders (a part not released from a
    // hold, a seller who said no): still in the master order's value, but nobody will deliver or
    // invoice them. A rejected order's lines moved to another seller are that seller's and count.
    db
      .selectFrom('sub_orders')
      .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
      .innerJoin('master_orders', 'master_orders.id', 'sub_orders.master_order_id')
      .select(['sub_orders.quantity_milli', 'sub_orders.price_minor', 'sub_orders.gst_rate_bp'])
      .where('master_orders.buyer_id', '=', buyerId)
      .where('master_orders.status', 'in', OPEN_STATUSES)
      .where('master_orders.credit_hold', '!=', 'cancelled')
      .where('seller_orders.status', 'in', ['cancelled', 'rejected'])
      .execute(),
    db
      .selectFrom('buyer_invoices')
      .innerJoin('master_orders', 'master_orders.id', 'buyer_invoices.master_order_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('buyer_invoices.total_minor'), eb.val(0)).as('total'))
      .where('buyer_invoices.buyer_id', '=', buyerId)
      .where('master_orders.status', 'in', OPEN_STATUSES)
      .executeTakeFirstOrThrow(),
  ])
  const graceEnd = daysBefore(today, grace)
  let invoicedOpenMinor = 0
  let overdueMinor = 0
  let overdueBeyondGraceMinor = 0
  for (const invoice of invoices) {
    const owed = Number(invoice.owed)
    invoicedOpenMinor += owed
    if (invoice.due_on < today) overdueMinor += owed
    if (invoice.due_on < graceEnd) overdueBeyondGraceMinor += owed
  }
  // Worked out as the order's own totals are (refreshTotals): each line's value, and its GST, rounded alone.
  const droppedMinor = dropped.reduce((sum, line) => {
    const value = lineValue(Number(line.quantity_milli), Number(line.price_minor))
    return sum + value + gstOf(value, Number(line.gst_rate_bp))
  }, 0)
  const ordersOpenMinor = Math.max(0, Number(orders.total) - droppedMinor - Number(invoicedOfOpen.total))
  const limitMinor = Number(buyer.credit_limit_minor)
  const exposureMinor = invoicedOpenMinor + ordersOpenMinor
  return {
    limitMinor,
    invoicedOpenMinor,
    ordersOpenMinor,
    exposureMinor,
    availableMinor: limitMinor > 0 ? limitMinor - exposureMinor : null,
    overdueMinor,
    overdueBeyondGraceMinor,
    graceDays: grace,
  }
}

/**
 * The held orders, oldest first: the finance queue. Each with the figures it was held on and its
 * buyer's credit as it stands now (buyerCredit, computed at this reading: a payment or an invoice
 * since the hold shows here), and its seller orders waiting to go on (for a partial release).
 */
export async function heldOrders(db: Executor, now = new Date()) {
  const rows = await db
    .selectFrom('master_orders')
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .select([
      'master_orders.id',
      'master_orders.code',
      'master_orders.placed_at',
      'master_orders.value_minor',
      'master_orders.gst_minor',
      'master_orders.credit_hold_reason',
      'master_orders.credit_held_at',
      'master_orders.credit_hold_overdue_minor',
      'master_orders.credit_hold_over_limit_minor',
      'buyers.id as buyer_id',
      'buyers.name as buyer_name',
    ])
    .where('master_orders.credit_hold', '=', 'held')
    .orderBy('master_orders.placed_at')
    .orderBy('master_orders.id')
    .limit(200)
    .execute()
  const buyerIds = [...new Set(rows.map((r) => r.buyer_id))]
  const [credits, sellerOrders] = await Promise.all([
    Promise.all(buyerIds.map(async (id) => [id, await buyerCredit(db, id, now)] as const)),
    rows.length
      ? db
          .selectFrom('seller_orders')
          .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
          .select([
            'seller_orders.id',
            'seller_orders.code',
            'seller_orders.master_order_id',
            'seller_orders.value_minor',
            'sellers.name as seller_name',
          ])
          .where(
            'seller_orders.master_order_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('seller_orders.status', '=', 'pending_approval')
          .orderBy('seller_orders.id')
          .execute()
      : [],
  ])
  const today = new Map(credits)
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    placedAt: r.placed_at,
    totalMinor: Number(r.value_minor) + Number(r.gst_minor),
    reason: r.credit_hold_reason ?? '',
    buyerId: r.buyer_id,
    buyerName: r.buyer_name,
    atHold: {
      heldAt: r.credit_held_at ?? r.placed_at,
      overdueMinor: r.credit_hold_overdue_minor,
      overLimitMinor: r.credit_hold_over_limit_minor,
    },
    today: today.get(r.buyer_id) ?? null,
    sellerOrders: sellerOrders
      .filter((s) => s.master_order_id === r.id)
      .map((s) => ({ id: s.id, code: s.code, sellerName: s.seller_name, valueMinor: Number(s.value_minor) })),
  }))
}

/** How many orders wait on credit hold (the finance home's figure). */
export async function heldCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('master_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('credit_hold', '=', 'held')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const CREDIT_HOLDS_PATH = '/biz_fin/credit_holds'

/** The finance home's queue: the oldest held orders, each opening the credit holds page. */
export async function creditHoldQueue(db: Executor, length = 5) {
  const [holds, count] = await Promise.all([heldOrders(db), heldCount(db)])
  return {
    title: 'Orders on credit hold',
    items: holds.slice(0, length).map((h) => ({
      id: h.id,
      label: `${h.code} · ${h.buyerName}`,
      detail: `${formatMoney(h.totalMinor)}: ${h.reason}`,
      to: `${CREDIT_HOLDS_PATH}#hold-${h.id}`,
    })),
    more: count > length ? { label: `All ${count} orders on credit hold`, to: CREDIT_HOLDS_PATH } : null,
    empty: 'No order is on credit hold.',
  }
}
