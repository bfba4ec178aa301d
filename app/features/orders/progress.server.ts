import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { PASSING_INSPECTION } from '../qc/rules'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { forSellerOf } from './steps.server'
import { gateRefusal, isGated, type GatedLine } from './gates'
import type { SellerOrderStepName } from './states'

type Actor = { userId: number; onBehalf?: boolean }

/** A line moved to its next stage, as what follows it across features reads it (the lifecycle's webhook event). */
export interface LineMoved {
  sellerOrderId: number
  lineNo: number
  stage: string
  previousStage: string
}

/** What follows a line's move across features (the lifecycle's orderMoves hand it in), in its transaction. */
export type LineAdvanced = (trx: Executor, moved: LineMoved) => Promise<void>

/** Whether a seller order has an approved (or partly accepted) QC inspection: what opens a QC gate. */
async function passedInspection(trx: Executor, sellerOrderId: number): Promise<boolean> {
  const found = await trx
    .selectFrom('qc_inspections')
    .select('id')
    .where('seller_order_id', '=', sellerOrderId)
    .where('status', 'in', PASSING_INSPECTION)
    .executeTakeFirst()
  return found !== undefined
}

/**
 * Moves one line of a seller order in production to the next stage of its category's workflow
 * (`stage_position` 0 is "not started"). A QC-gate stage holds the line until its seller order has
 * passed QC. Conditional on the stage the seller saw (`from`), so a double click moves it once.
 * `sellerId` limits it to that seller's lines (the seller portal); null for staff, who move lines for
 * a seller that does not sign in (`actor.onBehalf`: the audit names the seller). `advanced` (the
 * lifecycle's orderMoves hand it in) runs in the same transaction once the line has moved.
 */
export async function advanceLine(
  db: Database,
  actor: Actor,
  sellerId: number | null,
  subOrderId: number,
  from: number,
  advanced?: LineAdvanced,
): Promise<Result<{ stage: string; code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('sub_orders as l')
        .innerJoin('seller_orders as s', 's.id', 'l.seller_order_id')
        .select([
          'l.id',
          'l.line_no',
          'l.category_id',
          'l.stage_position',
          's.id as seller_order_id',
          's.code',
          's.status',
        ])
        .where('l.id', '=', subOrderId)
      if (sellerId !== null) query = query.where('s.seller_id', '=', sellerId)
      const line = await query.executeTakeFirst()
      if (!line) return { ok: false as const, notFound: true, message: 'There is no such line.' }
      if (line.status !== 'in_production' && line.status !== 'qc_passed')
        throw new Refused(
          undefined,
          `${line.code} is ${line.status.replace(/_/g, ' ')}: lines move through the stages while it is in production.`,
        )
      if (line.stage_position !== from)
        throw new Refused(undefined, `Line ${line.line_no} has already moved on: nothing was changed.`)
      const stages = await trx
        .selectFrom('workflow_stages')
        .select(['position', 'name', 'qc_gate'])
        .where('category_id', '=', line.category_id)
        .orderBy('position')
        .execute()
      const current = stages.find((s) => s.position === line.stage_position)
      if (current?.qc_gate && (line.status !== 'qc_passed' || !(await passedInspection(trx, line.seller_order_id))))
        throw new Refused(
          undefined,
          `Line ${line.line_no} is held at “${current.name}”, a QC gate, until an inspection of the order is approved. Mark the order ready for QC when its lines are there.`,
        )
      const next = stages.find((s) => s.position > line.stage_position)
      if (!next) throw new Refused(undefined, `Line ${line.line_no} is at the last stage of its workflow.`)
      const moved = await trx
        .updateTable('sub_orders')
        .set({ stage_position: next.position, updated_at: new Date().toISOString() })
        .where('id', '=', subOrderId)
        .where('stage_position', '=', from)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) === 0)
        throw new Refused(undefined, `Line ${line.line_no} has already moved on: nothing was changed.`)
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'seller_order.stage_moved',
        entityType: 'seller_order',
        entityId: line.seller_order_id,
        before: { line: line.line_no, stage: current?.name ?? 'not started' },
        after: {
          line: line.line_no,
          stage: next.name,
          ...(actor.onBehalf ? await forSellerOf(trx, line.seller_order_id) : {}),
        },
        note: `Line ${line.line_no} is at “${next.name}”`,
      })
      await advanced?.(trx, {
        sellerOrderId: line.seller_order_id,
        lineNo: line.line_no,
        stage: next.name,
        previousStage: current?.name ?? 'not started',
      })
      return { ok: true as const, value: { stage: next.name, code: line.code } }
    }),
  )
}

/** A seller order's lines as the production gates read them (gates.ts): each line's stage and its category's workflow. */
export async function gatedLines(trx: Executor, sellerOrderId: number): Promise<GatedLine[]> {
  const lines = await trx
    .selectFrom('sub_orders')
    .select(['line_no', 'category_id', 'stage_position'])
    .where('seller_order_id', '=', sellerOrderId)
    .orderBy('line_no')
    .execute()
  const categoryIds = [...new Set(lines.map((l) => l.category_id))]
  const stages = categoryIds.length
    ? await trx
        .selectFrom('workflow_stages')
        .select(['category_id', 'position', 'name', 'qc_gate'])
        .where('category_id', 'in', categoryIds)
        .orderBy('position')
        .execute()
    : []
  return lines.map((l) => ({
    lineNo: l.line_no,
    stagePosition: l.stage_position,
    stages: stages
      .filter((s) => s.category_id === l.category_id)
      .map((s) => ({ position: s.position, name: s.name, qcGate: s.qc_gate === 1 })),
  }))
}

/**
 * Why a step of the seller order is held by its production gate (ready for QC, rework, dispatch: its
 * lines short of the stage the step needs), read inside the step's transaction; undefined when it may go.
 */
export async function productionGate(
  trx: Executor,
  sellerOrderId: number,
  step: SellerOrderStepName,
): Promise<string | undefined> {
  if (!isGated(step)) return undefined
  return gateRefusal(step, await gatedLines(trx, sellerOrderId))
}
