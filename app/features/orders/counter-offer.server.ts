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
import type { OrderSight } from './lens'
import { gstOf, lineValue } from './lines'
import { lockParentOf } from './locks.server'
import { notifySeller } from './notify.server'
import { firstApprovalIn } from './second-approval.server'
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

/** What is kept of a recorded counter-offer (seller_orders.counter_offer_json). */
interface StoredOffer {
  lines: CounterLine[]
  recordedBy: number
  recordedAt: string
  /** The buyer's agreement to a change it will receive (its KAM, an admin or its own user), when given. */
  buyerAgreedBy?: number
  buyerAgreedAt?: string
}

const parseOffer = (json: string) => JSON.parse(json) as StoredOffer

/** Everything a counter-offer is compared with, per line of its seller order. */
async function offerFactsOf(db: Executor, sellerOrderIds: number[]) {
  if (!sellerOrderIds.length) return []
  return db
    .selectFrom('sub_orders as l')
    .innerJoin('buyer_skus as b', 'b.id', 'l.buyer_sku_id')
    .innerJoin('buyer_sku_versions as v', (join) =>
      join.onRef('v.buyer_sku_id', '=', 'l.buyer_sku_id').onRef('v.number', '=', 'l.buyer_sku_version'),
    )
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .innerJoin('product_skus as p', 'p.id', 'l.product_sku_id')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .select([
      'l.id',
      'l.seller_order_id',
      'l.master_order_id',
      'l.line_no',
      'l.quantity_milli',
      'l.price_minor',
      'l.cost_minor',
      'l.gst_rate_bp',
      'l.required_by',
      'l.ready_by',
      'b.buyer_code',
      'v.moq_milli',
      'c.margin_floor_bp',
      'pr.unit',
    ])
    .where('l.seller_order_id', 'in', sellerOrderIds)
    .orderBy('l.line_no')
    .execute()
}
type OfferFact = Awaited<ReturnType<typeof offerFactsOf>>[number]

/** A margin in basis points of its value (null without a value). */
const marginBp = (valueMinor: number, costMinor: number) =>
  valueMinor > 0 ? Math.round(((valueMinor - costMinor) * 10_000) / valueMinor) : null

/** The date the buyer was told for a line: its expected (ready) date where later than needed-by, else needed-by. */
const promisedOf = (fact: OfferFact) =>
  fact.ready_by && fact.ready_by > fact.required_by ? fact.ready_by : fact.required_by

/**
 * A counter-offer beside the lines it changes (docs/domain.md "Orders": counter-offers): per line the
 * quantity, ready date and cost before and after, against the buyer SKU's MOQ and the needed-by date,
 * the line's value and margin before and after; the seller order's margin and the order's total
 * (value and GST) before and after. Whether the buyer must agree (less quantity, or a date later than
 * the one it was told), and whether a line's margin falls below its category's floor (an admin accepts).
 */
export function compareOffer(facts: OfferFact[], offer: StoredOffer, order: { valueMinor: number; gstMinor: number }) {
  const lines = facts.map((fact) => {
    const o = offer.lines.find((l) => l.subOrderId === fact.id)
    const quantityAfter = o?.quantityMilli ?? Number(fact.quantity_milli)
    const readyAfter = o?.readyBy ?? fact.ready_by
    const costAfter = o?.costMinor ?? Number(fact.cost_minor)
    const valueBefore = lineValue(Number(fact.quantity_milli), Number(fact.price_minor))
    const valueAfter = lineValue(quantityAfter, Number(fact.price_minor))
    const costTotalBefore = lineValue(Number(fact.quantity_milli), Number(fact.cost_minor))
    const costTotalAfter = lineValue(quantityAfter, costAfter)
    const marginBpAfter = marginBp(valueAfter, costTotalAfter)
    const floor = fact.margin_floor_bp === null ? null : Number(fact.margin_floor_bp)
    return {
      subOrderId: fact.id,
      lineNo: fact.line_no,
      buyerCode: fact.buyer_code,
      unit: fact.unit,
      quantityBefore: Number(fact.quantity_milli),
      quantityAfter,
      moqMilli: Number(fact.moq_milli),
      belowMoq: quantityAfter < Number(fact.moq_milli),
      requiredBy: fact.required_by,
      readyBefore: fact.ready_by,
      readyAfter,
      laterThanNeeded: readyAfter !== null && readyAfter > fact.required_by,
      buyerLoses: quantityAfter < Number(fact.quantity_milli) || (readyAfter !== null && readyAfter > promisedOf(fact)),
      costBefore: Number(fact.cost_minor),
      costAfter,
      valueBefore,
      valueAfter,
      gstBefore: gstOf(valueBefore, fact.gst_rate_bp),
      gstAfter: gstOf(valueAfter, fact.gst_rate_bp),
      marginBefore: valueBefore - costTotalBefore,
      marginAfter: valueAfter - costTotalAfter,
      marginBpBefore: marginBp(valueBefore, costTotalBefore),
      marginBpAfter,
      floorBp: floor,
      belowFloor: floor !== null && (marginBpAfter === null || marginBpAfter < floor),
    }
  })
  const sum = (key: 'valueBefore' | 'valueAfter' | 'gstBefore' | 'gstAfter' | 'marginBefore' | 'marginAfter') =>
    lines.reduce((total, line) => total + line[key], 0)
  const valueBefore = sum('valueBefore')
  const valueAfter = sum('valueAfter')
  const marginBefore = sum('marginBefore')
  const marginAfter = sum('marginAfter')
  const buyerTotalBefore = order.valueMinor + order.gstMinor
  return {
    lines,
    marginBefore,
    marginAfter,
    marginBpBefore: valueBefore > 0 ? Math.round((marginBefore * 10_000) / valueBefore) : null,
    marginBpAfter: valueAfter > 0 ? Math.round((marginAfter * 10_000) / valueAfter) : null,
    buyerTotalBefore,
    buyerTotalAfter: buyerTotalBefore - valueBefore - sum('gstBefore') + valueAfter + sum('gstAfter'),
    needsBuyer: lines.some((l) => l.buyerLoses),
    needsAdmin: lines.some((l) => l.belowFloor),
  }
}
type Comparison = ReturnType<typeof compareOffer>

