import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { nextCode } from '~/platform/numbering.server'
import { refreshTotals } from './totals.server'

// What a QC decision changes in the orders' own records (the lifecycle calls these when an inspection
// is decided: app/lifecycle/inspections.server.ts): the lines held at a QC gate move on, and the
// rejected part of a partly accepted lot becomes a seller order of its own.

type Actor = { userId: number }

/**
 * The seller order's lines held at a QC-gate stage pass it: each moves to its workflow's next stage
 * (audited like a seller's move, naming the inspection). Lines before the gate move on as usual.
 */
export async function passQcGates(trx: Executor, actor: Actor, sellerOrderId: number, code: string, at: string) {
  const lines = await trx
    .selectFrom('sub_orders')
    .select(['id', 'line_no', 'category_id', 'stage_position'])
    .where('seller_order_id', '=', sellerOrderId)
    .orderBy('line_no')
    .execute()
  for (const line of lines) {
    const stages = await trx
      .selectFrom('workflow_stages')
      .select(['position', 'name', 'qc_gate'])
      .where('category_id', '=', line.category_id)
      .orderBy('position')
      .execute()
    const current = stages.find((s) => s.position === line.stage_position)
    const next = stages.find((s) => s.position > line.stage_position)
    if (!current?.qc_gate || !next) continue
    const moved = await trx
      .updateTable('sub_orders')
      .set({ stage_position: next.position, updated_at: at })
      .where('id', '=', line.id)
      .where('stage_position', '=', line.stage_position)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) continue
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_order.stage_moved',
      entityType: 'seller_order',
      entityId: sellerOrderId,
      before: { line: line.line_no, stage: current.name },
      after: { line: line.line_no, stage: next.name },
      note: `Line ${line.line_no} passed the QC gate “${current.name}” with inspection ${code}`,
    })
  }
}

/**
 * The rejected part of a partly accepted lot as a new seller order of the same seller: a line fully
 * rejected moves to it; a line partly rejected keeps its accepted quantity and a new line takes
 * the rest (same item, price, cost and stage). QC failed (to rework) or cancelled. Totals follow.
 */
export async function splitRejected(
  trx: Executor,
  actor: Actor,
  inspection: { code: string; seller_order_id: number; master_order_id: number; seller_id: number; order_code: string },
  lots: { subOrderId: number; acceptedMilli: number; rejectedMilli: number }[],
  disposition: 'rework' | 'cancel',
  note: string,
  at: string,
): Promise<{ id: number; code: string }> {
  const code = await nextCode(trx, 'SO')
  const status = disposition === 'rework' ? 'qc_failed' : 'cancelled'
  const created = await trx
    .insertInto('seller_orders')
    .values({
      code,
      master_order_id: inspection.master_order_id,
      seller_id: inspection.seller_id,
      status,
      value_minor: 0,
      cost_minor: 0,
      decided_by: actor.userId,
      decided_at: at,
      decision_note: `Rejected at QC (${inspection.code}) from ${inspection.order_code}: ${note}`,
      counter_offer_json: null,
      moved_to_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const last = await trx
    .selectFrom('sub_orders')
    .select((eb) => eb.fn.max('line_no').as('n'))
    .where('master_order_id', '=', inspection.master_order_id)
    .executeTakeFirstOrThrow()
  let lineNo = Number(last.n ?? 0)
  let added = 0
  for (const lot of lots.filter((l) => l.rejectedMilli > 0)) {
    if (lot.acceptedMilli === 0) {
      await trx
        .updateTable('sub_orders')
        .set({ seller_order_id: created.id, updated_at: at })
        .where('id', '=', lot.subOrderId)
        .execute()
      continue
    }
    const line = await trx
      .selectFrom('sub_orders')
      .selectAll()
      .where('id', '=', lot.subOrderId)
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('sub_orders')
      .set({ quantity_milli: lot.acceptedMilli, updated_at: at })
      .where('id', '=', lot.subOrderId)
      .execute()
    const { id: _id, ...copy } = line
    lineNo++
    added++
    await trx
      .insertInto('sub_orders')
      .values({
        ...copy,
        seller_order_id: created.id,
        line_no: lineNo,
        quantity_milli: lot.rejectedMilli,
        created_at: at,
        updated_at: at,
      })
      .execute()
  }
  if (added)
    await trx
      .updateTable('master_orders')
      .set((eb) => ({ line_count: eb('line_count', '+', added) }))
      .where('id', '=', inspection.master_order_id)
      .execute()
  await refreshTotals(trx, inspection.master_order_id)
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'seller_order.created',
    entityType: 'seller_order',
    entityId: created.id,
    after: { code, split_from: inspection.order_code, inspection: inspection.code, status },
    note:
      disposition === 'rework'
        ? 'The rejected part of the lot, back to the seller to rework'
        : 'The rejected part of the lot, cancelled',
  })
  return { id: created.id, code }
}
