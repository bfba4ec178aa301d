import { lockedRead } from '#db/locks'
import type { Executor } from '~/platform/executor'
import { readLinePlan } from './findings'
import { DEFECT_CLASSES, type PlanLetter } from './sampling/iso2859'
import { scoreFact, switchingState, type LotRecord, type ScoreFact, type SwitchingState } from './sampling/switching'

// Each seller's switching state per category (ISO 2859-1 clause 9; docs/domain.md "QC by the book"):
// every decision of an inspection adds one lot per category of its lines inspected by a plan (aql or
// four_point) to the row of (seller, category), in the decision's transaction and under the row's
// lock, and the state, score and reason are worked out again from all the lots by switching.ts.

/** A lot as kept in qc_supplier_states.lots_json: switching.ts's record, and where it came from. */
export interface KeptLot extends LotRecord {
  inspection: string
  decided: string
}

export const SWITCHING_WORDS: Record<SwitchingState, string> = {
  normal: 'Normal',
  tightened: 'Tightened',
  reduced: 'Reduced',
  discontinued: 'Discontinued',
}

type Decided = {
  inspection: { id: number; code: string; seller_id: number; seller_order_id: number }
  decision: 'approve' | 'reject' | 'accept_part'
  lots: { subOrderId: number; acceptedMilli: number; rejectedMilli: number }[]
}

/**
 * A lot inspected again (the seller order was rejected and reworked before, or it is the rejected
 * part split off a partly accepted lot) is a resubmitted lot: clause 9.3 counts original inspections only.
 */
async function resubmitted(trx: Executor, inspection: Decided['inspection']): Promise<boolean> {
  const earlier = await trx
    .selectFrom('qc_inspections')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('seller_order_id', '=', inspection.seller_order_id),
          eb('id', '<>', inspection.id),
          eb('status', 'in', ['approved', 'partly_approved', 'rejected']),
        ]),
        eb('split_seller_order_id', '=', inspection.seller_order_id),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  return earlier !== undefined
}

/** The switching score's facts of an AQL line: one per class plan, with the defects counted in that class. */
function lineFacts(planJson: string | null, defects: Map<string, number>): ScoreFact[] | null {
  const plan = readLinePlan(planJson)
  if (!plan) return null
  const facts: ScoreFact[] = []
  for (const c of DEFECT_CLASSES) {
    const p = plan[c]
    if (!p) continue
    const found = defects.get(c) ?? 0
    if (p.aql === 0) {
      // Zero tolerance (Ac 0): the score adds 2 when accepted, whatever a tighter AQL would say.
      facts.push({ acceptance: p.acceptance, defects: found, tighterAcceptance: null })
      continue
    }
    if (!p.planLetter) return null
    try {
      facts.push(
        scoreFact({ planLetter: p.planLetter as PlanLetter, aql: p.aql as never, acceptance: p.acceptance }, found),
      )
    } catch {
      return null
    }
  }
  return facts.length ? facts : null
}

/**
 * Adds the decided inspection's lots to its seller's switching states (one lot per category with a
 * sampling method) and works each state out again. A lot is accepted when every line of that category
 * was accepted by its plan's verdict; a line without a verdict counts as decided (approved: accepted;
 * rejected or partly accepted with some of the line rejected: not accepted). Returns the states that
 * changed, in words, for the decision's audit entry.
 */
