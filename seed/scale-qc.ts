import { rebuildQcFacts } from '../app/features/reports/qc-facts.server'
import { kolkataDay } from '../app/utils/format'
import { advanceIdSequence, refreshAfterBulkLoad } from '#db/dialect.js'
import type { Database } from '#db/database'
import { randomSource } from './catalogue'
import type { QcInspectionStatus, SellerOrderStatus } from '#db/types'

// QC inspections at scale (npm run db:seed:scale, npm run bench -- qc): on top of the orders at
// scale, an inspection for seller orders that reached QC, in the state their order is in: approved
// (a few partly accepted) for the ones past QC, rejected for QC failed, and scheduled (from today)
// or submitted for the ones ready for QC, with an earlier rejected inspection for some. Days, slots
// and operators are handed out so no operator holds a slot twice (the unique index stands). The
// submitted ones carry their lines and results, for the approvals page; decided ones keep only
// the inspection row. Plain batched inserts with ids given up front, portable to PostgreSQL.

export const QC_SCALE = { inspections: 100_000 }

const ROWS_PER_INSERT = 500
const CHUNK = 5_000
const DAY = 86_400_000
const SLOTS = ['09:00', '11:00', '14:00', '16:00']

async function insertRows(
  db: Database,
  table: 'qc_inspections' | 'qc_inspection_lines' | 'qc_inspection_results',
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .execute()
}

