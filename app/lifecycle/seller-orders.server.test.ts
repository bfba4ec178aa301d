import { getDb } from '~/db.server'
import { Refused } from '~/utils/refusal.server'
import { inspectionFor, lastAudit, lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { sellerOrderStepIn, takeSellerOrderStep } from './seller-orders.server'

// A seller order's step moves what other features keep: its inspections, the buyer's invoice, the
// master order's status; a step refused inside a caller's transaction rolls the caller back.

let parties: Awaited<ReturnType<typeof lifecycleParties>>
beforeAll(async () => {
  parties = await lifecycleParties('Steps')
})

describe('a seller order step across features', () => {
  it('delivering raises the buyer’s invoice and moves the master order to delivered', async () => {
    const order = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch'])
    expect(await statusOf('master_orders', order.id)).toBe('dispatched')
    expect(await takeSellerOrderStep(getDb(), parties.staff, order.sellerOrderId, 'deliver')).toMatchObject({
      ok: true,
      value: { status: 'delivered' },
    })
    const invoice = await getDb()
      .selectFrom('buyer_invoices')
      .select(['buyer_id', 'master_order_id', 'status', 'total_minor'])
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    expect(invoice).toMatchObject({ buyer_id: parties.buyerId, master_order_id: order.id, status: 'open' })
    expect(Number(invoice.total_minor)).toBeGreaterThan(0)
    expect(await statusOf('master_orders', order.id)).toBe('delivered')
    expect(await lastAudit('master_order', order.id)).toMatchObject({ action: 'master_order.status_changed' })
  })

  it('cancelling cancels the open QC inspection, in the same transaction', async () => {
    const order = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc'])
    const inspectionId = await inspectionFor(parties, order.sellerOrderId)
    expect(await statusOf('qc_inspections', inspectionId)).toBe('scheduled')
    expect(
      await takeSellerOrderStep(getDb(), parties.staff, order.sellerOrderId, 'cancel', 'Buyer withdrew'),
    ).toMatchObject({ ok: true })
    expect(await statusOf('qc_inspections', inspectionId)).toBe('cancelled')
    expect(await lastAudit('qc_inspection', inspectionId)).toMatchObject({
      action: 'qc_inspection.cancelled',
      note: 'The order was cancelled: Buyer withdrew',
    })
    expect(await statusOf('master_orders', order.id)).toBe('cancelled')
  })

  it('inside a transaction a refusal is thrown: the caller’s own change rolls back with it', async () => {
    const order = await orderThrough(parties, ['approve'])
    const error = await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('master_orders')
          .set({ cancel_reason: 'changed in the refused step' })
          .where('id', '=', order.id)
          .execute()
        return sellerOrderStepIn(trx, parties.staff, order.sellerOrderId, 'dispatch')
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Refused)
    expect((error as Refused).message).toMatch(/is already approved \(by .+\): “Dispatched” is no longer possible/)
    const row = await getDb()
      .selectFrom('master_orders')
      .select('cancel_reason')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(row.cancel_reason).not.toBe('changed in the refused step')
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('approved')
  })
})
