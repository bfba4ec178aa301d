import { PostgresAdapter, sql } from 'kysely'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { decideInspection, qcMoves } from '~/lifecycle/inspections.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { kolkataDay } from '~/utils/format'
import { lastAudit, lifecycleParties, statusOf } from '../../../tests/support/lifecycle'
import { formOf, placeTestOrder, stagesAfter, stagesBefore } from '../../../tests/support/orders'
import { qcApprovalsAction, qcApprovalsPage } from './approvals.server'
import { defaultDecision } from './findings'
import { classPlans } from './sampling/iso2859'
import { scheduleInspection } from './schedule.server'
import { sellerSwitchingStates } from './switching.server'

// Issue 39's approvals: the page shows what the inspector found by the plan; the default decision is
// exactly that; accepting beyond it is an override with a reason; each decision adds its lots to the
// seller's switching state per category. What the inspector found is inserted directly here (the
// phone form writes it for real: app/features/qc/field*).

let parties: Awaited<ReturnType<typeof lifecycleParties>>
let counter = 0
const AQL = 1 // the category of the test orders (tests/support/orders.ts), inspected by AQL here
const FABRIC = 2

beforeAll(async () => {
  parties = await lifecycleParties('Sampling')
  await getDb()
    .updateTable('categories')
    .set({ qc_method: 'aql', qc_level: 'II', aql_critical: '0', aql_major: '2.5', aql_minor: '4.0' })
    .where('id', '=', AQL)
    .execute()
  await getDb()
    .updateTable('categories')
    .set({ qc_method: 'four_point', points_limit: 40 })
    .where('id', '=', FABRIC)
    .execute()
})

const staffViewer = (userId: number): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles: ['admin'],
  company: null,
  sessionIdHash: 'x',
})

/** The class plans of a lot of 500 units at level II (code H, 50 units; major 3/4, minor 5/6), as the line keeps them. */
const planJson = () => {
  const plans = classPlans({ lotSize: 500, level: 'II' })
  return JSON.stringify(
    Object.fromEntries(
      (['critical', 'major', 'minor'] as const).map((c) => [
        c,
        {
          aql: plans[c].aql,
          planLetter: plans[c].planLetter,
          sampleSize: plans[c].sampleSize,
          acceptance: plans[c].acceptance,
          rejection: plans[c].rejection,
        },
      ]),
    ),
  )
}

/** An inspection of the seller order on a day of its own. */
async function scheduled(sellerOrderId: number) {
  const day = kolkataDay(new Date(Date.now() + (7 + ++counter) * 86_400_000))
  const done = await scheduleInspection(getDb(), parties.staff, sellerOrderId, {
    day,
    slot: '09:00',
    operatorId: parties.operatorId,
  })
  if (!done.ok) throw new Error(done.message)
  return done.value.id
}

interface Found {
  verdict?: 'accept' | 'reject' | null
  /** The inspector's accepted quantity of the line's 10 (default all). */
  accepted?: number
  defects?: { name: string; severity: 'critical' | 'major' | 'minor'; count: number }[]
  rolls?: { points: number; per100: number; accepted: boolean }[]
  /** Each roll's length in millimetres (3 m unless told). */
  rollLengthMm?: number
  plan?: boolean
}

