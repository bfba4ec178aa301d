import type { Database } from '#db/database'
import { takeStep } from '~/platform/steps.server'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { lockMasterOrder } from '~/features/orders/locks.server'
import { passQcGates, splitRejected } from '~/features/orders/qc-outcome.server'
import { sellerOrderMachine } from '~/features/orders/states'
import {
  decisionWords,
  inspectionParent,
  notifySellerOfQc,
  planDecision,
  recordDecision,
  type DecisionInput,
} from '~/features/qc/decide.server'
import { recordQcDecision } from '~/features/reports/qc-facts.server'
import { refreshMasterStatus } from './master-orders.server'
import { inspectionDecided, sellerOrderMoved } from './webhooks.server'

// A QC inspection decided, with what moves with it (docs/decisions/0013-one-lifecycle-and-steps.md):
// QC changes only the inspection (qc/decide.server.ts); the lifecycle moves the seller order
// (qc_pass or qc_fail, through the seller order's machine), splits off the rejected part of a lot,
// opens the QC gates of its lines, writes the QC report's rows, tells the seller (by e-mail and
// webhook) and moves the master order.

type Actor = { userId: number }

/**
 * Decides a submitted inspection (admin, biz ops): approve (the seller order passes QC and its lines
 * may pass the QC gate), reject (QC failed: the seller reworks and a new inspection is scheduled),
 * or accept part of the lot: the accepted quantities stay on the seller order, which passes QC; the
 * rejected ones move to a new seller order of the same seller, QC failed (rework) or cancelled.
 * Accepting more than the inspector found acceptable is only an override, with its reason (qc/decide.server.ts).
 * The lots join the seller's switching states (qc/switching.server.ts) in the same transaction.
 * Of two approvers, exactly one decides; the other is told who did and when. One transaction, audited.
 */
export async function decideInspection(
  db: Database,
  actor: Actor,
  inspectionId: number,
  input: DecisionInput,
): Promise<Result<{ code: string; orderCode: string; decided: string; split?: string; overridden: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      // The master order first (orders/locks.server.ts): a step of this seller order or a sibling waits or has finished.
      const parent = await inspectionParent(trx, inspectionId)
      if (parent === undefined) throw Refused.notFound('There is no such inspection.')
      await lockMasterOrder(trx, parent)
      const plan = await planDecision(trx, inspectionId, input)
      const { inspection, note } = plan
      if (inspection.order_status !== 'ready_for_qc')
        throw new Refused(
          undefined,
          `${inspection.order_code} is ${inspection.order_status.replace(/_/g, ' ')}: its QC cannot be decided now.`,
        )
      const at = new Date().toISOString()
      const split =
        plan.decision === 'accept_part'
          ? await splitRejected(trx, actor, inspection, plan.lots, plan.disposition!, note, at)
          : undefined
      await recordDecision(trx, actor, plan, split)
      const decided = decisionWords[plan.decision]
      await takeStep(
        trx,
        sellerOrderMachine,
        inspection.seller_order_id,
        plan.decision === 'reject' ? 'qc_fail' : 'qc_pass',
        {
          actorUserId: actor.userId,
          current: 'ready_for_qc',
          set: { decided_by: actor.userId, decided_at: at, decision_note: note || null, updated_at: at },
          note: [
            `Inspection ${inspection.code} ${decided}`,
            split ? `the rejected part is ${split.code}` : null,
            note || null,
          ]
            .filter(Boolean)
            .join('; '),
        },
      )
      // The QC report's rows, then the lines past their QC gate.
      await recordQcDecision(trx, inspectionId)
      if (plan.decision !== 'reject') await passQcGates(trx, actor, inspection.seller_order_id, inspection.code, at)
      await notifySellerOfQc(trx, inspection, decided, note, split?.code)
      await inspectionDecided(trx, inspectionId, split)
      await sellerOrderMoved(
        trx,
        inspection.seller_order_id,
        'ready_for_qc',
        plan.decision === 'reject' ? 'qc_failed' : 'qc_passed',
      )
      await refreshMasterStatus(trx, inspection.master_order_id, actor.userId)
      return {
        ok: true as const,
        value: {
          code: inspection.code,
          orderCode: inspection.order_code,
          decided,
          ...(split ? { split: split.code } : {}),
          overridden: plan.override !== null,
        },
      }
    }),
  )
}

/** The QC moves the approvals page hands its forms to (qc/approvals.server.ts). */
export const qcMoves = { decideInspection }