export async function seedQcScale(db: Database, scale: { inspections: number }, now = new Date()): Promise<void> {
  const random = randomSource(17)
  const [operators, orders, last, counters, conditions] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.id')
      .where('user_roles.role', '=', 'field_operator')
      .where('users.status', '=', 'active')
      .orderBy('users.id')
      .execute(),
    // The orders at QC now first (the calendar's and the approvals' work), then the newest past it.
    Promise.all(
      [
        ['ready_for_qc', 'qc_failed'],
        ['qc_passed', 'dispatched', 'delivered'],
      ].map((statuses) =>
        db
          .selectFrom('seller_orders')
          .select(['id', 'master_order_id', 'seller_id', 'status', 'created_at'])
          .where('status', 'in', statuses as SellerOrderStatus[])
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('qc_inspections')
                  .select('qc_inspections.id')
                  .whereRef('qc_inspections.seller_order_id', '=', 'seller_orders.id'),
              ),
            ),
          )
          .orderBy('id', 'desc')
          .limit(scale.inspections)
          .execute(),
      ),
    ).then(([now, past]) => [...now!, ...past!].slice(0, scale.inspections).sort((a, b) => a.id - b.id)),
    db
      .selectFrom('qc_inspections')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db.selectFrom('code_counters').select(['scope', 'last']).where('scope', 'like', 'QC-%').execute(),
    db
      .selectFrom('conditions')
      .select(['id', 'category_id', 'name', 'operator', 'min_value', 'max_value', 'values_json', 'unit', 'severity'])
      .where('active', '=', 1)
      .execute(),
  ])
  if (!operators.length || !orders.length)
    throw new Error(
      'QC at scale needs field operators and seller orders that reached QC: load the orders at scale first',
    )
  const conditionsOf = new Map<number, typeof conditions>()
  for (const c of conditions) conditionsOf.set(c.category_id, [...(conditionsOf.get(c.category_id) ?? []), c])
  let id = Number(last?.id ?? 0)
  const codes = new Map(counters.map((c) => [c.scope, Number(c.last)]))
  const code = (day: string) => {
    const scope = `QC-${day.slice(0, 4)}`
    const next = (codes.get(scope) ?? 0) + 1
    codes.set(scope, next)
    return `${scope}-${String(next).padStart(6, '0')}`
  }
  // Who takes which slot of a day: the next free (operator, slot) of that day, else the day after.
  const held = new Set(
    (
      await db
        .selectFrom('qc_inspections')
        .select(['operator_id', 'scheduled_on', 'slot'])
        .where('status', '<>', 'cancelled')
        .execute()
    ).map((h) => `${h.operator_id} ${h.scheduled_on} ${h.slot}`),
  )
  const taken = new Map<string, number>()
  // Days only fill up: where a search from a day last found room, the next one from that day starts.
  const roomFrom = new Map<string, string>()
  const place = (day: string): { day: string; operator: number; slot: string } => {
    for (let d = new Date(`${roomFrom.get(day) ?? day}T12:00:00Z`); ; d = new Date(d.getTime() + DAY)) {
      const key = d.toISOString().slice(0, 10)
      roomFrom.set(day, key)
      for (let n = taken.get(key) ?? 0; n < operators.length * SLOTS.length; n++) {
        const spot = {
          day: key,
          operator: operators[n % operators.length]!.id,
          slot: SLOTS[Math.floor(n / operators.length)]!,
        }
        if (held.has(`${spot.operator} ${spot.day} ${spot.slot}`)) continue
        taken.set(key, n + 1)
        return spot
      }
      taken.set(key, operators.length * SLOTS.length)
    }
  }
  let made = 0
  for (let offset = 0; offset < orders.length && made < scale.inspections; offset += CHUNK) {
    const inspections: Record<string, unknown>[] = []
    const lines: Record<string, unknown>[] = []
    const results: Record<string, unknown>[] = []
    const chunk = orders.slice(offset, offset + CHUNK)
    const subOrders = await db
      .selectFrom('sub_orders')
      .select(['id', 'seller_order_id', 'line_no', 'quantity_milli', 'category_id'])
      .where(
        'seller_order_id',
        'in',
        chunk.map((o) => o.id),
      )
      .execute()
    const linesOf = new Map<number, typeof subOrders>()
    for (const l of subOrders) linesOf.set(l.seller_order_id, [...(linesOf.get(l.seller_order_id) ?? []), l])
    for (const order of chunk) {
      if (made >= scale.inspections) break
      const created = new Date(order.created_at).getTime()
      const ready = order.status === 'ready_for_qc'
      // Inspected some three weeks after the order (not after today); a waiting one from today on.
      const inspectedOn = kolkataDay(new Date(Math.min(created + (18 + random.int(0, 10)) * DAY, now.getTime() - DAY)))
      const fates: QcInspectionStatus[] =
        order.status === 'qc_failed'
          ? ['rejected']
          : ready
            ? [random.next() < 0.25 ? 'submitted' : random.next() < 0.8 ? 'scheduled' : 'rejected']
            : [random.next() < 0.05 ? 'partly_approved' : 'approved']
      // Some lots failed once before they passed.
      if (!ready && order.status !== 'qc_failed' && random.next() < 0.08) fates.unshift('rejected')
      for (const [k, status] of fates.entries()) {
        if (made >= scale.inspections) break
        const when =
          status === 'scheduled'
            ? place(kolkataDay(new Date(now.getTime() + random.int(0, 30) * DAY)))
            : place(
                kolkataDay(new Date(new Date(`${inspectedOn}T12:00:00Z`).getTime() - (fates.length - 1 - k) * 7 * DAY)),
              )
        const at = new Date(`${when.day}T${when.slot}:00+05:30`)
        const received = status === 'scheduled' ? null : new Date(at.getTime() + 90 * 60_000).toISOString()
        const decided =
          status === 'scheduled' || status === 'submitted' ? null : new Date(at.getTime() + DAY).toISOString()
        const inspection = ++id
        made++
        const own = linesOf.get(order.id) ?? []
        let failed = status === 'rejected' ? 1 : 0
        if (status === 'submitted') {
          for (const line of own) {
            lines.push({
              inspection_id: inspection,
              sub_order_id: line.id,
              line_no: line.line_no,
              quantity_milli: line.quantity_milli,
              accepted_milli: line.quantity_milli,
              rejected_milli: 0,
            })
            for (const c of conditionsOf.get(line.category_id) ?? []) {
              const fail = random.next() < 0.1
              if (fail) failed++
              results.push({
                inspection_id: inspection,
                sub_order_id: line.id,
                condition_id: c.id,
                name: c.name,
                operator: c.operator,
                min_value: c.min_value,
                max_value: c.max_value,
                values_json: c.values_json,
                unit: c.unit,
                severity: c.severity,
                value: c.min_value ?? c.max_value ?? 'as ordered',
                verdict: fail ? 'fail' : 'pass',
              })
            }
          }
        }
        inspections.push({
          id: inspection,
          code: code(when.day),
          seller_order_id: order.id,
          master_order_id: order.master_order_id,
          seller_id: order.seller_id,
          operator_id: when.operator,
          scheduled_on: when.day,
          slot: when.slot,
          status,
          scheduled_by: null,
          submit_key: received ? `scale-${inspection}` : null,
          notes: status === 'scheduled' ? null : 'Checked at the gate',
          submitted_by: received ? when.operator : null,
          received_at: received,
          failed_count: failed,
          decided_by: null,
          decided_at: decided,
          decision_note: status === 'rejected' ? 'Conditions not met: rework' : null,
          disposition: status === 'partly_approved' ? 'cancel' : null,
          created_at: new Date(created + DAY).toISOString(),
          updated_at: decided ?? received ?? new Date(created + DAY).toISOString(),
        })
      }
    }
    await db.transaction().execute(async (trx) => {
      const tx = trx as unknown as Database
      await insertRows(tx, 'qc_inspections', inspections)
      await insertRows(tx, 'qc_inspection_lines', lines)
      await insertRows(tx, 'qc_inspection_results', results)
    })
  }
  for (const [scope, value] of codes)
    await db
      .insertInto('code_counters')
      .values({ scope, last: value })
      .onConflict((oc) => oc.column('scope').doUpdateSet({ last: value }))
      .execute()
  for (const table of ['qc_inspections', 'qc_inspection_lines', 'qc_inspection_results'] as const)
    await advanceIdSequence(db, table)
  await rebuildQcFacts(db)
  await refreshAfterBulkLoad(db)
}