/** A seller order of one line (10 units) in `category`, ready for QC, its inspection submitted with `found`. */
async function submittedLot(found: Found = {}, options: { seller?: number; category?: number } = {}) {
  const db = getDb()
  const order = await placeTestOrder({
    userId: parties.staff.userId,
    buyerId: parties.buyerId,
    sellerIds: [parties.sellerIds[options.seller ?? 0]!],
    categoryIds: [options.category ?? AQL],
    key: `sampling-${++counter}`,
  })
  const so = order.sellerOrderId
  for (const step of ['approve', 'start_production', 'ready_for_qc'] as const) {
    await stagesBefore(so, step)
    const done = await takeSellerOrderStep(db, parties.staff, so, step)
    if (!done.ok) throw new Error(done.message)
    await stagesAfter(so, step)
  }
  const inspectionId = await scheduled(so)
  await db
    .updateTable('qc_inspections')
    .set({ status: 'submitted', received_at: new Date().toISOString() })
    .where('id', '=', inspectionId)
    .execute()
  const line = await db
    .selectFrom('sub_orders')
    .select(['id', 'line_no', 'quantity_milli'])
    .where('seller_order_id', '=', so)
    .executeTakeFirstOrThrow()
  const accepted = (found.accepted ?? 10) * 1000
  const fabric = options.category === FABRIC
  await db
    .insertInto('qc_inspection_lines')
    .values({
      inspection_id: inspectionId,
      sub_order_id: line.id,
      line_no: line.line_no,
      quantity_milli: 10_000,
      accepted_milli: accepted,
      rejected_milli: 10_000 - accepted,
      lot_units: fabric ? null : 500,
      code_letter: found.plan === false || fabric ? null : 'H',
      sample_size: found.plan === false || fabric ? null : 50,
      inspection_severity: 'normal',
      plan_json: found.plan === false || fabric ? null : planJson(),
      verdict: found.verdict === undefined ? 'accept' : found.verdict,
      points_per_100: fabric ? 2650 : null,
    })
    .execute()
  for (const d of found.defects ?? [])
    await db
      .insertInto('qc_defect_counts')
      .values({ inspection_id: inspectionId, sub_order_id: line.id, defect_type_id: null, ...d })
      .execute()
  for (const [i, r] of (found.rolls ?? []).entries())
    await db
      .insertInto('qc_rolls')
      .values({
        inspection_id: inspectionId,
        sub_order_id: line.id,
        roll_no: i + 1,
        shade: i % 2 ? 'B' : 'A',
        length_mm: found.rollLengthMm ?? 3_000,
        width_mm: 1_450,
        points: r.points,
        points_per_100: r.per100,
        accepted: r.accepted ? 1 : 0,
      })
      .execute()
  const { code } = await db
    .selectFrom('qc_inspections')
    .select('code')
    .where('id', '=', inspectionId)
    .executeTakeFirstOrThrow()
  return { inspectionId, code, sellerOrderId: so, lineId: line.id, masterOrderId: order.id }
}

const cardOf = async (code: string) =>
  (await qcApprovalsPage(getDb(), 'admin', new URL(`http://x/admin/approvals/qc?q=${code}`))).cards[0]!

describe('the approval page shows what the inspector found', () => {
  it('per line the verdict by the plan, the plan per class with the defects found, the defects by type', async () => {
    const lot = await submittedLot({
      verdict: 'reject',
      accepted: 10,
      defects: [
        { name: 'Stain', severity: 'minor', count: 2 },
        { name: 'Open seam', severity: 'major', count: 4 },
        { name: 'Broken stitch', severity: 'major', count: 1 },
      ],
    })
    const card = await cardOf(lot.code)
    const line = card.lines[0]!
    expect(line).toMatchObject({
      verdict: 'reject',
      method: 'aql',
      accepted: '10',
      acceptable: '0',
      plan: { lotUnits: 500, codeLetter: 'H', sampleSize: 50, severity: 'normal' },
    })
    expect(line.plan.classes).toEqual([
      expect.objectContaining({
        defectClass: 'critical',
        aql: '0 (none allowed)',
        acceptance: 0,
        rejection: 1,
        found: 0,
      }),
      expect.objectContaining({
        defectClass: 'major',
        aql: '2.5',
        acceptance: 3,
        rejection: 4,
        found: 5,
        verdict: 'reject',
      }),
      expect.objectContaining({
        defectClass: 'minor',
        aql: '4',
        acceptance: 5,
        rejection: 6,
        found: 2,
        verdict: 'accept',
      }),
    ])
    expect(line.defects.map((d) => `${d.severity} ${d.name} ${d.count}`)).toEqual([
      'major Open seam 4',
      'major Broken stitch 1',
      'minor Stain 2',
    ])
    // The plan rejects the lot although the inspector's quantities accept it all: the verdict is what was found.
    expect(card).toMatchObject({ decision: 'reject', overridable: true, failed_count: 0 })
    // "Something to look at" finds it by its verdict alone.
    const failing = await qcApprovalsPage(
      getDb(),
      'admin',
      new URL(`http://x/admin/approvals/qc?failing=1&q=${lot.code}`),
    )
    expect(failing.total).toBe(1)
  })

  it('a fabric lot: its rolls with points, points per 100 sq yd and the rolls over the limit', async () => {
    const lot = await submittedLot(
      {
        accepted: 7,
        verdict: 'accept',
        rolls: [
          { points: 12, per100: 1650, accepted: true },
          { points: 40, per100: 5520, accepted: false },
          { points: 20, per100: 2760, accepted: true },
        ],
      },
      { category: FABRIC },
    )
    const card = await cardOf(lot.code)
    expect(card.lines[0]).toMatchObject({
      method: 'four_point',
      fabric: { pointsPer100: '26.50', limit: 40, rollsOver: ['2'] },
    })
    expect(card.lines[0]!.fabric!.rolls[1]).toEqual({
      tag: '2',
      shade: 'B',
      length: '3',
      width: '145',
      points: 40,
      pointsPer100: '55.20',
      accepted: false,
    })
    expect(card).toMatchObject({ decision: 'accept_part', overridable: true })
  })

  it('the default decision is exactly what the inspector found: all, part or none', () => {
    const line = (accepted: number, verdict: string | null = null) => ({
      quantityMilli: 10_000,
      acceptedMilli: accepted,
      verdict,
    })
    expect(defaultDecision([line(10_000, 'accept'), line(10_000)])).toBe('approve')
    expect(defaultDecision([line(10_000, 'accept'), line(4_000)])).toBe('accept_part')
    expect(defaultDecision([line(10_000, 'reject'), line(10_000, 'accept')])).toBe('accept_part')
    expect(defaultDecision([line(0), line(10_000, 'reject')])).toBe('reject')
  })
})