/** The comparisons of some seller orders' counter-offers (raw, for the server's checks and the lenses below). */
async function comparisonsOf(db: Executor, rows: { id: number; counter_offer_json: string | null }[]) {
  const withOffer = rows.filter((r) => r.counter_offer_json !== null)
  const facts = await offerFactsOf(
    db,
    withOffer.map((r) => r.id),
  )
  const orderIds = [...new Set(facts.map((f) => f.master_order_id))]
  const orders = orderIds.length
    ? await db
        .selectFrom('master_orders')
        .select(['id', 'value_minor', 'gst_minor'])
        .where('id', 'in', orderIds)
        .execute()
    : []
  const result = new Map<number, { offer: StoredOffer; comparison: Comparison }>()
  for (const row of withOffer) {
    const own = facts.filter((f) => f.seller_order_id === row.id)
    const order = orders.find((o) => o.id === own[0]?.master_order_id)
    if (!order) continue
    const offer = parseOffer(row.counter_offer_json!)
    result.set(row.id, {
      offer,
      comparison: compareOffer(own, offer, {
        valueMinor: Number(order.value_minor),
        gstMinor: Number(order.gst_minor),
      }),
    })
  }
  return result
}

/**
 * The counter-offers' comparisons as staff read them (never a seller or a buyer: their loaders do not
 * call this): costs where the lens shows costs, values and the buyer's total where it shows values,
 * margins where it shows margins; who recorded it, whether the viewer did (it cannot accept it), and
 * the buyer's agreement. Keyed by seller order.
 */
export async function staffComparisons(
  db: Executor,
  rows: { id: number; counter_offer_json: string | null }[],
  see: OrderSight,
  viewerUserId: number,
) {
  const raw = await comparisonsOf(db, rows)
  const userIds = [...raw.values()].flatMap(({ offer }) => [offer.recordedBy, offer.buyerAgreedBy ?? offer.recordedBy])
  const names = userIds.length
    ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute()
    : []
  const nameOf = (id: number | undefined) => names.find((n) => n.id === id)?.name ?? null
  const out = new Map<number, StaffComparison>()
  for (const [id, { offer, comparison: c }] of raw)
    out.set(id, {
      recordedBy: nameOf(offer.recordedBy),
      recordedAt: offer.recordedAt,
      recordedByViewer: offer.recordedBy === viewerUserId,
      needsBuyer: c.needsBuyer,
      buyerAgreed: offer.buyerAgreedAt ? { by: nameOf(offer.buyerAgreedBy), at: offer.buyerAgreedAt } : null,
      needsAdmin: c.needsAdmin,
      marginBefore: see.margin ? c.marginBefore : null,
      marginAfter: see.margin ? c.marginAfter : null,
      marginBpBefore: see.margin ? c.marginBpBefore : null,
      marginBpAfter: see.margin ? c.marginBpAfter : null,
      buyerTotalBefore: see.value ? c.buyerTotalBefore : null,
      buyerTotalAfter: see.value ? c.buyerTotalAfter : null,
      lines: c.lines.map((l) => ({
        subOrderId: l.subOrderId,
        lineNo: l.lineNo,
        buyerCode: see.buyer ? l.buyerCode : null,
        unit: l.unit,
        quantityBefore: l.quantityBefore,
        quantityAfter: l.quantityAfter,
        moqMilli: l.moqMilli,
        belowMoq: l.belowMoq,
        requiredBy: l.requiredBy,
        readyBefore: l.readyBefore,
        readyAfter: l.readyAfter,
        laterThanNeeded: l.laterThanNeeded,
        costBefore: see.cost ? l.costBefore : null,
        costAfter: see.cost ? l.costAfter : null,
        marginBefore: see.margin ? l.marginBefore : null,
        marginAfter: see.margin ? l.marginAfter : null,
        marginBpBefore: see.margin ? l.marginBpBefore : null,
        marginBpAfter: see.margin ? l.marginBpAfter : null,
        floorBp: see.margin ? l.floorBp : null,
        belowFloor: l.belowFloor,
      })),
    })
  return out
}

