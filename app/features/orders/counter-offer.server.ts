import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { takeStep } from '~/platform/steps.server'
import { formatMoney } from '~/utils/format'
import { strictCalendarDate } from '~/utils/fields'
import { parseRupees } from '~/utils/money'
import { formatQuantity, parseQuantity } from '~/utils/quantity'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { platformToday } from './cart.server'
import { lockParentOf } from './locks.server'
import { notifySeller } from './notify.server'
import { sellerOrderMachine } from './states'
import { refreshTotals } from './totals.server'

// A seller's counter-offer (docs/domain.md "Orders"): instead of approving a seller order as it
// stands, the supplier team records what the seller offers per line (quantity, ready date, cost);
// staff accept it (the lines change and the seller order is approved) or decline it (it stays
// pending approval). Each is a conditional update on the seller order, so one decision wins.

type Actor = { userId: number }

/** What the form sends for one line, as typed. */
export interface CounterLineInput {
  subOrderId: number
  quantity: string
  readyBy: string
  cost: string
}

interface CounterLine {
  subOrderId: number
  quantityMilli: number
  readyBy: string
  costMinor: number
}

/** The lines of a seller order, for its forms and to apply an offer. */
function linesOf(db: Executor, sellerOrderId: number) {
  return db
    .selectFrom('sub_orders')
    .innerJoin('product_skus', 'product_skus.id', 'sub_orders.product_sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'sub_orders.id',
      'sub_orders.line_no',
      'sub_orders.quantity_milli',
      'sub_orders.cost_minor',
      'products.unit',
    ])
    .where('sub_orders.seller_order_id', '=', sellerOrderId)
    .orderBy('sub_orders.line_no')
    .execute()
}

/** Records (or replaces) the seller's counter-offer on a seller order waiting for approval. Messages by line: `line.<subOrderId>.<field>`. */
export async function recordCounterOffer(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  input: CounterLineInput[],
): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      if ((await lockParentOf(trx, sellerOrderId)) === undefined)
        return { ok: false as const, notFound: true, message: 'There is no such seller order.' }
      const lines = await linesOf(trx, sellerOrderId)
      if (lines.length === 0) return { ok: false as const, notFound: true, message: 'There is no such seller order.' }
      const today = platformToday()
      const fields: Record<string, string> = {}
      const offer: CounterLine[] = lines.map((line) => {
        const typed = input.find((i) => i.subOrderId === line.id) ?? { quantity: '', readyBy: '', cost: '' }
        const quantityMilli = parseQuantity(typed.quantity)
        const readyBy = strictCalendarDate(typed.readyBy.trim())
        const costMinor = parseRupees(typed.cost.trim())
        if (!quantityMilli) fields[`line.${line.id}.quantity`] = `Enter the quantity the seller offers, in ${line.unit}`
        if (!readyBy) fields[`line.${line.id}.readyBy`] = 'Enter the date it will be ready, like 2027-01-31'
        else if (readyBy < today) fields[`line.${line.id}.readyBy`] = 'Choose today or a later date'
        if (!costMinor)
          fields[`line.${line.id}.cost`] = 'Enter the seller’s cost per unit in rupees, like 245 or 1,245.50'
        return {
          subOrderId: line.id,
          quantityMilli: quantityMilli ?? 0,
          readyBy: readyBy ?? '',
          costMinor: costMinor ?? 0,
        }
      })
      if (Object.keys(fields).length) throw new Refused(fields, 'Some lines of the counter-offer need a change.')
      const updated = await trx
        .updateTable('seller_orders')
        .set({
          counter_offer_json: JSON.stringify({
            lines: offer,
            recordedBy: actor.userId,
            recordedAt: new Date().toISOString(),
          }),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', sellerOrderId)
        .where('status', '=', 'pending_approval')
        .returning('code')
        .executeTakeFirst()
      if (!updated)
        throw new Refused(
          undefined,
          'This seller order is no longer waiting for approval: a counter-offer cannot be recorded now.',
        )
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'seller_order.counter_offer_recorded',
        entityType: 'seller_order',
        entityId: sellerOrderId,
        after: Object.fromEntries(
          offer.map((o) => {
            const line = lines.find((l) => l.id === o.subOrderId)!
            return [
              `line ${line.line_no}`,
              `${formatQuantity(o.quantityMilli, line.unit)} at ${formatMoney(o.costMinor)}, ready ${o.readyBy}`,
            ]
          }),
        ),
      })
      return { ok: true as const, value: undefined }
    }),
  )
}

/** Staff decline the recorded counter-offer (with a reason): the seller order waits for approval as it stood. */
export async function declineCounterOffer(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const decided = await counterOfferDecisionIn(trx, actor, sellerOrderId, 'decline', reason)
      return { ok: true as const, value: { code: decided.code } }
    }),
  )
}

/**
 * A counter-offer accepted (its lines replace the seller order's, which takes its accept_counter
 * step) or declined, in the caller's transaction; answers the seller order's code and master order.
 * Accepting moves the master order and its report rows: the lifecycle's acceptCounterOffer does that.
 */
