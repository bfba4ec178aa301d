import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormReply } from '~/platform/form-reply'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import type { Result } from '~/utils/refusal.server'
import { setGraceDays } from './credit.server'
import { setTurnoverBand } from '~/platform/turnover-band.server'
import { TURNOVER_BAND_LABELS } from '~/utils/hsn'
import {
  cancelHoldFormId,
  GRACE_FORM,
  graceSchema,
  holdDecisionSchema,
  holdFormId,
  TURNOVER_BAND_FORM,
  turnoverBandSchema,
} from './schema'
import { CREDIT_ROLES } from './states'

type Actor = { userId: number }

/** The lifecycle's moves of a held order, handed in by the route (a feature never calls the lifecycle). */
export interface HoldMoves {
  releaseCreditHold: (
    db: Database,
    actor: Actor,
    masterOrderId: number,
    reason: string,
    only?: number[],
  ) => Promise<Result<{ code: string; cancelled?: string[] }>>
  cancelHeldOrder: (
    db: Database,
    actor: Actor,
    masterOrderId: number,
    reason: string,
  ) => Promise<Result<{ code: string }>>
}

/** Whether the viewer releases and cancels holds: business finance and admins. */
export const decidesHolds = (viewer: Pick<Viewer, 'roles'>) =>
  viewer.roles.some((r) => (CREDIT_ROLES as readonly string[]).includes(r))

/**
 * The credit holds page's forms: release or cancel a held order (business finance, admins), each
 * with a reason; the grace period (admins only). Refused at its field, keeping what was typed.
 */
export async function handleHoldForm(
  db: Database,
  viewer: Viewer,
  formData: FormData,
  moves: HoldMoves,
): Promise<FormOutcome<FormReply>> {
  const intent = formData.get('intent')
  if (intent === 'grace') {
    if (!viewer.roles.includes('admin')) return { status: 'forbidden', message: 'Only an admin sets the grace period.' }
    const submission = parseWithZod(formData, { schema: graceSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: GRACE_FORM, result: submission.reply() } }
    const set = await setGraceDays(db, viewer, submission.value.graceDays)
    if (!set.ok) return { status: 'invalid', reply: { form: GRACE_FORM, result: refusalReply(submission, set) } }
    return {
      status: 'done',
      toast: { kind: 'success', message: `The grace period is ${set.value.days} days.` },
    }
  }
  if (intent === 'turnover-band') {
    if (!viewer.roles.includes('admin'))
      return { status: 'forbidden', message: 'Only an admin sets the aggregate turnover band.' }
    const submission = parseWithZod(formData, { schema: turnoverBandSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: TURNOVER_BAND_FORM, result: submission.reply() } }
    const set = await setTurnoverBand(db, viewer, submission.value.band)
    if (!set.ok)
      return { status: 'invalid', reply: { form: TURNOVER_BAND_FORM, result: refusalReply(submission, set) } }
    return {
      status: 'done',
      toast: {
        kind: set.value.changed ? 'success' : 'info',
        message: set.value.changed
          ? `The aggregate turnover band is ${TURNOVER_BAND_LABELS[set.value.band].toLowerCase()}.`
          : 'Nothing to save: the band is as it was.',
      },
    }
  }
  if (intent !== 'release' && intent !== 'cancel') return { status: 'bad-request' }
  if (!decidesHolds(viewer))
    return { status: 'forbidden', message: 'Only business finance or an admin decides a credit hold.' }
  const submission = parseWithZod(formData, { schema: holdDecisionSchema })
  const orderId = Number(formData.get('order'))
  // Each of a held order's two forms hears its own answer: a refused cancel keeps its box and reason.
  const formOf = (id: number) => (intent === 'cancel' ? cancelHoldFormId(id) : holdFormId(id))
  if (submission.status !== 'success') {
    if (!Number.isInteger(orderId) || orderId <= 0) return { status: 'bad-request' }
    return { status: 'invalid', reply: { form: formOf(orderId), result: submission.reply() } }
  }
  const { order, reason, scope, sellerOrders } = submission.value
  const done =
    intent === 'release'
      ? await moves.releaseCreditHold(db, viewer, order, reason, scope === 'chosen' ? sellerOrders : undefined)
      : await moves.cancelHeldOrder(db, viewer, order, reason)
  if (!done.ok) {
    if (done.notFound) return { status: 'not-found' }
    return { status: 'invalid', reply: { form: formOf(order), result: refusalReply(submission, done) } }
  }
  const value: { code: string; cancelled?: string[] } = done.value
  const cancelled = value.cancelled ?? []
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message:
        intent === 'cancel'
          ? `Order ${done.value.code} is cancelled.`
          : cancelled.length
            ? `Order ${done.value.code} is released in part: its chosen seller orders go to their sellers; ${cancelled.join(', ')} ${cancelled.length === 1 ? 'is' : 'are'} cancelled.`
            : `Order ${done.value.code} is released from credit hold: its sellers are told.`,
    },
  }
}