export interface StaffComparison {
  recordedBy: string | null
  recordedAt: string
  recordedByViewer: boolean
  needsBuyer: boolean
  buyerAgreed: { by: string | null; at: string } | null
  needsAdmin: boolean
  marginBefore: number | null
  marginAfter: number | null
  marginBpBefore: number | null
  marginBpAfter: number | null
  buyerTotalBefore: number | null
  buyerTotalAfter: number | null
  lines: {
    subOrderId: number
    lineNo: number
    buyerCode: string | null
    unit: string
    quantityBefore: number
    quantityAfter: number
    moqMilli: number
    belowMoq: boolean
    requiredBy: string
    readyBefore: string | null
    readyAfter: string | null
    laterThanNeeded: boolean
    costBefore: number | null
    costAfter: number | null
    marginBefore: number | null
    marginAfter: number | null
    marginBpBefore: number | null
    marginBpAfter: number | null
    floorBp: number | null
    belowFloor: boolean
  }[]
}

/**
 * The changes the buyer is asked to agree to, as the buyer reads them (its own codes, quantities,
 * dates and values at its own prices; never a seller, a cost or a margin): one per seller order whose
 * counter-offer takes something from the buyer and is not agreed yet.
 */
export async function buyerProposals(db: Executor, rows: { id: number; counter_offer_json: string | null }[]) {
  const raw = await comparisonsOf(db, rows)
  return [...raw.entries()]
    .filter(([, { offer, comparison }]) => comparison.needsBuyer && !offer.buyerAgreedAt)
    .map(([sellerOrderId, { comparison: c }]) => ({
      proposal: sellerOrderId,
      totalBefore: c.buyerTotalBefore,
      totalAfter: c.buyerTotalAfter,
      lines: c.lines
        .filter((l) => l.quantityAfter !== l.quantityBefore || l.readyAfter !== l.readyBefore)
        .map((l) => ({
          lineNo: l.lineNo,
          buyerCode: l.buyerCode,
          unit: l.unit,
          quantityBefore: l.quantityBefore,
          quantityAfter: l.quantityAfter,
          requiredBy: l.requiredBy,
          expectedBefore: l.readyBefore,
          expectedAfter: l.readyAfter,
          valueBefore: l.valueBefore,
          valueAfter: l.valueAfter,
        })),
    }))
}
export type BuyerProposal = Awaited<ReturnType<typeof buyerProposals>>[number]

/**
 * The buyer agrees to a counter-offer that changes what it receives: recorded by its own user (buyer
 * portal), its KAM or an admin (the caller checks the portal reaches the order), kept on the offer
 * (who and when) with an entry in the order's history the buyer reads. A new offer recorded later
 * replaces this one and needs the buyer's agreement again.
 */
