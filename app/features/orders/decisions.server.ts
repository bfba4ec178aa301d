import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { countOf } from '~/utils/format'
import { isOwnKey } from '~/utils/own-key'
import type { Refusal, Result } from '~/utils/refusal.server'
import type { OrderActions } from './actions'
import { agreeToCounterOffer, declineCounterOffer, type CounterLineInput } from './counter-offer.server'
import {
  bulkApproveSchema,
  counterAgreementSchema,
  counterDecisionSchema,
  counterOfferSchema,
  orderStepSchema,
} from './forms'
import { sellerOrderSteps, type SellerOrderStepName } from './states'

type Reply = SubmissionResult<string[]>

export const DECISION_INTENTS = [
  'step',
  'counter',
  'accept_counter',
  'decline_counter',
  'agree_counter',
  'bulk_approve',
] as const

/**
 * The moves of seller and master orders with their effects across features: the lifecycle's
 * (app/lifecycle/seller-orders.server.ts `orderMoves`), handed in by the route, as a feature never
 * calls the lifecycle itself.
 */
export interface OrderMoves {
  takeSellerOrderStep(
    db: Database,
    actor: { userId: number; onBehalf?: boolean },
    sellerOrderId: number,
    name: SellerOrderStepName,
    reason?: string,
  ): Promise<Result<{ code: string; status: string; firstApproval?: boolean }>>
  cancelMasterOrder(
    db: Database,
    actor: { userId: number },
    masterOrderId: number,
    reason: string,
  ): Promise<Result<{ code: string }>>
  acceptCounterOffer(
    db: Database,
    actor: { userId: number },
    sellerOrderId: number,
  ): Promise<Result<{ code: string; firstApproval?: boolean }>>
  moveRejectedLines(
    db: Database,
    actor: { userId: number },
    sellerOrderId: number,
    sellerId: number,
  ): Promise<Result<{ id: number; code: string }>>
  recordCounterOffer(
    db: Database,
    actor: { userId: number },
    sellerOrderId: number,
    input: CounterLineInput[],
  ): Promise<Result>
  advanceLine(
    db: Database,
    actor: { userId: number; onBehalf?: boolean },
    sellerId: number | null,
    subOrderId: number,
    from: number,
  ): Promise<Result<{ stage: string; code: string }>>
}

export interface DecisionContext {
  /** The lifecycle's moves. */
  moves: OrderMoves
  /** What the portal may do. */
  may: OrderActions
  /** Where to go back to after a decision (the page the form is on, with its filters). */
  page: string
  /** Whether the seller order is one this page reaches (else: not found). */
  reaches: (sellerOrderId: number) => Promise<boolean>
}

/** A status in words: "in production", "ready for QC". */
const statusWords = (status: string) => status.replace(/_/g, ' ').replace(/\bqc\b/, 'QC')

/** The first of two approvals given (docs/domain.md "Approval rules"). */
const firstApprovalWords = (codes: string[]) =>
  `Your first approval of ${codes.length <= 10 ? codes.join(', ') : countOf(codes.length, 'seller order')} is recorded: ${codes.length === 1 ? 'it needs' : 'they need'} a second approval by a different person.`

/** How many refusals a bulk decision spells out in its toast (the cookie that carries it is small). */
const SHOWN_REFUSALS = 4

/**
 * The forms that decide or move seller orders, wherever they are drawn (an order's page, the
 * approval queues): a step (approve, reject with a reason, the seller's own steps, cancel), the
 * seller's counter-offer recorded per line, accepted or declined, and approving several at once.
 * Each seller order is checked against the page's reach and the portal's steps; each decision is one
 * transaction of its own, so of two people deciding at once exactly one wins and the other is told
 * who decided. Answers undefined for a form that is not one of these.
 */
