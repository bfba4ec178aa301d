import type { MasterOrderStatus } from '#db/types'
import { config } from '~/config.server'
import { countOf, possessive } from '~/utils/format'
import type { Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'

// E-mails about orders, put in the outbox inside the change's own transaction (sent only if it
// commits): the seller's users when a seller order comes to them or is decided, the buyer's KAM
// when the buyer's order moves on. Sellers never read the buyer's name; the KAM never a cost.

export type SellerOrderEvent =
  'created' | 'approved' | 'rejected' | 'counter_offer_accepted' | 'counter_offer_declined' | 'cancelled'

const words: Record<SellerOrderEvent, { subject: string; text: string }> = {
  created: {
    subject: 'a new order waits for the platform’s approval',
    text: 'A new order has been placed with you. The platform’s supplier team approves it before production starts; you will hear when it is decided.',
  },
  approved: {
    subject: 'approved: start production',
    text: 'The order is approved. Start production and move each line through its stages on the order’s page.',
  },
  rejected: { subject: 'not approved', text: 'The order is not approved, and will not be made by you.' },
  counter_offer_accepted: {
    subject: 'your counter-offer is accepted: start production',
    text: 'Your counter-offer is accepted: the lines are changed to what you offered and the order is approved. Start production on the order’s page.',
  },
  counter_offer_declined: {
    subject: 'your counter-offer is declined',
    text: 'Your counter-offer is declined: the order waits for approval as it was placed.',
  },
  cancelled: { subject: 'cancelled', text: 'The order is cancelled: stop any work on it.' },
}

/** Tells the seller's active users what happened to one of its seller orders. */
export async function notifySeller(
  trx: Executor,
  sellerOrderId: number,
  event: SellerOrderEvent,
  reason?: string | null,
): Promise<void> {
  const order = await trx
    .selectFrom('seller_orders')
    .select([
      'seller_orders.code',
      'seller_orders.seller_id',
      (eb) =>
        eb
          .selectFrom('sub_orders')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sub_orders.seller_order_id', '=', 'seller_orders.id')
          .as('lines'),
    ])
    .where('seller_orders.id', '=', sellerOrderId)
    .executeTakeFirst()
  if (!order) return
  const users = await trx
    .selectFrom('users')
    .select('email')
    .where('seller_id', '=', order.seller_id)
    .where('status', '=', 'active')
    .execute()
  const { subject, text } = words[event]
  for (const user of users) {
    await queueEmail(trx, {
      to: user.email,
      kind: `seller_order.${event}`,
      subject: `${order.code}: ${subject}`,
      text: [
        `${order.code} (${countOf(Number(order.lines), 'line')}): ${text}`,
        reason ? `Reason: ${reason}` : null,
        `See it: ${config().appUrl}/redirect/sales_orders/${sellerOrderId}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      link: `/redirect/sales_orders/${sellerOrderId}`,
    })
  }
}

/** Tells the buyer's KAM (an active user) that the buyer's order has moved on. */
export async function notifyKam(trx: Executor, masterOrderId: number, status: MasterOrderStatus): Promise<void> {
  const row = await trx
    .selectFrom('master_orders')
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .innerJoin('users', 'users.id', 'buyers.kam_user_id')
    .select(['master_orders.code', 'buyers.name as buyer', 'users.email', 'users.status'])
    .where('master_orders.id', '=', masterOrderId)
    .executeTakeFirst()
  if (!row || row.status !== 'active') return
  const now = status.replace(/_/g, ' ').replace(/\bqc\b/, 'QC')
  await queueEmail(trx, {
    to: row.email,
    kind: 'master_order.status_changed',
    subject: `${row.code} for ${row.buyer}: ${now}`,
    text: [
      `Your buyer ${possessive(row.buyer)} order ${row.code} is now ${now}.`,
      `See it: ${config().appUrl}/redirect/master_orders/${masterOrderId}`,
    ].join('\n\n'),
    link: `/redirect/master_orders/${masterOrderId}`,
  })
}
