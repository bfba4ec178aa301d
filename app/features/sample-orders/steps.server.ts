import { lockedRead } from '#db/locks'
import type { SampleOrderStatus } from '#db/types'
import { config } from '~/config.server'
import { possessive } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { type Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'
import { takeStep } from '~/platform/steps.server'
import type { SampleLens } from './lens'
import { countSampleOrder } from './counts.server'
import { scopedSampleOrders } from './search.server'
import { sampleOrderMachine, type SampleOrderStepName } from './states'

// The one way a sample order changes state: a step of its machine (states.ts), taken in one
// transaction that first takes the order's row, by the platform's takeStep (the conditional update
// on the state read, the audit entry, the kept counts). Of two people taking steps on one order at
// once, exactly one wins; the other is told who did what.

type Actor = { userId: number }

/** What a step's form carries beyond the step itself. */
export interface SampleStepInput {
  reason?: string
  courier?: string
  trackingNumber?: string
  /** Per item id: the rating (1-5) and comment. */
  feedback?: Record<string, { rating: number; comment: string }>
}

const text = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max)

/**
 * Takes a step on a sample order in the lens's scope, inside the caller's transaction (the
 * lifecycle's sampleOrderStepIn, which raises the sample charges' invoice on dispatch); refusals
 * are thrown. Staff steps need a lens that manages, the buyer's feedback one that gives feedback;
 * an order outside the scope is not found. Dispatching takes the samples out of stock in the same
 * transaction, each by a conditional update that never takes stock below zero: when there is not
 * enough, nothing changes and the step is refused.
 */
export async function sampleStepIn(
  trx: Executor,
  actor: Actor,
  lens: SampleLens,
  id: number,
  name: SampleOrderStepName,
  input: SampleStepInput = {},
): Promise<{ code: string; status: SampleOrderStatus }> {
  const step = sampleOrderMachine.steps[name]
  if ((step.by === 'staff' && !lens.see.manage) || (step.by === 'buyer' && !lens.see.feedback))
    throw Refused.notFound('There is no such sample order here.')
  // The order's row first (db/locks.ts): a step someone else is taking on it has finished, and what is read next is what it left.
  await lockedRead(trx, trx.selectFrom('sample_orders').select('id').where('id', '=', id)).executeTakeFirst()
  const order = await scopedSampleOrders(trx, lens)
    .select(['sample_orders.id', 'sample_orders.code', 'sample_orders.status', 'sample_orders.buyer_id'])
    .where('sample_orders.id', '=', id)
    .executeTakeFirst()
  if (!order) throw Refused.notFound('There is no such sample order here.')
  const fields: Record<string, string> = {}
  const reason = text(input.reason, 500)
  const needsReason = 'needsReason' in step && step.needsReason
  if (needsReason && !reason) fields.reason = 'Say why: the buyer reads it'
  const courier = text(input.courier, 80)
  const trackingNumber = text(input.trackingNumber, 80)
  if (name === 'dispatch') {
    if (!courier) fields.courier = 'Enter the courier'
    if (!trackingNumber) fields.trackingNumber = 'Enter the tracking number'
  }
  const items = await trx
    .selectFrom('sample_order_items as i')
    .innerJoin('sample_skus as s', 's.id', 'i.sample_sku_id')
    .select(['i.id', 'i.sample_sku_id', 'i.quantity', 's.code'])
    .where('i.sample_order_id', '=', id)
    .orderBy('i.line_no')
    .execute()
  if (name === 'feedback') {
    for (const item of items) {
      const given = input.feedback?.[String(item.id)]
      if (!given || !Number.isInteger(given.rating) || given.rating < 1 || given.rating > 5)
        fields[`item.${item.id}.rating`] = 'Rate this sample from 1 to 5'
      if (given && given.comment.length > 1000) fields[`item.${item.id}.comment`] = 'Use at most 1,000 characters'
    }
  }
  // Fields are checked before the state: a form that cannot be taken as typed says so at its fields.
  if (Object.keys(fields).length) throw new Refused(fields)

  const at = new Date().toISOString()
  const taken = await takeStep(trx, sampleOrderMachine, id, name, {
    actorUserId: actor.userId,
    // On the status just read under the lock (the counts move from it and the entry names it).
    current: order.status,
    note: needsReason ? reason : null,
    set: {
      updated_at: at,
      ...(name === 'approve' || name === 'reject' ? { decided_by: actor.userId, decided_at: at } : {}),
      ...(needsReason ? { reason } : {}),
      ...(name === 'dispatch'
        ? { courier, tracking_number: trackingNumber, dispatched_by: actor.userId, dispatched_at: at }
        : {}),
      ...(name === 'deliver' ? { delivered_at: at } : {}),
      ...(name === 'feedback' ? { closed_at: at } : {}),
    },
    after: {
      ...(name === 'dispatch'
        ? { courier, trackingNumber, stock: items.map((item) => `${item.code} −${item.quantity}`) }
        : {}),
      ...(name === 'feedback'
        ? { ratings: items.map((item) => `${item.code}: ${input.feedback![String(item.id)]!.rating}/5`) }
        : {}),
    },
    moved: async ({ from, to }) => {
      await countSampleOrder(trx, from, -1)
      await countSampleOrder(trx, to, 1)
    },
  })

  if (name === 'dispatch') {
    for (const item of items) {
      const took = await trx
        .updateTable('sample_skus')
        .set((eb) => ({ stock: eb('stock', '-', item.quantity), updated_at: at }))
        .where('id', '=', item.sample_sku_id)
        .where('stock', '>=', item.quantity)
        .executeTakeFirst()
      if (Number(took.numUpdatedRows) === 0) {
        const sku = await trx
          .selectFrom('sample_skus')
          .select('stock')
          .where('id', '=', item.sample_sku_id)
          .executeTakeFirstOrThrow()
        throw new Refused(
          undefined,
          `Not enough ${item.code} in stock to dispatch: ${item.quantity.toLocaleString('en-IN')} needed, ${sku.stock.toLocaleString('en-IN')} left. Nothing was dispatched.`,
        )
      }
    }
  }
  if (name === 'feedback') {
    for (const item of items) {
      const given = input.feedback![String(item.id)]!
      await trx
        .updateTable('sample_order_items')
        .set({
          rating: given.rating,
          comment: given.comment.trim() || null,
          feedback_by: actor.userId,
          feedback_at: at,
        })
        .where('id', '=', item.id)
        .execute()
    }
  }
  await notifyStep(trx, id, name)
  return { code: order.code, status: taken.to }
}

