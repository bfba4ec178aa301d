import { heldCount } from '~/features/credit/credit.server'
import type { Database } from '#db/database'
import { kolkataDay } from '~/utils/format'
import { dueBucketTotals } from '../logistics/queries.server'
import { ewayFlags } from '../logistics/eway-bill.server'
import { bookingPath } from '../logistics/shared'
import type { OrderQueue } from '../orders/home.server'
import { formatDateTime } from '~/utils/format'
import { moneyFigures } from '../settlements/balances.server'
import type { Figure } from '~/platform/figures'

// The homes of the logistics team and of business finance (issue 34): the figures of their own
// work, each a link to the list behind it filtered to what it counts, in the main portal's
// logistics and money sections that their menus list (app/auth/sections.ts). No company counts:
// approving buyers and sellers is not their job.

/** Whole rupees: a home's figure needs no paise. */
const rupees = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`
const warn = (n: number): Figure['tone'] => (n > 0 ? 'warning' : undefined)
const count = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: unknown }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n ?? 0)

async function transporterBills(db: Database): Promise<Figure[]> {
  const dues = await dueBucketTotals(db)
  return [
    {
      label: `Transporter bills due this week (${dues.thisWeek.count})`,
      value: rupees(dues.thisWeek.totalMinor),
      tone: warn(dues.thisWeek.count),
      to: '/logistics/transport_payment_dues?bucket=this_week',
    },
    {
      label: `Transporter bills overdue (${dues.overdue.count})`,
      value: rupees(dues.overdue.totalMinor),
      tone: warn(dues.overdue.count),
      to: '/logistics/transport_payment_dues?bucket=overdue',
    },
  ]
}

/** Requests to book, bookings waiting for pickup and on the road, today's pickups, transporter bills. */
export async function logisticsFigures(db: Database): Promise<Figure[]> {
  const today = kolkataDay()
  const bookings = (status: 'booked' | 'picked_up') =>
    count(
      db
        .selectFrom('transport_bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status),
    )
  const [toBook, booked, onTheRoad, pickupsToday, bills] = await Promise.all([
    count(
      db
        .selectFrom('transport_request_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.val(0)).as('n'))
        .where('status', '=', 'open'),
    ),
    bookings('booked'),
    bookings('picked_up'),
    count(
      db
        .selectFrom('transport_bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('pickup_on', '=', today)
        .where('status', '!=', 'cancelled'),
    ),
    transporterBills(db),
  ])
  return [
    {
      label: 'Transport requests to book',
      value: toBook,
      tone: warn(toBook),
      to: '/logistics/transport_requests?status=open',
    },
    { label: 'Booked, waiting for pickup', value: booked, to: '/logistics/transport_bookings?status=booked' },
    { label: 'On the road', value: onTheRoad, to: '/logistics/transport_bookings?status=picked_up' },
    {
      label: 'Pickups today',
      value: pickupsToday,
      to: `/logistics/transport_bookings?${new URLSearchParams({ from: today, to: today })}`,
    },
    ...bills,
  ]
}

/** What buyers owe, invoices past due, payments received this month, transporter bills, orders on credit hold. */
export async function financeFigures(db: Database): Promise<Figure[]> {
  const [money, bills, held] = await Promise.all([moneyFigures(db), transporterBills(db), heldCount(db)])
  return [
    { label: 'Outstanding from buyers', value: rupees(money.outstandingMinor), to: '/logistics/settlements' },
    {
      label: `Invoices past due (${money.pastDue.count})`,
      value: rupees(money.pastDue.owedMinor),
      tone: warn(money.pastDue.count),
      to: '/logistics/settlements?show=past_due',
    },
    {
      label: `Payments received this month (${money.paidThisMonth.count})`,
      value: rupees(money.paidThisMonth.amountMinor),
      to: '/logistics/settlements?show=paid_this_month',
    },
    ...bills,
    { label: 'Orders on credit hold', value: held, tone: warn(held), to: '/biz_fin/credit_holds' },
  ]
}

const EWAY_QUEUE_LENGTH = 10

/**
 * The logistics team's e-way bills to see to (docs/domain.md (issue 38)): bookings that moved
 * without the e-way bill they needed (on the road, or delivered in the last 30 days), and bookings
 * on the road whose e-way bill has expired; each opens its booking.
 */
export async function ewayBillQueue(db: Database, now = new Date()): Promise<OrderQueue> {
  const flags = await ewayFlags(db, now)
  return {
    title: `E-way bills to see to (${flags.length})`,
    items: flags.slice(0, EWAY_QUEUE_LENGTH).map(({ consignment: c, state }) => ({
      id: c.bookingId,
      label: `${c.code} · ${state === 'expired' ? 'e-way bill expired' : 'moved without an e-way bill'}`,
      detail:
        state === 'expired'
          ? `${c.eway.number} valid until ${formatDateTime(c.eway.validUntil!)}, still on the road`
          : `${c.status === 'delivered' ? 'delivered' : 'picked up'} ${formatDateTime((c.deliveredAt ?? c.pickedUpAt)!)}`,
      to: bookingPath(c.requestId, c.bookingId),
    })),
    more: null,
    empty: 'Every booking that moves has the e-way bill it needs, and none has expired on the road.',
  }
}