export async function recordSwitchingLots(trx: Executor, decided: Decided, at: string): Promise<string[]> {
  const lines = await trx
    .selectFrom('qc_inspection_lines as l')
    .innerJoin('sub_orders as so', 'so.id', 'l.sub_order_id')
    .innerJoin('categories as c', 'c.id', 'so.category_id')
    .select(['l.sub_order_id', 'l.verdict', 'l.plan_json', 'so.category_id', 'c.name', 'c.qc_method'])
    .where('l.inspection_id', '=', decided.inspection.id)
    .where('c.qc_method', 'in', ['aql', 'four_point'])
    .orderBy('so.category_id')
    .orderBy('l.line_no')
    .execute()
  if (!lines.length || (await resubmitted(trx, decided.inspection))) return []
  const counts = await trx
    .selectFrom('qc_defect_counts')
    .select(['sub_order_id', 'severity', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('inspection_id', '=', decided.inspection.id)
    .groupBy(['sub_order_id', 'severity'])
    .execute()
  const defectsOf = (subOrderId: number) =>
    new Map(counts.filter((c) => c.sub_order_id === subOrderId).map((c) => [c.severity as string, Number(c.n)]))
  const decidedLot = (subOrderId: number) => decided.lots.find((l) => l.subOrderId === subOrderId)
  const byCategory = new Map<number, typeof lines>()
  for (const line of lines) byCategory.set(line.category_id, [...(byCategory.get(line.category_id) ?? []), line])

  const changed: string[] = []
  // In category order: two decisions of the same seller lock its rows in the same order.
  for (const [categoryId, group] of [...byCategory.entries()].sort((a, b) => a[0] - b[0])) {
    const accepted = group.every((line) => {
      if (line.verdict) return line.verdict === 'accept'
      if (decided.decision === 'approve') return true
      if (decided.decision === 'reject') return false
      return (decidedLot(line.sub_order_id)?.rejectedMilli ?? 1) === 0
    })
    let scoreFacts: ScoreFact[] | undefined = []
    for (const line of group) {
      const facts =
        line.qc_method === 'aql' && line.verdict ? lineFacts(line.plan_json, defectsOf(line.sub_order_id)) : null
      if (!facts) {
        scoreFacts = undefined
        break
      }
      scoreFacts.push(...facts)
    }
    const lot: KeptLot = {
      accepted,
      ...(scoreFacts?.length ? { scoreFacts } : {}),
      inspection: decided.inspection.code,
      decided: at,
    }
    const key = { seller_id: decided.inspection.seller_id, category_id: categoryId }
    await trx
      .insertInto('qc_supplier_states')
      .values({ ...key, updated_at: at })
      .onConflict((oc) => oc.columns(['seller_id', 'category_id']).doNothing())
      .execute()
    const row = await lockedRead(
      trx,
      trx
        .selectFrom('qc_supplier_states')
        .select(['state', 'lots_json'])
        .where('seller_id', '=', key.seller_id)
        .where('category_id', '=', key.category_id),
    ).executeTakeFirstOrThrow()
    const lots = [...(JSON.parse(row.lots_json) as KeptLot[]), lot]
    const status = switchingState(lots)
    await trx
      .updateTable('qc_supplier_states')
      .set({
        state: status.state,
        score: status.switchingScore,
        reason: status.note ? `${status.reason} ${status.note}` : status.reason,
        lots_json: JSON.stringify(lots),
        lots: lots.length,
        updated_at: at,
      })
      .where('seller_id', '=', key.seller_id)
      .where('category_id', '=', key.category_id)
      .execute()
    if (status.state !== row.state)
      changed.push(`${group[0]!.name}: ${SWITCHING_WORDS[row.state]} → ${SWITCHING_WORDS[status.state]}`)
  }
  return changed
}

/** A seller's switching states, one per category it has had lots decided in (staff: the seller's page). */
export async function sellerSwitchingStates(db: Executor, sellerId: number) {
  const rows = await db
    .selectFrom('qc_supplier_states as s')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select(['s.category_id', 'c.name as category', 's.state', 's.score', 's.reason', 's.lots', 's.updated_at'])
    .where('s.seller_id', '=', sellerId)
    .orderBy('c.name')
    .orderBy('s.category_id')
    .execute()
  return rows.map((r) => ({ ...r, score: Number(r.score), lots: Number(r.lots) }))
}
export type SellerSwitchingStates = Awaited<ReturnType<typeof sellerSwitchingStates>>