describe('accepting beyond the inspector is a deliberate override', () => {
  it('the plain approval of a rejected lot is refused; the override needs its reason, then keeps it on the inspection and in the audit', async () => {
    const lot = await submittedLot({
      verdict: 'reject',
      accepted: 0,
      defects: [{ name: 'Hole', severity: 'critical', count: 1 }],
    })
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, { decision: 'approve', reason: '' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('Override: accept against the inspector’s verdict'),
    })
    const form = (fields: Record<string, string>) =>
      qcApprovalsAction(
        getDb(),
        staffViewer(parties.staff.userId),
        'admin',
        new URL('http://x/admin/approvals/qc'),
        formOf({
          form: `override-${lot.inspectionId}`,
          intent: 'override',
          inspection: String(lot.inspectionId),
          ...fields,
        }),
        qcMoves,
      )
    // No reason: refused at its field, nothing decided.
    expect(
      await form({ overrideReason: '  ', [`line.${lot.lineId}.accepted`]: '10', [`line.${lot.lineId}.rejected`]: '0' }),
    ).toMatchObject({
      status: 'invalid',
      reply: {
        error: { overrideReason: ['Say why you accept against the inspector: it is kept with the inspection'] },
      },
    })
    expect(await statusOf('qc_inspections', lot.inspectionId)).toBe('submitted')
    // Accepting nothing is no override.
    expect(
      await form({ overrideReason: 'x', [`line.${lot.lineId}.accepted`]: '0', [`line.${lot.lineId}.rejected`]: '10' }),
    ).toMatchObject({
      status: 'invalid',
      reply: { error: { '': ['Nothing is accepted: reject the inspection instead.'] } },
    })
    const done = await form({
      overrideReason: 'The buyer takes the hole-marked pieces as seconds',
      [`line.${lot.lineId}.accepted`]: '10',
      [`line.${lot.lineId}.rejected`]: '0',
    })
    expect(done).toMatchObject({
      status: 'done',
      toast: { message: expect.stringContaining('is approved against the inspector’s verdict') },
    })
    expect(
      await getDb()
        .selectFrom('qc_inspections')
        .select(['status', 'override_reason'])
        .where('id', '=', lot.inspectionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'approved', override_reason: 'The buyer takes the hole-marked pieces as seconds' })
    const entry = await getDb()
      .selectFrom('audit_events')
      .select('after_json')
      .where('entity_type', '=', 'qc_inspection')
      .where('entity_id', '=', String(lot.inspectionId))
      .where('action', '=', 'qc_inspection.approved')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      override_reason: 'The buyer takes the hole-marked pieces as seconds',
    })
    expect(await statusOf('seller_orders', lot.sellerOrderId)).toBe('qc_passed')
  })

  it('a part accepted beyond the inspector is refused at the line; as an override it is a partial acceptance with its reason', async () => {
    const lot = await submittedLot({ verdict: 'accept', accepted: 6 })
    const lines = (accepted: string, rejected: string) => ({ [lot.lineId]: { accepted, rejected } })
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: 'accept_part',
        reason: 'Short width',
        disposition: 'rework',
        lines: lines('8', '2'),
      }),
    ).toMatchObject({
      ok: false,
      fields: {
        [`line.${lot.lineId}.accepted`]: expect.stringMatching(
          /^The inspector found 6 .* acceptable: accepting more is an override/,
        ),
      },
    })
    // The same quantities as the inspector's need no override: refused as such.
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: 'override',
        overrideReason: 'x',
        reason: 'Short width',
        disposition: 'rework',
        lines: lines('6', '4'),
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('no override is needed') })
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: 'override',
        overrideReason: 'Two more metres pass on a second look at the roll ends',
        reason: 'Short width on 2 m',
        disposition: 'cancel',
        lines: lines('8', '2'),
      }),
    ).toMatchObject({
      ok: true,
      value: { decided: 'partly accepted', overridden: true, split: expect.stringMatching(/^SO-/) },
    })
    expect(
      await getDb()
        .selectFrom('qc_inspection_lines')
        .select(['accepted_milli', 'rejected_milli'])
        .where('inspection_id', '=', lot.inspectionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ accepted_milli: 8000, rejected_milli: 2000 })
    expect(await lastAudit('qc_inspection', lot.inspectionId)).toMatchObject({
      action: 'qc_inspection.partly_approved',
      after_json: expect.stringContaining('Two more metres pass'),
    })
  })

  it('the default partial acceptance goes through as the inspector proposed it, and less is allowed', async () => {
    const lot = await submittedLot({ verdict: 'accept', accepted: 6 })
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: 'accept_part',
        reason: 'Short width',
        disposition: 'rework',
        lines: { [lot.lineId]: { accepted: '5', rejected: '5' } },
      }),
    ).toMatchObject({ ok: true, value: { overridden: false } })
    expect(
      (
        await getDb()
          .selectFrom('qc_inspections')
          .select('override_reason')
          .where('id', '=', lot.inspectionId)
          .executeTakeFirstOrThrow()
      ).override_reason,
    ).toBeNull()
  })
})

