import type { Executor } from '~/platform/executor'
import { gstOf, lineValue } from './lines'
import { lockMasterOrder } from './locks.server'

/** The seller order's and the master order's totals worked out again from their lines. */
export async function refreshTotals(trx: Executor, masterOrderId: number) {
  // The order's row first (locks.server.ts; the caller has normally taken it already): the lines read next are the latest.
  await lockMasterOrder(trx, masterOrderId)
  const lines = await trx
    .selectFrom('sub_orders')
    .select(['seller_order_id', 'quantity_milli', 'price_minor', 'cost_minor', 'gst_rate_bp'])
    .where('master_order_id', '=', masterOrderId)
    .execute()
  const bySeller = new Map<number, { value: number; cost: number }>()
  let value = 0
  let cost = 0
  let gst = 0
  for (const line of lines) {
    const lineValueMinor = lineValue(line.quantity_milli, line.price_minor)
    const lineCost = lineValue(line.quantity_milli, line.cost_minor)
    value += lineValueMinor
    cost += lineCost
    gst += gstOf(lineValueMinor, line.gst_rate_bp)
    const seller = bySeller.get(line.seller_order_id) ?? { value: 0, cost: 0 }
    bySeller.set(line.seller_order_id, { value: seller.value + lineValueMinor, cost: seller.cost + lineCost })
  }
  const at = new Date().toISOString()
  for (const [id, totals] of bySeller)
    await trx
      .updateTable('seller_orders')
      .set({ value_minor: totals.value, cost_minor: totals.cost, updated_at: at })
      .where('id', '=', id)
      .execute()
  await trx
    .updateTable('master_orders')
    .set({ value_minor: value, cost_minor: cost, gst_minor: gst, updated_at: at })
    .where('id', '=', masterOrderId)
    .execute()
}
