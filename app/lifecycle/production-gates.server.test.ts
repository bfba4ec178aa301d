import { getDb } from '~/db.server'
import { advanceLine, gatedLines } from '~/features/orders/progress.server'
import { gateRefusal } from '~/features/orders/gates'
import { lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { passStages } from '../../tests/support/orders'
import { takeSellerOrderStep } from './seller-orders.server'

// Production gates (docs/domain.md "Orders"): ready for QC (and rework) only once every line has
// reached its category's QC gate; dispatch only once every line has reached its workflow's last
// stage; the same for the seller, for staff on its behalf, and in the demo data. Read back from the database.

let parties: Awaited<ReturnType<typeof lifecycleParties>>
const db = () => getDb()

/** Category 1's workflow (the test orders' lines): its stages in order, its first QC gate. */
async function workflow() {
  const stages = await db()
    .selectFrom('workflow_stages')
    .select(['position', 'name', 'qc_gate'])
    .where('category_id', '=', 1)
    .orderBy('position')
    .execute()
  const gate = stages.findIndex((s) => s.qc_gate === 1)
  return { stages, gate }
}

const lineOf = async (sellerOrderId: number) =>
  db()
    .selectFrom('sub_orders')
    .select(['id', 'stage_position'])
    .where('seller_order_id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()

beforeAll(async () => {
  parties = await lifecycleParties('Gated')
})

describe('ready for QC waits for the stages before the QC gate', () => {
  it('is refused, naming the line and its stage, until the line reaches the gate; then it goes', async () => {
    const { stages, gate } = await workflow()
    expect(gate).toBeGreaterThan(0)
    const order = await orderThrough(parties, ['approve', 'start_production'])
    const id = order.sellerOrderId
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'ready_for_qc')).toEqual({
      ok: false,
      message: `Line 1 is not started (0 of ${stages.length}): every stage before QC must be passed first.`,
    })
    // The seller moves the line one stage: still short of the gate.
    expect((await advanceLine(db(), parties.staff, null, (await lineOf(id)).id, 0)).ok).toBe(true)
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'ready_for_qc')).toEqual({
      ok: false,
      message: `Line 1 is at ${stages[0]!.name} (1 of ${stages.length}): every stage before QC must be passed first.`,
    })
    expect(await statusOf('seller_orders', id)).toBe('in_production')
    // Through every stage before the gate, to the gate.
    for (let k = 1; k <= gate; k++) {
      const line = await lineOf(id)
      expect((await advanceLine(db(), parties.staff, null, line.id, line.stage_position)).ok).toBe(true)
    }
    expect((await lineOf(id)).stage_position).toBe(stages[gate]!.position)
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'ready_for_qc')).toMatchObject({ ok: true })
    expect(await statusOf('seller_orders', id)).toBe('ready_for_qc')
  })

  it('staff taking the step for the seller meet the same gate; nothing is changed or audited', async () => {
    const { stages } = await workflow()
    const order = await orderThrough(parties, ['approve', 'start_production'])
    const before = await db()
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity_type', '=', 'seller_order')
      .where('entity_id', '=', String(order.sellerOrderId))
      .executeTakeFirstOrThrow()
    expect(
      await takeSellerOrderStep(db(), { ...parties.staff, onBehalf: true }, order.sellerOrderId, 'ready_for_qc'),
    ).toEqual({
      ok: false,
      message: `Line 1 is not started (0 of ${stages.length}): every stage before QC must be passed first.`,
    })
    const after = await db()
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity_type', '=', 'seller_order')
      .where('entity_id', '=', String(order.sellerOrderId))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
    await passStages(order.sellerOrderId, 'gate')
    expect(
      await takeSellerOrderStep(db(), { ...parties.staff, onBehalf: true }, order.sellerOrderId, 'ready_for_qc'),
    ).toMatchObject({ ok: true })
  })

  it('rework back to ready for QC meets the same gate', async () => {
    const { stages } = await workflow()
    const order = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc'])
    const id = order.sellerOrderId
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'qc_fail', 'Shade off')).toMatchObject({ ok: true })
    // A line taken back a stage to be reworked (set-up).
    await db().updateTable('sub_orders').set({ stage_position: 1 }).where('seller_order_id', '=', id).execute()
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'rework')).toEqual({
      ok: false,
      message: `Line 1 is at ${stages[0]!.name} (1 of ${stages.length}): every stage before QC must be passed first.`,
    })
    expect(await statusOf('seller_orders', id)).toBe('qc_failed')
    await passStages(id, 'gate')
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'rework')).toMatchObject({ ok: true })
    expect(await statusOf('seller_orders', id)).toBe('ready_for_qc')
  })
})