// Issue 51: the card says the whole verdict in one sentence, and the rolls over the points limit are
// never accepted by the default decision: only by an override with its reason.
describe('the whole verdict on the approval card (issue 51)', () => {
  it('a lot the plan rejects with every condition met reads as rejected, never “every condition met”', async () => {
    const lot = await submittedLot({
      verdict: 'reject',
      accepted: 10,
      defects: [{ name: 'Open seam', severity: 'major', count: 4 }],
    })
    const card = await cardOf(lot.code)
    expect(card.failed_count).toBe(0)
    expect(card.sentence).toBe('The plan rejects line 1 (major 4 of Ac 3).')
    expect(card.findings).toBe(true)
    const clean = await cardOf((await submittedLot({ verdict: 'accept', accepted: 10 })).code)
    expect(clean.sentence).toBe('Every condition is met and the plan accepts line 1.')
  })

  it('rolls over the limit: the default takes them out, a plain approval is refused, the override keeps its reason', async () => {
    // 10 m on the line: three rolls of 3 m, the second over the limit; the inspector accepted all 10 m.
    const lot = await submittedLot(
      {
        accepted: 10,
        verdict: 'accept',
        rolls: [
          { points: 1, per100: 1650, accepted: true },
          { points: 12, per100: 5520, accepted: false },
          { points: 2, per100: 2760, accepted: true },
        ],
      },
      { category: FABRIC },
    )
    const card = await cardOf(lot.code)
    expect(card.sentence).toBe('Roll 2 of line 1 is over the points limit of 40.')
    expect(card.lines[0]).toMatchObject({ acceptable: '7', overLimit: '3' })
    expect(card.decision).toBe('accept_part')
    expect(
      (await qcApprovalsPage(getDb(), 'admin', new URL(`http://x/admin/approvals/qc?q=${lot.code}&failing=1`))).total,
    ).toBe(1)
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, { decision: 'approve', reason: '' }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('is an override') })
    const lines = (accepted: string, rejected: string) => ({ [lot.lineId]: { accepted, rejected } })
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: 'accept_part',
        reason: 'Roll 2 back',
        disposition: 'rework',
        lines: lines('10', '0'),
      }),
    ).toMatchObject({ ok: false })
    expect(
      await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: 'override',
        reason: '',
        lines: lines('10', '0'),
        overrideReason: ' ',
      }),
    ).toMatchObject({ ok: false, field: 'overrideReason' })
    expect(await statusOf('qc_inspections', lot.inspectionId)).toBe('submitted')
    const done = await decideInspection(getDb(), parties.staff, lot.inspectionId, {
      decision: 'override',
      reason: '',
      lines: lines('10', '0'),
      overrideReason: 'The buyer cuts roll 2 for linings',
    })
    expect(done).toMatchObject({ ok: true, value: { decided: 'approved', overridden: true } })
    const entry = await getDb()
      .selectFrom('audit_events')
      .select('after_json')
      .where('entity_type', '=', 'qc_inspection')
      .where('entity_id', '=', String(lot.inspectionId))
      .where('action', '=', 'qc_inspection.approved')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(entry.after_json!)).toMatchObject({ override_reason: 'The buyer cuts roll 2 for linings' })
  })
})

