import { config } from '~/config.server'
import { type Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'
import { alreadyMoved, takeStep } from '~/platform/steps.server'
import { Refused } from '~/utils/refusal.server'
import { quantityInput } from '~/utils/quantity'
import { acceptableMilli, overLimitMilli, OVERRIDE_LABEL } from './findings'
import { checkLineQuantities, lotOutcome } from './rules'
import { inspectionMachine } from './states'
import { recordSwitchingLots } from './switching.server'

// An approver's decision on a submitted inspection, QC's own part: the decision checked, then the
// inspection's step (qc/states.ts) with its lots as decided. What moves with it in other features
// (the seller order passes or fails QC, the rejected part splits off, the QC gates open, the master
// order's status and report rows) is the lifecycle's: app/lifecycle/inspections.server.ts.

type Actor = { userId: number }

export type QcDecision = 'approve' | 'reject' | 'accept_part'

export interface DecisionInput {
  /**
   * override: accept more than the inspector found acceptable (a lot the plan rejected, or more of a
   * line than the inspector accepted): an approval or a partial acceptance by the quantities typed,
   * with `overrideReason`. The other decisions never accept beyond the inspector.
   */
  decision: QcDecision | 'override'
  /** The note the seller reads (required to reject or to accept part). */
  reason: string
  /** accept_part, override: per line (sub order id), the accepted and rejected quantities as typed. */
  lines?: Record<string, { accepted: string; rejected: string }>
  /** accept_part, override with a part rejected: where the rejected part goes. */
  disposition?: 'rework' | 'cancel'
  /** override: why the approver accepts against the inspector (staff only: the inspection and its history). */
  overrideReason?: string
}

/** The decision's words: the step's past tense as the seller and the toast read it. */
export const decisionWords: Record<QcDecision, string> = {
  approve: 'approved',
  reject: 'rejected',
  accept_part: 'partly accepted',
}

/** A decision checked against the inspection as it is now: what the lifecycle then takes. */
export interface DecisionPlan {
  inspection: {
    id: number
    code: string
    seller_order_id: number
    master_order_id: number
    order_code: string
    order_status: string
    seller_id: number
  }
  decision: QcDecision
  note: string
  lots: { subOrderId: number; lineNo: number; quantityMilli: number; acceptedMilli: number; rejectedMilli: number }[]
  disposition: 'rework' | 'cancel' | null
  /** Set when the decision accepts beyond what the inspector found: the approver's reason. */
  override: string | null
}

/** The master order an inspection belongs to (the lifecycle takes its row first); undefined: no such inspection. */
export async function inspectionParent(trx: Executor, inspectionId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('qc_inspections')
    .select('master_order_id')
    .where('id', '=', inspectionId)
    .executeTakeFirst()
  return row?.master_order_id
}

/**
 * Checks a decision on an inspection (read under the master order's lock): the reason, the accepted
 * and rejected quantities of a partly accepted lot, and that the inspection still waits for a
 * decision (else the step helper's "already <state> (by X, T)"). Throws the refusal.
 */
export async function planDecision(trx: Executor, inspectionId: number, input: DecisionInput): Promise<DecisionPlan> {
  const note = input.reason.trim().slice(0, 1000)
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
  if (!inspection) throw Refused.notFound('There is no such inspection.')
  // Decided already (another approver first): told so before anything about the form.
  const asked = inspectionMachine.steps[input.decision === 'override' ? 'approve' : input.decision]
  if (!(asked.from as readonly string[]).includes(inspection.status))
    throw await alreadyMoved(trx, inspectionMachine, inspectionId, asked)
  const overriding = input.decision === 'override'
  const overrideReason = (input.overrideReason ?? '').trim().slice(0, 1000)
  if (overriding && !overrideReason)
    throw new Refused('overrideReason', 'Say why you accept against the inspector: it is kept with the inspection')
  if (input.decision === 'reject' && !note) throw new Refused('reason', 'Say why: the seller reads it')
  const lines = await trx
    .selectFrom('qc_inspection_lines as l')
    .innerJoin('sub_orders as so', 'so.id', 'l.sub_order_id')
    .innerJoin('product_skus as p', 'p.id', 'so.product_sku_id')
    .innerJoin('products', 'products.id', 'p.product_id')
    .select(['l.sub_order_id', 'l.line_no', 'l.quantity_milli', 'l.accepted_milli', 'l.rejected_milli', 'l.verdict'])
    .select('products.unit')
    .where('l.inspection_id', '=', inspectionId)
    .orderBy('l.line_no')
    .execute()
  // The rolls over the points limit: never acceptable without an override (issue 51).
  const rolls = await trx
    .selectFrom('qc_rolls')
    .select(['sub_order_id', 'length_mm', 'accepted'])
    .where('inspection_id', '=', inspectionId)
    .execute()
  const overOf = (l: (typeof lines)[number]) =>
    overLimitMilli(
      rolls
        .filter((r) => r.sub_order_id === l.sub_order_id)
        .map((r) => ({ lengthMm: Number(r.length_mm), accepted: Boolean(r.accepted) })),
      l.unit,
      Number(l.quantity_milli),
    )
  // What the inspector found acceptable per line: accepting more is an override (findings.ts).
  const found = lines.map((l) => ({
    subOrderId: l.sub_order_id,
    lineNo: l.line_no,
    unit: l.unit,
    quantityMilli: Number(l.quantity_milli),
    acceptedMilli: Number(l.accepted_milli),
    rejectedMilli: Number(l.rejected_milli),
    acceptable: acceptableMilli({
      quantityMilli: Number(l.quantity_milli),
      acceptedMilli: Number(l.accepted_milli),
      verdict: l.verdict,
      overLimitMilli: overOf(l),
    }),
  }))
  // accept_part, override: the quantities as the approver set them (prefilled with the inspector's).
  let lots = found.map(({ subOrderId, lineNo, quantityMilli, acceptedMilli, rejectedMilli }) => ({
    subOrderId,
    lineNo,
    quantityMilli,
    acceptedMilli,
    rejectedMilli,
  }))
  let decision: QcDecision = overriding ? 'approve' : (input.decision as QcDecision)
  if (input.decision === 'approve' && found.some((l) => l.acceptable < l.quantityMilli))
    throw new Refused(
      undefined,
      `The inspector did not accept all of ${inspection.code}: approving all of it is an override (“${OVERRIDE_LABEL}”, with your reason).`,
    )
  if (input.decision === 'accept_part' || overriding) {
    const fields: Record<string, string> = {}
    lots = lots.map((lot, i) => {
      const unit = found[i]!.unit
      const typed = input.lines?.[lot.subOrderId] ?? { accepted: '', rejected: '' }
      const checked = checkLineQuantities(
        { quantityMilli: lot.quantityMilli, accepted: typed.accepted, rejected: typed.rejected },
        unit,
      )
      if (!checked.ok) {
        fields[`line.${lot.subOrderId}.${checked.field}`] = checked.message
        return lot
      }
      if (!overriding && checked.acceptedMilli > found[i]!.acceptable)
        fields[`line.${lot.subOrderId}.accepted`] =
          `The inspector found ${quantityInput(found[i]!.acceptable)} ${unit} acceptable: accepting more is an override, with your reason`
      return { ...lot, acceptedMilli: checked.acceptedMilli, rejectedMilli: checked.rejectedMilli }
    })
    const outcome = Object.keys(fields).length ? null : lotOutcome(lots)
    if (outcome === 'part' && !input.disposition) fields.disposition = 'Choose what happens to the rejected part'
    if (outcome === 'part' && !note) fields.reason = 'Say why part is rejected: the seller reads it'
    if (Object.keys(fields).length) throw new Refused(fields)
    if (outcome === 'none') throw new Refused(undefined, 'Nothing is accepted: reject the inspection instead.')
    if (overriding) {
      if (!lots.some((lot, i) => lot.acceptedMilli > found[i]!.acceptable))
        throw new Refused(
          undefined,
          'These quantities accept no more than the inspector found acceptable: no override is needed, use the decision above.',
        )
      decision = outcome === 'all' ? 'approve' : 'accept_part'
    } else if (outcome === 'all') throw new Refused(undefined, 'Nothing is rejected: approve the inspection instead.')
  }
  const step = inspectionMachine.steps[decision]
  if (!(step.from as readonly string[]).includes(inspection.status))
    throw await alreadyMoved(trx, inspectionMachine, inspectionId, step)
  const { status: _status, ...rest } = inspection
  return {
    inspection: rest,
    decision,
    note,
    lots,
    disposition: decision === 'accept_part' ? input.disposition! : null,
    override: overriding ? overrideReason : null,
  }
}

/**
 * Takes the inspection's decision step (conditional on it being submitted still: of two approvers
 * exactly one decides, and the other is told who did and when), with the lots as decided (an
 * approver may correct the operator's figures) and, for a partly accepted lot, the seller order the
 * rejected part became.
 */
export async function recordDecision(
  trx: Executor,
  actor: Actor,
  plan: DecisionPlan,
  split?: { id: number; code: string },
): Promise<void> {
  const { inspection, decision, note } = plan
  const at = new Date().toISOString()
  // The lots go into the seller's switching states first, so the entry tells a state that changed.
  const switching = await recordSwitchingLots(trx, plan, at)
  await takeStep(trx, inspectionMachine, inspection.id, decision, {
    actorUserId: actor.userId,
    current: 'submitted',
    note: note || null,
    set: {
      decided_by: actor.userId,
      decided_at: at,
      decision_note: note || null,
      disposition: plan.disposition,
      override_reason: plan.override,
      updated_at: at,
      ...(split ? { split_seller_order_id: split.id } : {}),
    },
    after: {
      ...(split ? { rejected_part: split.code, disposition: plan.disposition } : {}),
      ...(plan.override ? { override_reason: plan.override } : {}),
      ...(switching.length ? { switching } : {}),
    },
  })
  if (decision === 'accept_part')
    for (const lot of plan.lots)
      await trx
        .updateTable('qc_inspection_lines')
        .set({ accepted_milli: lot.acceptedMilli, rejected_milli: lot.rejectedMilli })
        .where('inspection_id', '=', inspection.id)
        .where('sub_order_id', '=', lot.subOrderId)
        .execute()
}

/** Tells the seller's users the outcome, with the failing conditions and notes (never the buyer). */
export async function notifySellerOfQc(
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
      link: `/redirect/sales_orders/${inspection.seller_order_id}`,
    })
}