export async function handleDecisionForm(
  db: Database,
  viewer: Viewer,
  context: DecisionContext,
  form: FormData,
): Promise<FormOutcome<Reply> | undefined> {
  const { may, page, reaches, moves } = context
  const actor = { userId: viewer.userId, onBehalf: may.onBehalf }
  const told = (result: Refusal): FormOutcome<Reply> =>
    result.notFound
      ? { status: 'not-found' }
      : { status: 'done', redirectTo: page, toast: { kind: 'error', message: result.message } }

  switch (form.get('intent')) {
    case 'step': {
      const submission = parseWithZod(form, { schema: orderStepSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      const { step, sellerOrder, reason } = submission.value
      if (!isOwnKey(sellerOrderSteps, step) || step === 'accept_counter') return { status: 'bad-request' }
      if (!may.steps.includes(step)) return { status: 'forbidden', message: 'This portal does not take that step.' }
      if (!(await reaches(sellerOrder))) return { status: 'not-found' }
      const result = await moves.takeSellerOrderStep(db, actor, sellerOrder, step, reason)
      if (!result.ok)
        return result.field ? { status: 'invalid', reply: refusalReply(submission, result) } : told(result)
      return {
        status: 'done',
        redirectTo: page,
        toast: {
          kind: 'success',
          message: result.value.firstApproval
            ? firstApprovalWords([result.value.code])
            : `${result.value.code} is ${statusWords(result.value.status)}.`,
        },
      }
    }
    case 'counter': {
      if (!may.counterOffers) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: counterOfferSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      const { sellerOrder, line } = submission.value
      if (!(await reaches(sellerOrder))) return { status: 'not-found' }
      const input = Object.entries(line).map(([id, typed]) => ({
        subOrderId: Number(id),
        quantity: typed.quantity,
        readyBy: typed.readyBy,
        cost: typed.cost,
      }))
      const result = await moves.recordCounterOffer(db, actor, sellerOrder, input)
      if (!result.ok)
        return result.fields
          ? { status: 'invalid', reply: refusalReply(submission, result, result.message) }
          : told(result)
      return {
        status: 'done',
        redirectTo: page,
        toast: {
          kind: 'success',
          // Four eyes: the recorder never accepts its own counter-offer (counter-offer.server.ts, checkAcceptance).
          message: 'The counter-offer is recorded: another colleague who decides seller orders accepts or declines it.',
        },
      }
    }
    case 'accept_counter':
    case 'decline_counter': {
      if (!may.counterOffers) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: counterDecisionSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      const { intent, sellerOrder, reason } = submission.value
      if (!(await reaches(sellerOrder))) return { status: 'not-found' }
      const result =
        intent === 'accept_counter'
          ? await moves.acceptCounterOffer(db, actor, sellerOrder)
          : await declineCounterOffer(db, actor, sellerOrder, reason)
      if (!result.ok)
        return result.field ? { status: 'invalid', reply: refusalReply(submission, result) } : told(result)
      const message =
        'firstApproval' in result.value && result.value.firstApproval
          ? firstApprovalWords([result.value.code])
          : intent === 'accept_counter'
            ? `The counter-offer is accepted: ${result.value.code} is approved with its lines.`
            : `The counter-offer is declined: ${result.value.code} waits for approval as it stood.`
      return { status: 'done', redirectTo: page, toast: { kind: 'success', message } }
    }
    case 'agree_counter': {
      if (!may.agreeCounter) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: counterAgreementSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      if (!(await reaches(submission.value.sellerOrder))) return { status: 'not-found' }
      const result = await agreeToCounterOffer(db, actor, submission.value.sellerOrder)
      if (!result.ok) return told(result)
      return {
        status: 'done',
        redirectTo: page,
        toast: { kind: 'success', message: `The buyer’s agreement to the change on ${result.value.code} is recorded.` },
      }
    }
    case 'bulk_approve': {
      if (!may.steps.includes('approve')) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: bulkApproveSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      const approved: string[] = []
      const firstApproved: string[] = []
      const refused: string[] = []
      for (const id of [...new Set(submission.value.sellerOrder)]) {
        // Each in its own transaction: one that someone else decided meanwhile does not hold the others back.
        const result = (await reaches(id))
          ? await moves.takeSellerOrderStep(db, actor, id, 'approve')
          : { ok: false as const, message: 'One of the ticked seller orders is not one you can approve.' }
        if (!result.ok) refused.push(result.message)
        else if ('firstApproval' in result.value && result.value.firstApproval) firstApproved.push(result.value.code)
        else approved.push(result.value.code)
      }
      const done = [
        approved.length
          ? `Approved ${approved.length <= 10 ? approved.join(', ') : countOf(approved.length, 'seller order')}.`
          : firstApproved.length
            ? ''
            : 'Nothing was approved.',
        firstApproved.length ? firstApprovalWords(firstApproved) : '',
      ]
        .filter(Boolean)
        .join(' ')
      const notes =
        refused.slice(0, SHOWN_REFUSALS).join(' ') +
        (refused.length > SHOWN_REFUSALS
          ? ` And ${countOf(refused.length - SHOWN_REFUSALS, 'other')} could not be approved.`
          : '')
      return {
        status: 'done',
        redirectTo: page,
        toast: {
          kind: refused.length ? (approved.length || firstApproved.length ? 'info' : 'error') : 'success',
          message: [done, notes].filter(Boolean).join(' '),
        },
      }
    }
    default:
      return undefined
  }
}