describe('dispatch waits for every stage of the workflow', () => {
  it('is refused while a line is short of the last stage, and no invoice is raised; then it goes', async () => {
    const { stages, gate } = await workflow()
    const order = await orderThrough(parties, ['approve', 'start_production'])
    const id = order.sellerOrderId
    await passStages(id, 'gate')
    for (const step of ['ready_for_qc', 'qc_pass'] as const)
      expect(await takeSellerOrderStep(db(), parties.staff, id, step)).toMatchObject({ ok: true })
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'dispatch')).toEqual({
      ok: false,
      message: `Line 1 is at ${stages[gate]!.name} (${gate + 1} of ${stages.length}): every stage of the workflow must be passed before dispatch.`,
    })
    expect(await statusOf('seller_orders', id)).toBe('qc_passed')
    await passStages(id, 'last')
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'dispatch')).toMatchObject({ ok: true })
    expect(await takeSellerOrderStep(db(), parties.staff, id, 'deliver')).toMatchObject({ ok: true })
    expect(
      await db().selectFrom('buyer_invoices').select('id').where('seller_order_id', '=', id).execute(),
    ).toHaveLength(1)
  })

  it('names every line short of its stage, on an order of two lines', () => {
    const stages = [
      { position: 1, name: 'Cutting', qcGate: false },
      { position: 2, name: 'Dyeing', qcGate: false },
      { position: 3, name: 'Inspection', qcGate: true },
      { position: 4, name: 'Packing', qcGate: false },
    ]
    expect(
      gateRefusal('ready_for_qc', [
        { lineNo: 1, stagePosition: 3, stages },
        { lineNo: 2, stagePosition: 2, stages },
      ]),
    ).toBe('Line 2 is at Dyeing (2 of 4): every stage before QC must be passed first.')
    expect(
      gateRefusal('dispatch', [
        { lineNo: 1, stagePosition: 3, stages },
        { lineNo: 2, stagePosition: 4, stages },
      ]),
    ).toBe('Line 1 is at Inspection (3 of 4): every stage of the workflow must be passed before dispatch.')
    expect(gateRefusal('dispatch', [{ lineNo: 1, stagePosition: 4, stages }])).toBeUndefined()
    // No QC gate in the workflow: QC waits for the last stage. A line without a workflow is not held.
    const plain = stages.map((s) => ({ ...s, qcGate: false }))
    expect(gateRefusal('ready_for_qc', [{ lineNo: 1, stagePosition: 3, stages: plain }])).toBe(
      'Line 1 is at Inspection (3 of 4): every stage before QC must be passed first.',
    )
    expect(gateRefusal('ready_for_qc', [{ lineNo: 1, stagePosition: 0, stages: [] }])).toBeUndefined()
    expect(gateRefusal('approve', [{ lineNo: 1, stagePosition: 0, stages }])).toBeUndefined()
  })
})

describe('the demo data', () => {
  it('has orders whose stages match their states', async () => {
    // Every seller order of the demo (this file's own orders are under the "Gated" buyer, left out).
    const orders = await db()
      .selectFrom('seller_orders as s')
      .innerJoin('master_orders as m', 'm.id', 's.master_order_id')
      .select(['s.id', 's.code', 's.status'])
      .where('m.buyer_id', '!=', parties.buyerId)
      .execute()
    const mismatched: string[] = []
    const seen = new Set<string>()
    for (const order of orders) {
      const lines = await gatedLines(db(), order.id)
      if (!lines.length) continue
      seen.add(order.status)
      const atQc = gateRefusal('ready_for_qc', lines)
      const done = gateRefusal('dispatch', lines)
      const wrong =
        (['ready_for_qc', 'qc_failed', 'qc_passed'].includes(order.status) && atQc) ||
        (['dispatched', 'delivered'].includes(order.status) && done) ||
        (['pending_approval', 'approved'].includes(order.status) && lines.some((l) => l.stagePosition > 0))
      if (wrong) mismatched.push(`${order.code} (${order.status}): ${typeof wrong === 'string' ? wrong : 'started'}`)
    }
    expect(mismatched).toEqual([])
    // The demo shows each of these states (so the check above reads real orders).
    for (const status of ['in_production', 'ready_for_qc', 'qc_passed', 'dispatched', 'delivered'])
      expect(seen).toContain(status)
    // Some order in production stands partway: neither at the gate nor finished.
    const producing = orders.filter((o) => o.status === 'in_production')
    const partway = await Promise.all(
      producing.map(async (o) => gateRefusal('ready_for_qc', await gatedLines(db(), o.id)) !== undefined),
    )
    expect(partway).toContain(true)
  })
})