describe('switching state per seller and category', () => {
  const stateOf = async (seller: number, category = AQL) =>
    (await sellerSwitchingStates(getDb(), parties.sellerIds[seller]!)).find((s) => s.category_id === category)

  it('two of five lots rejected by their plan move the seller to tightened inspection; an accepted lot with its plan adds to the score', async () => {
    const accept = { verdict: 'accept' as const, defects: [] }
    const reject = {
      verdict: 'reject' as const,
      accepted: 0,
      defects: [{ name: 'Open seam', severity: 'major' as const, count: 6 }],
    }
    const outcomes = [accept, reject, accept, accept, reject]
    for (const [i, found] of outcomes.entries()) {
      const lot = await submittedLot(found, { seller: 1 })
      const done = await decideInspection(getDb(), parties.staff, lot.inspectionId, {
        decision: found.verdict === 'accept' ? 'approve' : 'reject',
        reason: found.verdict === 'accept' ? '' : 'Open seams',
      })
      expect(done.ok).toBe(true)
      if (i === 0) {
        // Lot 1 accepted on normal with its plans' facts: critical Ac 0 adds 2, major and minor (Ac >= 2,
        // accepted at the tighter AQL) 3; a lot adds the smallest.
        expect(await stateOf(1)).toMatchObject({ state: 'normal', score: 2, lots: 1 })
      }
      if (i === 4) {
        expect(await lastAudit('qc_inspection', lot.inspectionId)).toMatchObject({
          after_json: expect.stringContaining('Normal → Tightened'),
        })
      }
    }
    expect(await stateOf(1)).toMatchObject({
      state: 'tightened',
      score: 0,
      lots: 5,
      reason: expect.stringContaining('Tightened inspection after lot 5 (clause 9.3.1)'),
    })
    const row = await getDb()
      .selectFrom('qc_supplier_states')
      .select('lots_json')
      .where('seller_id', '=', parties.sellerIds[1]!)
      .where('category_id', '=', AQL)
      .executeTakeFirstOrThrow()
    expect((JSON.parse(row.lots_json) as { accepted: boolean }[]).map((l) => l.accepted)).toEqual([
      true,
      false,
      true,
      true,
      false,
    ])
  })

  it('an override does not make a rejected lot accepted; a line without a verdict counts as decided; a reworked lot is not counted again', async () => {
    const db = getDb()
    // A fresh seller for a clean history.
    const before = (await stateOf(0))?.lots ?? 0
    const rejected = await submittedLot({ verdict: 'reject', accepted: 0 })
    await decideInspection(db, parties.staff, rejected.inspectionId, {
      decision: 'override',
      overrideReason: 'Buyer accepts',
      reason: '',
      lines: { [rejected.lineId]: { accepted: '10', rejected: '0' } },
    })
    const noVerdict = await submittedLot({ verdict: null, plan: false })
    await decideInspection(db, parties.staff, noVerdict.inspectionId, { decision: 'approve', reason: '' })
    const lots = async () =>
      JSON.parse(
        (
          await db
            .selectFrom('qc_supplier_states')
            .select('lots_json')
            .where('seller_id', '=', parties.sellerIds[0]!)
            .where('category_id', '=', AQL)
            .executeTakeFirstOrThrow()
        ).lots_json,
      ) as { accepted: boolean; inspection: string }[]
    expect((await lots()).slice(before).map((l) => [l.inspection, l.accepted])).toEqual([
      [rejected.code, false],
      [noVerdict.code, true],
    ])
    // Rejected, reworked, inspected again: the second inspection's lot is a resubmission (clause 9.3).
    const first = await submittedLot({ verdict: 'reject', accepted: 0 })
    await decideInspection(db, parties.staff, first.inspectionId, { decision: 'reject', reason: 'Seams' })
    expect(await takeSellerOrderStep(db, parties.staff, first.sellerOrderId, 'rework')).toMatchObject({ ok: true })
    const again = await scheduled(first.sellerOrderId)
    await db.updateTable('qc_inspections').set({ status: 'submitted' }).where('id', '=', again).execute()
    await db
      .insertInto('qc_inspection_lines')
      .values({
        inspection_id: again,
        sub_order_id: first.lineId,
        line_no: 1,
        quantity_milli: 10_000,
        accepted_milli: 10_000,
        rejected_milli: 0,
        verdict: 'accept',
      })
      .execute()
    expect(await decideInspection(db, parties.staff, again, { decision: 'approve', reason: '' })).toMatchObject({
      ok: true,
    })
    expect((await lots()).slice(before).map((l) => l.inspection)).toEqual([rejected.code, noVerdict.code, first.code])
  })

  it('two decisions of the same seller and category at once each add their lot: the count is exact', async () => {
    const db = getDb()
    const before = (await stateOf(0))?.lots ?? 0
    const lots = [await submittedLot({ verdict: 'accept' }), await submittedLot({ verdict: 'reject', accepted: 0 })]
    const admin = { userId: parties.staff.userId }
    const both = () =>
      Promise.all([
        decideInspection(db, admin, lots[0]!.inspectionId, { decision: 'approve', reason: '' }),
        decideInspection(db, admin, lots[1]!.inspectionId, { decision: 'reject', reason: 'Seams' }),
      ])
    let outcomes: Awaited<ReturnType<typeof both>>
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // PostgreSQL: a third transaction holds the row until both decisions wait on it, so both are
      // inside their transactions at once; each must then read the lots the other left.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let holding!: () => void
      const holds = new Promise<void>((resolve) => (holding = resolve))
      const blocker = db.transaction().execute(async (trx) => {
        await trx
          .updateTable('qc_supplier_states')
          .set({ updated_at: sql`updated_at` })
          .where('seller_id', '=', parties.sellerIds[0]!)
          .where('category_id', '=', AQL)
          .execute()
        holding()
        await held
      })
      await holds
      const deciding = both()
      await expect
        .poll(
          async () =>
            Number(
              (
                await sql<{ n: string }>`select count(*) as n from pg_stat_activity
                  where wait_event_type = 'Lock' and datname = current_database()`.execute(db)
              ).rows[0]!.n,
            ),
          { timeout: 10_000, interval: 20 },
        )
        .toBe(2)
      release()
      await blocker
      outcomes = await deciding
    } else outcomes = await both()
    expect(outcomes.every((o) => o.ok)).toBe(true)
    const row = await db
      .selectFrom('qc_supplier_states')
      .select(['lots', 'lots_json'])
      .where('seller_id', '=', parties.sellerIds[0]!)
      .where('category_id', '=', AQL)
      .executeTakeFirstOrThrow()
    expect(Number(row.lots)).toBe(before + 2)
    expect(
      (JSON.parse(row.lots_json) as { inspection: string }[])
        .slice(before)
        .map((l) => l.inspection)
        .sort(),
    ).toEqual(lots.map((l) => l.code).sort())
  })
})