export async function agreeToCounterOffer(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const masterOrderId = await lockParentOf(trx, sellerOrderId)
      if (masterOrderId === undefined) throw Refused.notFound('There is no such seller order.')
      const current = await trx
        .selectFrom('seller_orders')
        .innerJoin('master_orders', 'master_orders.id', 'seller_orders.master_order_id')
        .select(['seller_orders.status', 'seller_orders.counter_offer_json', 'master_orders.code'])
        .where('seller_orders.id', '=', sellerOrderId)
        .executeTakeFirstOrThrow()
      if (current.status !== 'pending_approval' || current.counter_offer_json === null)
        throw new Refused(undefined, 'There is no proposed change waiting on this order any more. Reload the page.')
      const offer = parseOffer(current.counter_offer_json)
      if (offer.buyerAgreedAt) throw new Refused(undefined, 'The buyer has already agreed to this change.')
      const at = new Date().toISOString()
      const updated = await trx
        .updateTable('seller_orders')
        .set({
          counter_offer_json: JSON.stringify({ ...offer, buyerAgreedBy: actor.userId, buyerAgreedAt: at }),
          updated_at: at,
        })
        .where('id', '=', sellerOrderId)
        .where('counter_offer_json', '=', current.counter_offer_json)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Refused(undefined, 'The proposed change has just changed. Reload the page.')
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'master_order.change_agreed',
        entityType: 'master_order',
        entityId: masterOrderId,
        after: { lines: offer.lines.length },
      })
      return { ok: true as const, value: { code: current.code } }
    }),
  )
}

/** Whether the user holds the admin role (a counter-offer below a category's margin floor needs one). */
async function isAdmin(trx: Executor, userId: number) {
  const row = await trx
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The rules an acceptance must meet, read under the master order's lock: four eyes (who recorded the
 * offer does not accept it), the buyer's agreement to a change it receives, an admin below a
 * category's margin floor. Each refusal is thrown, in words for the person stopped.
 */
async function checkAcceptance(trx: Executor, actor: Actor, sellerOrderId: number, json: string) {
  const offer = parseOffer(json)
  if (offer.recordedBy === actor.userId)
    throw new Refused(
      undefined,
      'You recorded this counter-offer, so someone else must accept it (four eyes): ask another colleague who decides seller orders.',
    )
  const compared = (await comparisonsOf(trx, [{ id: sellerOrderId, counter_offer_json: json }])).get(sellerOrderId)
  if (!compared) return
  if (compared.comparison.needsBuyer && !offer.buyerAgreedAt)
    throw new Refused(
      undefined,
      'This counter-offer is waiting for the buyer’s agreement: it gives the buyer less, or later than it was told. The buyer’s KAM, an admin or the buyer in its portal records the agreement first.',
    )
  if (compared.comparison.needsAdmin && !(await isAdmin(trx, actor.userId)))
    throw new Refused(
      undefined,
      'After this counter-offer a line’s margin is below its category’s floor: only an admin may accept it.',
    )
}

/** What follows a recorded counter-offer across features (the lifecycle's: its webhook events), in its transaction. */
export type CounterOfferRecorded = (trx: Executor, sellerOrderId: number) => Promise<void>

/**
 * Records (or replaces) the seller's counter-offer on a seller order waiting for approval. Messages by
 * line: `line.<subOrderId>.<field>`. `recorded` (the lifecycle's orderMoves hand it in) runs in the
 * same transaction once it is recorded.
 */
export async function recordCounterOffer(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  input: CounterLineInput[],
  recorded?: CounterOfferRecorded,
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
          // What a first approval approved has changed: the two approvals are of the order with this offer.
          first_approved_by: null,
          first_approved_at: null,
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
      await recorded?.(trx, sellerOrderId)
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
): Promise<{ code: string; masterOrderId: number; firstApproval?: boolean }> {
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
  if (choice === 'accept' && current.status === 'pending_approval' && current.counter_offer_json !== null) {
    await checkAcceptance(trx, actor, sellerOrderId, current.counter_offer_json)
    // Above its category's threshold with the offer's lines, accepting is an approval by two people (second-approval.server.ts):
    // the first acceptance is recorded as the first approval and the order waits with the counter-offer in place.
    const valueAfter = await valueWithOffer(trx, sellerOrderId, current.counter_offer_json)
    if (await firstApprovalIn(trx, actor.userId, sellerOrderId, at, valueAfter))
      return { code: current.code, masterOrderId: current.master_order_id, firstApproval: true }
  }
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
      // A first approval given to the offer goes with it: the order as it stood is approved afresh.
      .set({ counter_offer_json: null, first_approved_by: null, first_approved_at: null, updated_at: at })
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

/** The seller order's value to the buyer with the counter-offer's quantities (its buyer prices stay). */
async function valueWithOffer(trx: Executor, sellerOrderId: number, json: string): Promise<number> {
  const offer = parseOffer(json)
  const lines = await trx
    .selectFrom('sub_orders')
    .select(['id', 'quantity_milli', 'price_minor'])
    .where('seller_order_id', '=', sellerOrderId)
    .execute()
  return lines.reduce((sum, line) => {
    const offered = offer.lines.find((o) => o.subOrderId === line.id)
    return sum + lineValue(offered ? offered.quantityMilli : line.quantity_milli, line.price_minor)
  }, 0)
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
