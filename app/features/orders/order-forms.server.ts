import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Executor } from '~/platform/executor'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { withChoices } from '~/platform/pick'
import { checkPick } from '../search/pick.server'
import { orderActions } from './actions'
import { orderPath, type OrderLens } from './lens'
import { advanceLineSchema, cancelOrderSchema, moveLinesSchema } from './forms'
import { handleDecisionForm, type OrderMoves } from './decisions.server'

type Reply = SubmissionResult<string[]>

/**
 * The seller orders a portal acts on: an agent (not an admin) those of the sellers assigned to it,
 * even on an order it reaches through one of them; every other portal those its lens reaches.
 */
export function actedOn(db: Executor, lens: OrderLens) {
  const query = db.selectFrom('seller_orders')
  const scope = lens.scope
  return scope.kind === 'agent'
    ? query.where(
        'seller_orders.seller_id',
        'in',
        db.selectFrom('sellers').select('sellers.id').where('sellers.agent_user_id', '=', scope.userId),
      )
    : query
}

/** The seller orders of an order on which the portal may take the seller's steps, where that is not all of them (an agent's). */
export async function sellerOrdersActedFor(
  db: Executor,
  lens: OrderLens,
  orderId: number,
): Promise<number[] | undefined> {
  if (lens.scope.kind !== 'agent') return undefined
  const rows = await actedOn(db, lens)
    .select('seller_orders.id')
    .where('seller_orders.master_order_id', '=', orderId)
    .execute()
  return rows.map((r) => r.id)
}

/**
 * The order page's forms, for the portal's lens: seller-order steps (the seller's own steps on its own
 * seller orders; approve, reject and cancel by the staff portals that decide), a line to its next
 * stage, cancelling the whole order, and moving a rejected seller order's lines to another seller.
 * A seller order or line outside the lens is not found; a form the portal does not have is refused.
 */
export async function handleOrderPageForm(
  db: Database,
  viewer: Viewer,
  lens: OrderLens,
  orderId: number,
  form: FormData,
  moves: OrderMoves,
): Promise<FormOutcome<Reply>> {
  const may = orderActions(lens.portal)
  const actor = { userId: viewer.userId, onBehalf: may.onBehalf }
  const page = orderPath(lens.portal, orderId)
  const sellerId = lens.scope.kind === 'seller' ? lens.scope.sellerId : null
  /** The seller order, if it is on this order and one the portal acts on (a seller its own; an agent its sellers'). */
  const ownSellerOrder = async (id: number) => {
    let query = actedOn(db, lens)
      .select(['seller_orders.id', 'seller_orders.code', 'seller_orders.status'])
      .where('seller_orders.id', '=', id)
      .where('seller_orders.master_order_id', '=', orderId)
    if (sellerId !== null) query = query.where('seller_orders.seller_id', '=', sellerId)
    return query.executeTakeFirst()
  }

  const decided = await handleDecisionForm(
    db,
    viewer,
    { may, page, moves, reaches: async (id) => (await ownSellerOrder(id)) !== undefined },
    form,
  )
  if (decided) return decided

  switch (form.get('intent')) {
    case 'advance': {
      if (!may.advance) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: advanceLineSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      const line = await actedOn(db, lens)
        .innerJoin('sub_orders', 'sub_orders.seller_order_id', 'seller_orders.id')
        .select('sub_orders.id')
        .where('sub_orders.id', '=', submission.value.line)
        .where('sub_orders.master_order_id', '=', orderId)
        .executeTakeFirst()
      if (!line) return { status: 'not-found' }
      const result = await moves.advanceLine(db, actor, sellerId, submission.value.line, submission.value.from)
      if (!result.ok)
        return result.notFound
          ? { status: 'not-found' }
          : { status: 'done', redirectTo: page, toast: { kind: 'error', message: result.message } }
      return {
        status: 'done',
        redirectTo: page,
        toast: { kind: 'success', message: `The line is now at “${result.value.stage}”.` },
      }
    }
    case 'cancel_order': {
      if (!may.cancelOrder) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: cancelOrderSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      const result = await moves.cancelMasterOrder(db, actor, orderId, submission.value.reason)
      if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
      return {
        status: 'done',
        redirectTo: page,
        toast: { kind: 'success', message: `${result.value.code} is cancelled.` },
      }
    }
    case 'move': {
      if (!may.moveLines) return { status: 'forbidden' }
      const submission = parseWithZod(form, { schema: moveLinesSchema })
      if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
      if (!(await ownSellerOrder(submission.value.sellerOrder))) return { status: 'not-found' }
      const check = await checkPick(db, viewer, 'seller', submission.value.seller)
      if (!check.ok)
        return {
          status: 'invalid',
          reply: withChoices(
            submission.reply({ fieldErrors: { seller: [check.message] } }),
            check.choices.length ? { seller: check.choices } : undefined,
          ),
        }
      const result = await moves.moveRejectedLines(db, actor, submission.value.sellerOrder, check.option.id)
      if (!result.ok) return { status: 'invalid', reply: refusalReply(submission, result) }
      return {
        status: 'done',
        redirectTo: page,
        toast: {
          kind: 'success',
          message: `The lines are moved to ${check.option.label}: ${result.value.code} waits for approval.`,
        },
      }
    }
    default:
      return { status: 'bad-request' }
  }
}