export async function counterOfferDecisionIn(
  trx: Executor,
  actor: Actor,
  sellerOrderId: number,
  choice: 'accept' | 'decline',
  reason: string,
): Promise<{ code: string; masterOrderId: number }> {
  const note = reason.trim().slice(0, 1000)
  if (choice === 'decline' && !note) throw new Refused('reason', 'Say why it is declined: the seller reads it')
  // The master order first (locks.server.ts): an approval of this seller order, or a step of a sibling, waits or has finished.
  if ((await lockParentOf(trx, sellerOrderId)) === undefined) throw Refused.notFound('There is no such seller order.')
  const current = await trx
    .selectFrom('seller_orders')
    .select(['code', 'status', 'master_order_id', 'counter_offer_json'])
    .where('id', '=', sellerOrderId)
    .executeTakeFirst()
  if (!current) throw Refused.notFound('There is no such seller order.')
  const at = new Date().toISOString()
  // Read under the master order's lock: a decision or a new offer by someone else has finished.
  if (current.status === 'pending_approval' && current.counter_offer_json === null)
    throw new Refused(
      undefined,
      'There is no counter-offer waiting on this seller order any more: someone has just decided it. Reload the page.',
    )
  const updated = { code: current.code, master_order_id: current.master_order_id }
  if (choice === 'accept')
    // The machine's accept_counter step (states.ts): an order decided meanwhile is refused in the step helper's words.
    await takeStep(trx, sellerOrderMachine, sellerOrderId, 'accept_counter', {
      actorUserId: actor.userId,
      current: current.status,
      note: note || null,
      set: {
        decided_by: actor.userId,
        decided_at: at,
        decision_note: 'Counter-offer accepted',
        counter_offer_json: null,
        updated_at: at,
      },
    })
  else {
    const declined = await trx
      .updateTable('seller_orders')
      .set({ counter_offer_json: null, updated_at: at })
      .where('id', '=', sellerOrderId)
      .where('status', '=', 'pending_approval')
      .where('counter_offer_json', '=', current.counter_offer_json ?? '')
      .executeTakeFirst()
    if (Number(declined.numUpdatedRows) !== 1)
      throw new Refused(
        undefined,
        'There is no counter-offer waiting on this seller order any more: someone has just decided it. Reload the page.',
      )
  }
  const offer = JSON.parse(current.counter_offer_json!) as { lines: CounterLine[] }
  if (choice === 'accept') {
    const was = await agreementOf(trx, updated.master_order_id, sellerOrderId)
    for (const line of offer.lines) {
      await trx
        .updateTable('sub_orders')
        .set({
          quantity_milli: line.quantityMilli,
          cost_minor: line.costMinor,
          ready_by: line.readyBy,
          updated_at: at,
        })
        .where('id', '=', line.subOrderId)
        .where('seller_order_id', '=', sellerOrderId)
        .execute()
    }
    await refreshTotals(trx, updated.master_order_id)
    await recordLinesChanged(trx, actor, updated.master_order_id, sellerOrderId, was)
  }
  if (choice === 'decline')
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_order.counter_offer_declined',
      entityType: 'seller_order',
      entityId: sellerOrderId,
      before: { status: 'pending_approval' },
      after: { status: 'pending_approval' },
      note: note || null,
    })
  await notifySeller(
    trx,
    sellerOrderId,
    choice === 'accept' ? 'counter_offer_accepted' : 'counter_offer_declined',
    note || null,
  )
  return { code: updated.code, masterOrderId: updated.master_order_id }
}

/** The buyer's side of a seller order's lines, and the order's value: what a counter-offer changes in the buyer's agreement. */
async function agreementOf(trx: Executor, masterOrderId: number, sellerOrderId: number) {
  const [order, lines] = await Promise.all([
    trx
      .selectFrom('master_orders')
      .select(['value_minor', 'gst_minor'])
      .where('id', '=', masterOrderId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('sub_orders')
      .innerJoin('buyer_skus', 'buyer_skus.id', 'sub_orders.buyer_sku_id')
      .innerJoin('product_skus', 'product_skus.id', 'sub_orders.product_sku_id')
      .innerJoin('products', 'products.id', 'product_skus.product_id')
      .select([
        'sub_orders.id',
        'sub_orders.quantity_milli',
        'sub_orders.ready_by',
        'buyer_skus.buyer_code',
        'products.unit',
      ])
      .where('sub_orders.seller_order_id', '=', sellerOrderId)
      .orderBy('sub_orders.line_no')
      .execute(),
  ])
  return { valueMinor: Number(order.value_minor), gstMinor: Number(order.gst_minor), lines }
}

/**
 * The accepted counter-offer as the buyer's agreement, on the master order: per changed line its
 * buyer code, quantity and expected date before and after, and the order's value before and after,
 * so the buyer's history explains why the order's value moved (told by app/features/audit/tell.ts).
 */
async function recordLinesChanged(
  trx: Executor,
  actor: Actor,
  masterOrderId: number,
  sellerOrderId: number,
  was: Awaited<ReturnType<typeof agreementOf>>,
) {
  const now = await agreementOf(trx, masterOrderId, sellerOrderId)
  const lines = now.lines.flatMap((line) => {
    const before = was.lines.find((l) => l.id === line.id)
    if (!before || (Number(before.quantity_milli) === Number(line.quantity_milli) && before.ready_by === line.ready_by))
      return []
    return [
      {
        code: line.buyer_code,
        unit: line.unit,
        quantityBefore: Number(before.quantity_milli),
        quantityAfter: Number(line.quantity_milli),
        expectedBefore: before.ready_by,
        expectedAfter: line.ready_by,
      },
    ]
  })
  if (lines.length === 0 && now.valueMinor === was.valueMinor) return
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'master_order.lines_changed',
    entityType: 'master_order',
    entityId: masterOrderId,
    before: { value: was.valueMinor, gst: was.gstMinor },
    after: { value: now.valueMinor, gst: now.gstMinor, lines },
  })
}
