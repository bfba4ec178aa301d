import { recordQcDecision } from '../reports/qc-facts.server'
import type { Database } from '#db/database'
import { config } from '~/config.server'
import { formatDateTime } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'
import { nextCode } from '~/platform/numbering.server'
import { lockMasterOrder } from '../orders/locks.server'
import { refreshMasterStatus } from '../orders/steps.server'
import { refreshTotals } from '../orders/totals.server'
import { checkLineQuantities, lotOutcome } from './rules'

type Actor = { userId: number }

export type QcDecision = 'approve' | 'reject' | 'accept_part'

export interface DecisionInput {
  decision: QcDecision
  reason: string
  /** accept_part: per line (sub order id), the accepted and rejected quantities as typed. */
  lines?: Record<string, { accepted: string; rejected: string }>
  /** accept_part: where the rejected part goes. */
  disposition?: 'rework' | 'cancel'
}

const outcomeWords: Record<QcDecision, { status: 'approved' | 'rejected' | 'partly_approved'; done: string }> = {
  approve: { status: 'approved', done: 'approved' },
  reject: { status: 'rejected', done: 'rejected' },
  accept_part: { status: 'partly_approved', done: 'partly accepted' },
}

/**
 * Decides a submitted inspection (admin, biz ops): approve (the seller order passes QC and its lines
 * may pass the QC gate), reject (QC failed: the seller reworks and a new inspection is scheduled),
 * or accept part of the lot: the accepted quantities stay on the seller order, which passes QC; the
 * rejected ones move to a new seller order of the same seller, QC failed (rework) or cancelled.
 * Conditional on the inspection being submitted still: of two approvers, exactly one decides, and
 * the other is told who did and when. One transaction, audited, the seller told.
 */
export async function decideInspection(
  db: Database,
  actor: Actor,
  inspectionId: number,
  input: DecisionInput,
): Promise<Result<{ code: string; orderCode: string; decided: string; split?: string }>> {
  const note = input.reason.trim().slice(0, 1000)
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      // The master order first (locks.server.ts): a step of this seller order or a sibling waits or has finished.
      const parent = await trx
        .selectFrom('qc_inspections')
        .select('master_order_id')
        .where('id', '=', inspectionId)
        .executeTakeFirst()
      if (parent) await lockMasterOrder(trx, parent.master_order_id)
      const inspection = await trx
        .selectFrom('qc_inspections as i')
        .innerJoin('seller_orders as s', 's.id', 'i.seller_order_id')
        .select([
          'i.id',
          'i.code',
          'i.status',
          'i.seller_order_id',
          'i.master_order_id',
          's.code as order_code',
          's.status as order_status',
          's.seller_id',
        ])
        .where('i.id', '=', inspectionId)
        .executeTakeFirst()
      if (!inspection) return { ok: false as const, notFound: true, message: 'There is no such inspection.' }
      if (input.decision !== 'approve' && !note) throw new Refused('reason', 'Say why: the seller reads it')
      const lines = await trx
        .selectFrom('qc_inspection_lines')
        .select(['sub_order_id', 'line_no', 'quantity_milli', 'accepted_milli', 'rejected_milli'])
        .where('inspection_id', '=', inspectionId)
        .orderBy('line_no')
        .execute()
      // accept_part: the quantities as the approver set them (prefilled with the operator's).
      let lots = lines.map((l) => ({
        subOrderId: l.sub_order_id,
        lineNo: l.line_no,
        quantityMilli: Number(l.quantity_milli),
        acceptedMilli: Number(l.accepted_milli),
        rejectedMilli: Number(l.rejected_milli),
      }))
      if (input.decision === 'accept_part') {
        const fields: Record<string, string> = {}
        lots = lots.map((lot) => {
          const typed = input.lines?.[lot.subOrderId] ?? { accepted: '', rejected: '' }
          const checked = checkLineQuantities({
            quantityMilli: lot.quantityMilli,
            accepted: typed.accepted,
            rejected: typed.rejected,
          })
          if (!checked.ok) {
            fields[`line.${lot.subOrderId}.${checked.field}`] = checked.message
            return lot
          }
          return { ...lot, acceptedMilli: checked.acceptedMilli, rejectedMilli: checked.rejectedMilli }
        })
        if (!input.disposition) fields.disposition = 'Choose what happens to the rejected part'
        if (Object.keys(fields).length) throw new Refused(fields)
        const outcome = lotOutcome(lots)
        if (outcome === 'all') throw new Refused(undefined, 'Nothing is rejected: approve the inspection instead.')
        if (outcome === 'none') throw new Refused(undefined, 'Nothing is accepted: reject the inspection instead.')
      }
      const at = new Date().toISOString()
      const words = outcomeWords[input.decision]
      const decided = await trx
        .updateTable('qc_inspections')
        .set({
          status: words.status,
          decided_by: actor.userId,
          decided_at: at,
          decision_note: note || null,
          disposition: input.decision === 'accept_part' ? input.disposition! : null,
          updated_at: at,
        })
        .where('id', '=', inspectionId)
        .where('status', '=', 'submitted')
        .executeTakeFirst()
      if (Number(decided.numUpdatedRows) === 0) {
        const now = await trx
          .selectFrom('qc_inspections')
          .leftJoin('users', 'users.id', 'qc_inspections.decided_by')
          .select(['qc_inspections.status', 'qc_inspections.decided_at', 'users.name'])
          .where('qc_inspections.id', '=', inspectionId)
          .executeTakeFirstOrThrow()
        const who = now.name && now.decided_at ? ` by ${now.name}, ${formatDateTime(now.decided_at)}` : ''
        throw new Refused(
          undefined,
          `${inspection.code} was already ${now.status.replace(/_/g, ' ')}${who}: nothing was changed.`,
        )
      }
      if (inspection.order_status !== 'ready_for_qc')
        throw new Refused(
          undefined,
          `${inspection.order_code} is ${inspection.order_status.replace(/_/g, ' ')}: its QC cannot be decided now.`,
        )
      const passTo = input.decision === 'reject' ? 'qc_failed' : 'qc_passed'
      const moved = await trx
        .updateTable('seller_orders')
        .set({ status: passTo, decided_by: actor.userId, decided_at: at, decision_note: note || null, updated_at: at })
        .where('id', '=', inspection.seller_order_id)
        .where('status', '=', 'ready_for_qc')
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) === 0)
        throw new Refused(undefined, `${inspection.order_code} changed meanwhile: reload and try again.`)
      let split: string | undefined
      if (input.decision === 'accept_part') {
        const part = await splitRejected(trx, actor, inspection, lots, input.disposition!, note, at)
        split = part.code
        await trx
          .updateTable('qc_inspections')
          .set({ split_seller_order_id: part.id })
          .where('id', '=', inspectionId)
          .execute()
      }
      // The lots as decided (an approver may correct the operator's figures), then the QC report's rows.
      if (input.decision === 'accept_part') {
        for (const lot of lots)
          await trx
            .updateTable('qc_inspection_lines')
            .set({ accepted_milli: lot.acceptedMilli, rejected_milli: lot.rejectedMilli })
            .where('inspection_id', '=', inspectionId)
            .where('sub_order_id', '=', lot.subOrderId)
            .execute()
      }
      await recordQcDecision(trx, inspectionId)
      if (passTo === 'qc_passed') await passQcGates(trx, actor, inspection.seller_order_id, inspection.code, at)
      await audit(trx, {
        actorUserId: actor.userId,
        action: `qc_inspection.${words.status}`,
        entityType: 'qc_inspection',
        entityId: inspectionId,
        before: { status: 'submitted' },
        after: { status: words.status, ...(split ? { rejected_part: split, disposition: input.disposition } : {}) },
        note: note || null,
      })
      await audit(trx, {
        actorUserId: actor.userId,
        action: `seller_order.${passTo}`,
        entityType: 'seller_order',
        entityId: inspection.seller_order_id,
        before: { status: 'ready_for_qc' },
        after: { status: passTo },
        note: [
          `Inspection ${inspection.code} ${words.done}`,
          split ? `the rejected part is ${split}` : null,
          note || null,
        ]
          .filter(Boolean)
          .join('; '),
      })
      await notifySellerOfQc(trx, inspection, words.done, note, split)
      await refreshMasterStatus(trx, inspection.master_order_id, actor.userId)
      return {
        ok: true as const,
        value: {
          code: inspection.code,
          orderCode: inspection.order_code,
          decided: words.done,
          ...(split ? { split } : {}),
        },
      }
    }),
  )
}

