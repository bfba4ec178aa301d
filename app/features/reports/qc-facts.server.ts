import type { QcConditionFactsTable, QcDayFactsTable } from '#db/types'
import { kolkataDay } from '~/utils/format'
import { inTransaction, type Executor } from '~/platform/executor'

// The QC report's exact summary rows (docs/domain.md "Reports"). A decided inspection counts on the
// day it was decided: its lots (lines) passed (nothing rejected), partly accepted or failed, as
// decided (an approval passes every lot, a rejection fails every one); the inspection itself under
// the category of its first lot; each condition checked and failed under its lot's category.
// A decision is final, so recordQcDecision adds to the rows once, in the deciding transaction.

const DECIDED = ['approved', 'partly_approved', 'rejected'] as const

async function factsOf(db: Executor, inspectionIds: readonly number[]) {
  if (!inspectionIds.length) return { days: [] as QcDayFactsTable[], conditions: [] as QcConditionFactsTable[] }
  const [lots, results] = await Promise.all([
    db
      .selectFrom('qc_inspection_lines as l')
      .innerJoin('qc_inspections as i', 'i.id', 'l.inspection_id')
      .innerJoin('sub_orders as s', 's.id', 'l.sub_order_id')
      .select([
        'i.id',
        'i.status',
        'i.decided_at',
        'i.seller_id',
        'l.line_no',
        'l.quantity_milli',
        'l.accepted_milli',
        'l.rejected_milli',
        's.category_id',
      ])
      .where('l.inspection_id', 'in', inspectionIds)
      .where('i.status', 'in', DECIDED)
      .execute(),
    db
      .selectFrom('qc_inspection_results as r')
      .innerJoin('qc_inspections as i', 'i.id', 'r.inspection_id')
      .innerJoin('sub_orders as s', 's.id', 'r.sub_order_id')
      .select(['i.decided_at', 's.category_id', 'r.name', 'r.verdict'])
      .where('r.inspection_id', 'in', inspectionIds)
      .where('i.status', 'in', DECIDED)
      .execute(),
  ])
  const firstLot = new Map<number, number>()
  for (const l of lots) if ((firstLot.get(l.id) ?? Infinity) > l.line_no) firstLot.set(l.id, l.line_no)
  const days = new Map<string, QcDayFactsTable>()
  for (const l of lots) {
    const day = kolkataDay(l.decided_at!)
    const key = `${day}|${l.seller_id}|${l.category_id}`
    const row = days.get(key) ?? {
      day,
      seller_id: l.seller_id,
      category_id: l.category_id,
      inspections: 0,
      lots: 0,
      lots_passed: 0,
      lots_partly: 0,
      lots_failed: 0,
      accepted_milli: 0,
      rejected_milli: 0,
    }
    const quantity = Number(l.quantity_milli)
    const [accepted, rejected] =
      l.status === 'approved'
        ? [quantity, 0]
        : l.status === 'rejected'
          ? [0, quantity]
          : [Number(l.accepted_milli), Number(l.rejected_milli)]
    row.inspections += firstLot.get(l.id) === l.line_no ? 1 : 0
    row.lots += 1
    if (rejected === 0) row.lots_passed += 1
    else if (accepted === 0) row.lots_failed += 1
    else row.lots_partly += 1
    row.accepted_milli += accepted
    row.rejected_milli += rejected
    days.set(key, row)
  }
  const conditions = new Map<string, QcConditionFactsTable>()
  for (const r of results) {
    const day = kolkataDay(r.decided_at!)
    const key = `${day}|${r.category_id}|${r.name}`
    const row = conditions.get(key) ?? { day, category_id: r.category_id, condition: r.name, checks: 0, fails: 0 }
    row.checks += 1
    row.fails += r.verdict === 'fail' ? 1 : 0
    conditions.set(key, row)
  }
  return { days: [...days.values()], conditions: [...conditions.values()] }
}

async function addFacts(db: Executor, facts: Awaited<ReturnType<typeof factsOf>>) {
  for (const row of facts.days.sort((a, b) =>
    `${a.day}|${a.seller_id}|${a.category_id}`.localeCompare(`${b.day}|${b.seller_id}|${b.category_id}`),
  )) {
    await db
      .insertInto('qc_day_facts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['day', 'seller_id', 'category_id']).doUpdateSet((eb) => ({
          inspections: eb('qc_day_facts.inspections', '+', row.inspections),
          lots: eb('qc_day_facts.lots', '+', row.lots),
          lots_passed: eb('qc_day_facts.lots_passed', '+', row.lots_passed),
          lots_partly: eb('qc_day_facts.lots_partly', '+', row.lots_partly),
          lots_failed: eb('qc_day_facts.lots_failed', '+', row.lots_failed),
          accepted_milli: eb('qc_day_facts.accepted_milli', '+', row.accepted_milli),
          rejected_milli: eb('qc_day_facts.rejected_milli', '+', row.rejected_milli),
        })),
      )
      .execute()
  }
  for (const row of facts.conditions.sort((a, b) =>
    `${a.day}|${a.category_id}|${a.condition}`.localeCompare(`${b.day}|${b.category_id}|${b.condition}`),
  )) {
    await db
      .insertInto('qc_condition_facts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['day', 'category_id', 'condition']).doUpdateSet((eb) => ({
          checks: eb('qc_condition_facts.checks', '+', row.checks),
          fails: eb('qc_condition_facts.fails', '+', row.fails),
        })),
      )
      .execute()
  }
}

/** Adds a just-decided inspection to the QC report's rows, in the deciding transaction. */
export async function recordQcDecision(trx: Executor, inspectionId: number): Promise<void> {
  await addFacts(trx, await factsOf(trx, [inspectionId]))
}

/** The QC report's rows worked out again from every decided inspection. */
export async function rebuildQcFacts(db: Executor, batch = 2_000): Promise<{ inspections: number }> {
  await db.deleteFrom('qc_day_facts').execute()
  await db.deleteFrom('qc_condition_facts').execute()
  let after = 0
  let inspections = 0
  for (;;) {
    const ids = (
      await db
        .selectFrom('qc_inspections')
        .select('id')
        .where('id', '>', after)
        .where('status', 'in', DECIDED)
        .orderBy('id')
        .limit(batch)
        .execute()
    ).map((r) => r.id)
    if (!ids.length) break
    after = ids.at(-1)!
    inspections += ids.length
    await inTransaction(db, (trx) => factsOf(trx, ids).then((facts) => addFacts(trx, facts)))
  }
  return { inspections }
}
