import { getDb } from '~/db.server'
import { orderThrough, type lifecycleParties } from './lifecycle'

// Seller orders ready to be billed by their sellers, for the payables tests: taken through their
// steps to dispatched, with a decided QC inspection (its accepted quantity per line) written as QC
// records it, and the ordered cost per unit set where a test needs large purchases (TDS). Only the
// tests import it.

let inspections = 0

export type Parties = Awaited<ReturnType<typeof lifecycleParties>>

/** The QC record of a seller order: an approved lot, or one accepted in part (accepted thousandths per line). */
export async function inspected(parties: Parties, sellerOrderId: number, acceptedMilli?: number) {
  const db = getDb()
  const order = await db
    .selectFrom('seller_orders')
    .select(['master_order_id', 'seller_id'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  const lines = await db
    .selectFrom('sub_orders')
    .select(['id', 'line_no', 'quantity_milli'])
    .where('seller_order_id', '=', sellerOrderId)
    .execute()
  const n = ++inspections
  const day = new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
  const partly = acceptedMilli !== undefined
  const inspection = await db
    .insertInto('qc_inspections')
    .values({
      code: `QC-TEST-${String(n).padStart(6, '0')}`,
      seller_order_id: sellerOrderId,
      master_order_id: order.master_order_id,
      seller_id: order.seller_id,
      operator_id: parties.operatorId,
      scheduled_on: day,
      slot: '09:00',
      status: partly ? 'partly_approved' : 'approved',
      decided_by: parties.staff.userId,
      decided_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('qc_inspection_lines')
    .values(
      lines.map((l) => ({
        inspection_id: inspection.id,
        sub_order_id: l.id,
        line_no: l.line_no,
        quantity_milli: Number(l.quantity_milli),
        accepted_milli: partly ? acceptedMilli : Number(l.quantity_milli),
        rejected_milli: partly ? Number(l.quantity_milli) - acceptedMilli : 0,
      })),
    )
    .execute()
}

/** Seller orders of one seller each, dispatched after QC accepted them in full, at a cost per unit. */
export async function billableOrders(parties: Parties, count: number, costMinor?: number, sellers = 1) {
  const out: {
    id: number
    sellerId: number
    lines: { id: number; quantityMilli: number; costMinor: number; gstRateBp: number }[]
  }[] = []
  while (out.length < count) {
    const order = await orderThrough(
      parties,
      ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch'],
      sellers,
    )
    for (const so of order.sellerOrders) {
      await inspected(parties, so.id)
      if (costMinor !== undefined)
        await getDb()
          .updateTable('sub_orders')
          .set({ cost_minor: costMinor })
          .where('seller_order_id', '=', so.id)
          .execute()
      const lines = await getDb()
        .selectFrom('sub_orders')
        .select(['id', 'quantity_milli', 'cost_minor', 'gst_rate_bp'])
        .where('seller_order_id', '=', so.id)
        .orderBy('line_no')
        .execute()
      out.push({
        id: so.id,
        sellerId: so.seller_id,
        lines: lines.map((l) => ({
          id: l.id,
          quantityMilli: Number(l.quantity_milli),
          costMinor: Number(l.cost_minor),
          gstRateBp: l.gst_rate_bp,
        })),
      })
    }
  }
  return out
}
