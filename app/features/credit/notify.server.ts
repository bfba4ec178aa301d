import { config } from '~/config.server'
import type { Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'
import { activeUsersWithRole } from '../companies/queries.server'
import { formatMoney } from '~/utils/format'
import { CREDIT_HOLDS_PATH } from './credit.server'
import { staffHoldNotice } from './hold'

/**
 * Tells business finance (every active user with the biz_fin role) that an order waits on credit
 * hold, in the placing transaction: by e-mail, and so in each one's in-app inbox (the outbox copies
 * it there). Nothing for an order that is not held.
 */
export async function tellFinanceOfHold(trx: Executor, masterOrderId: number): Promise<void> {
  const order = await trx
    .selectFrom('master_orders')
    .innerJoin('buyers', 'buyers.id', 'master_orders.buyer_id')
    .select([
      'master_orders.code',
      'master_orders.credit_hold',
      'master_orders.credit_hold_reason',
      'master_orders.credit_held_at',
      'master_orders.credit_hold_overdue_minor',
      'master_orders.credit_hold_over_limit_minor',
      'master_orders.placed_at',
      'master_orders.value_minor',
      'master_orders.gst_minor',
      'buyers.name as buyer_name',
    ])
    .where('master_orders.id', '=', masterOrderId)
    .executeTakeFirst()
  if (!order || order.credit_hold !== 'held') return
  const finance = await activeUsersWithRole(trx, 'biz_fin')
  const notice = staffHoldNotice({
    heldAt: order.credit_held_at ?? order.placed_at,
    overdueMinor: order.credit_hold_overdue_minor,
    overLimitMinor: order.credit_hold_over_limit_minor,
    reason: order.credit_hold_reason ?? '',
  })
  const link = `${CREDIT_HOLDS_PATH}#hold-${masterOrderId}`
  for (const user of finance)
    await queueEmail(trx, {
      to: user.email,
      kind: 'master_order.credit_held',
      subject: `${order.code} for ${order.buyer_name}: on credit hold`,
      text: [
        `${order.buyer_name}’s order ${order.code} (${formatMoney(Number(order.value_minor) + Number(order.gst_minor))} with GST) waits on credit hold: its sellers hear of it once you release it.`,
        `${notice.text}.`,
        `Why: ${order.credit_hold_reason ?? ''}.`,
        `Release or cancel it: ${config().appUrl}${link}`,
      ].join('\n\n'),
      link,
    })
}