/**
 * The seller order's lines held at a QC-gate stage pass it: each moves to its workflow's next stage
 * (audited like a seller's move, naming the inspection). Lines before the gate move on as usual.
 */
async function passQcGates(trx: Executor, actor: Actor, sellerOrderId: number, code: string, at: string) {
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
async function splitRejected(
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

/** Tells the seller's users the outcome, with the failing conditions and notes (never the buyer). */
async function notifySellerOfQc(
  trx: Executor,
  inspection: { id: number; code: string; seller_order_id: number; seller_id: number; order_code: string },
  done: string,
  note: string,
  split?: string,
) {
  const [users, failing] = await Promise.all([
    trx
      .selectFrom('users')
      .select('email')
      .where('seller_id', '=', inspection.seller_id)
      .where('status', '=', 'active')
      .execute(),
    trx
      .selectFrom('qc_inspection_results')
      .select(['name', 'value', 'unit', 'severity'])
      .where('inspection_id', '=', inspection.id)
      .where('verdict', '=', 'fail')
      .orderBy('id')
      .execute(),
  ])
  const text = [
    `Quality check ${inspection.code} of ${inspection.order_code}: ${done}.`,
    split ? `The rejected part is now ${split}.` : null,
    failing.length
      ? `Conditions not met:\n${failing.map((f) => `- ${f.name} (${f.severity}): measured ${f.value}${f.unit ? ` ${f.unit}` : ''}`).join('\n')}`
      : null,
    note ? `Note: ${note}` : null,
    `See it: ${config().appUrl}/redirect/sales_orders/${inspection.seller_order_id}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  for (const user of users)
    await queueEmail(trx, {
      to: user.email,
      kind: `qc_inspection.${done.replace(/ /g, '_')}`,
      subject: `${inspection.order_code}: quality check ${done}`,
      text,
    })
}