// ---------- E-mail: the KAM when approved or delivered, the buyer's users when dispatched ----------

/** Puts the step's e-mails in the outbox, inside the step's transaction (sent only if it commits). */
async function notifyStep(trx: Executor, id: number, name: SampleOrderStepName): Promise<void> {
  if (name !== 'approve' && name !== 'deliver' && name !== 'dispatch') return
  const order = await trx
    .selectFrom('sample_orders')
    .innerJoin('buyers', 'buyers.id', 'sample_orders.buyer_id')
    .leftJoin('users as kam', 'kam.id', 'buyers.kam_user_id')
    .select([
      'sample_orders.code',
      'sample_orders.buyer_id',
      'sample_orders.courier',
      'sample_orders.tracking_number',
      'sample_orders.item_count',
      'buyers.name as buyer',
      'kam.email as kamEmail',
      'kam.status as kamStatus',
    ])
    .where('sample_orders.id', '=', id)
    .executeTakeFirstOrThrow()
  const path = `/redirect/sample_orders/${id}`
  const link = `${config().appUrl}${path}`
  const items = `${order.item_count} ${order.item_count === 1 ? 'sample' : 'samples'}`
  if (name === 'dispatch') {
    const users = await trx
      .selectFrom('users')
      .select('email')
      .where('buyer_id', '=', order.buyer_id)
      .where('status', '=', 'active')
      .execute()
    for (const user of users) {
      await queueEmail(trx, {
        to: user.email,
        kind: 'sample_order.dispatched',
        subject: `${order.code}: your samples are on their way`,
        text: [
          `${order.code} (${items}) has been sent with ${order.courier}, tracking number ${order.tracking_number}.`,
          'Once they arrive, tell us what you think of each sample on the order’s page.',
          `See it: ${link}`,
        ].join('\n\n'),
        link: path,
      })
    }
    return
  }
  if (!order.kamEmail || order.kamStatus !== 'active') return
  const what =
    name === 'approve' ? 'approved: business operations dispatch it next' : 'delivered: the buyer is asked for feedback'
  await queueEmail(trx, {
    to: order.kamEmail,
    kind: `sample_order.${name === 'approve' ? 'approved' : 'delivered'}`,
    subject: `${order.code} for ${order.buyer}: ${name === 'approve' ? 'approved' : 'delivered'}`,
    text: [
      `Your buyer ${possessive(order.buyer)} sample order ${order.code} (${items}) is ${what}.`,
      `See it: ${link}`,
    ].join('\n\n'),
    link: path,
  })
}
