import { getDb } from '~/db.server'
import { inspectionFor, lastAudit, lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { decideInspection } from './inspections.server'

// A QC decision changes the inspection (QC's own step) and moves the seller order (qc_pass or
// qc_fail, through the seller order's machine) and the master order with it.

let parties: Awaited<ReturnType<typeof lifecycleParties>>
beforeAll(async () => {
  parties = await lifecycleParties('Gate')
})

/** A seller order ready for QC whose inspection the operator has sent (set up directly: QC's own tests submit through the form). */
async function submittedInspection() {
  const order = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc'])
  const inspectionId = await inspectionFor(parties, order.sellerOrderId)
  await getDb().updateTable('qc_inspections').set({ status: 'submitted' }).where('id', '=', inspectionId).execute()
  return { order, inspectionId }
}

describe('deciding an inspection', () => {
  it('a rejection fails the seller order’s QC, which the seller then reworks; the master order stays in QC', async () => {
    const { order, inspectionId } = await submittedInspection()
    expect(
      await decideInspection(getDb(), parties.staff, inspectionId, { decision: 'reject', reason: 'GSM too low' }),
    ).toMatchObject({ ok: true, value: { decided: 'rejected' } })
    expect(await statusOf('qc_inspections', inspectionId)).toBe('rejected')
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('qc_failed')
    expect(await lastAudit('seller_order', order.sellerOrderId)).toMatchObject({
      action: 'seller_order.qc_failed',
      note: expect.stringContaining('rejected; GSM too low'),
    })
    expect(await statusOf('master_orders', order.id)).toBe('in_qc')
  })

  it('an approval passes the seller order and moves the master order to ready to dispatch', async () => {
    const { order, inspectionId } = await submittedInspection()
    expect(
      await decideInspection(getDb(), parties.staff, inspectionId, { decision: 'approve', reason: '' }),
    ).toMatchObject({ ok: true })
    expect(await statusOf('qc_inspections', inspectionId)).toBe('approved')
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('qc_passed')
    expect(await statusOf('master_orders', order.id)).toBe('ready_to_dispatch')
    // Deciding it again: the step helper's answer, and nothing moves.
    expect(
      await decideInspection(getDb(), parties.staff, inspectionId, { decision: 'reject', reason: 'Second look' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is already approved \(by .+\): “Reject” is no longer possible/),
    })
    expect(await statusOf('seller_orders', order.sellerOrderId)).toBe('qc_passed')
  })
})
