import type { SellerLedgerKind } from '#db/types'
import { lineValue } from '../orders/lines'
import { addDays } from '../settlements/money'
import { formatMoney, kolkataDay } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { financialYear, nextDocumentNumber } from '~/platform/numbering.server'
import { takeStep } from '~/platform/steps.server'
import { BILLABLE, SHIPPED, orderFacts } from './facts.server'
import { billLineAmounts, billOpen, lineMismatches, splitTax, tds194Q, type BillLineTyped } from './money'
import { sellerBillMachine } from './states'

// A seller's account and ledger (docs/domain.md (issue 38)): an approved bill is a credit (the
// platform owes the seller); TDS deducted under section 194Q, debit notes and payouts are debits.
// Every write is one transaction that first takes the seller's account row (a row lock on
// PostgreSQL, the one writer on SQLite), so a seller's entries are numbered (seq) one after another
// with the balance after each, and what a bill still owes is read after the lock: two payouts of
// one bill at once never pay more than it owes.

type Actor = { userId: number }

/** Takes the seller's account row for the rest of the transaction (made on first use). */
export async function lockSellerAccount(trx: Executor, sellerId: number): Promise<void> {
  await trx
    .insertInto('seller_accounts')
    .values({ seller_id: sellerId })
    .onConflict((oc) => oc.column('seller_id').doNothing())
    .execute()
  await trx
    .updateTable('seller_accounts')
    .set({ updated_at: new Date().toISOString() })
    .where('seller_id', '=', sellerId)
    .execute()
}

const COLUMN: Record<SellerLedgerKind, 'billed_minor' | 'paid_minor' | 'debited_minor' | 'tds_minor'> = {
  bill: 'billed_minor',
  payout: 'paid_minor',
  debit_note: 'debited_minor',
  tds: 'tds_minor',
}

/** Writes a ledger row and moves the account's figure; answers the balance after it (what the platform owes). */
async function writeEntry(
  trx: Executor,
  sellerId: number,
  entry: { kind: SellerLedgerKind; refId: number; refNumber: string; on: string; amount: number },
): Promise<number> {
  const column = COLUMN[entry.kind]
  const account = await trx
    .updateTable('seller_accounts')
    .set((eb) => ({ entries: eb('entries', '+', 1), [column]: eb(column, '+', entry.amount) }))
    .where('seller_id', '=', sellerId)
    .returning(['entries', 'billed_minor', 'paid_minor', 'debited_minor', 'tds_minor'])
    .executeTakeFirstOrThrow()
  const balance =
    Number(account.billed_minor) -
    Number(account.paid_minor) -
    Number(account.debited_minor) -
    Number(account.tds_minor)
  await trx
    .insertInto('seller_ledger')
    .values({
      seller_id: sellerId,
      seq: Number(account.entries),
      entry_on: entry.on,
      kind: entry.kind,
      ref_id: entry.refId,
      ref_number: entry.refNumber,
      debit_minor: entry.kind === 'bill' ? 0 : entry.amount,
      credit_minor: entry.kind === 'bill' ? entry.amount : 0,
      balance_minor: balance,
    })
    .execute()
  return balance
}

export interface BillInput {
  sellerOrderId: number
  number: string
  billOn: string
  /** By sub-order id; a line left at zero is not billed. */
  lines: Record<number, BillLineTyped>
}

/** The audit's words for a bill received by a registration other than the home one (issue 52). */
const receivedWords = (r: { gstin: string; state: string; isHome: boolean; unregisteredState: string | null }) =>
  r.unregisteredState
    ? ` (no GST registration in ${r.unregisteredState}: received by the home registration ${r.gstin})`
    : r.isHome
      ? ''
      : ` (received by the ${r.state} registration ${r.gstin})`

/**
 * Records a seller's bill against one of its seller orders, matched three ways per line (ordered
 * quantity and cost, accepted in QC, and the order dispatched or delivered): a bill that matches
 * is approved at once (credited, TDS deducted); one that does not waits in review with the reasons.
 * Once per idempotency key. Throws a refusal.
 */
export async function recordBillIn(
  trx: Executor,
  actor: Actor,
  input: BillInput,
  key: string | undefined,
  at = new Date(),
): Promise<{ id: number; number: string; status: 'review' | 'approved'; repeated: boolean }> {
  const { result, repeated } = await once(trx, key, 'seller_bill', actor.userId, async () => {
    const first = await trx
      .selectFrom('seller_orders')
      .select('seller_id')
      .where('id', '=', input.sellerOrderId)
      .executeTakeFirst()
    if (!first) throw Refused.notFound('There is no such seller order.')
    await lockSellerAccount(trx, first.seller_id)
    const facts = (await orderFacts(trx, input.sellerOrderId))!
    const { order, seller, supply } = facts
    if (!(BILLABLE as readonly string[]).includes(order.status))
      throw new Refused(
        undefined,
        `${order.code} is ${order.status.replace(/_/g, ' ')}: a bill is recorded once QC has passed the order.`,
      )
    const today = kolkataDay(at)
    if (input.billOn > today) throw new Refused('billOn', 'A bill cannot be dated on a day still to come')
    const taken = await trx
      .selectFrom('seller_bills')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('number', '=', input.number)
      .executeTakeFirst()
    if (taken) throw new Refused('number', `${seller.name} already has a bill ${input.number}`)
    const fields: Record<string, string> = {}
    const billed = facts.lines.filter((l) => (input.lines[l.subOrderId]?.quantityMilli ?? 0) > 0)
    for (const l of billed) {
      const typed = input.lines[l.subOrderId]!
      if (typed.rateMinor <= 0) fields[`line.${l.subOrderId}.rate`] = 'Enter the rate billed, more than zero'
    }
    if (!billed.length) throw new Refused(undefined, 'Enter the quantity billed on at least one line.')
    if (Object.keys(fields).length) throw new Refused(fields)
    const reasons: string[] = []
    if (!(SHIPPED as readonly string[]).includes(order.status))
      reasons.push(`${order.code} is not dispatched yet (it passed QC)`)
    const amounts = billed.map((l) => {
      const typed = input.lines[l.subOrderId]!
      const why = lineMismatches(l, typed, supply, seller.registered, l.unit)
      if (why.length) reasons.push(`line ${l.lineNo}: ${why.join('; ')}`)
      return { line: l, typed, amounts: billLineAmounts(typed, supply) }
    })
    const totals = amounts.reduce(
      (s, a) => ({
        taxable: s.taxable + a.amounts.taxable,
        cgst: s.cgst + a.amounts.cgst,
        sgst: s.sgst + a.amounts.sgst,
        igst: s.igst + a.amounts.igst,
        total: s.total + a.amounts.total,
      }),
      { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
    )
    const status = reasons.length ? ('review' as const) : ('approved' as const)
    const stamp = at.toISOString()
    const bill = await trx
      .insertInto('seller_bills')
      .values({
        seller_id: seller.id,
        seller_order_id: order.id,
        number: input.number,
        bill_on: input.billOn,
        due_on: addDays(input.billOn, seller.paymentTermsDays),
        supply,
        recipient_gstin: facts.recipient.gstin,
        taxable_minor: totals.taxable,
        cgst_minor: totals.cgst,
        sgst_minor: totals.sgst,
        igst_minor: totals.igst,
        total_minor: totals.total,
        status: 'review',
        mismatch: reasons.length ? reasons.join('. ').slice(0, 2000) : null,
        created_by: actor.userId,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('seller_bill_lines')
      .values(
        amounts.map((a, i) => ({
          bill_id: bill.id,
          line_no: i + 1,
          sub_order_id: a.line.subOrderId,
          quantity_milli: a.typed.quantityMilli,
          rate_minor: a.typed.rateMinor,
          taxable_minor: a.amounts.taxable,
          gst_rate_bp: a.line.gstRateBp,
          cgst_minor: a.amounts.cgst,
          sgst_minor: a.amounts.sgst,
          igst_minor: a.amounts.igst,
          total_minor: a.amounts.total,
          ordered_milli: a.line.orderedMilli,
          accepted_milli: a.line.acceptedMilli,
          cost_minor: a.line.costMinor,
        })),
      )
      .execute()
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_bill.recorded',
      entityType: 'seller_bill',
      entityId: bill.id,
      after: {
        bill: input.number,
        order: order.code,
        total: formatMoney(totals.total),
        status,
        receivedBy: `${facts.recipient.state} registration ${facts.recipient.gstin}`,
      },
      note:
        status === 'approved'
          ? `Bill ${input.number} of ${seller.name} against ${order.code}${receivedWords(facts.recipient)} matches: approved`
          : `Bill ${input.number} of ${seller.name} against ${order.code}${receivedWords(facts.recipient)} waits for review: ${reasons.join('. ')}`,
    })
    if (status === 'approved') {
      await trx
        .updateTable('seller_bills')
        .set({ status: 'approved', decided_at: stamp, updated_at: stamp })
        .where('id', '=', bill.id)
        .execute()
      await creditBill(trx, actor, bill.id, at)
    }
    return bill.id
  })
  const bill = await trx
    .selectFrom('seller_bills')
    .select(['id', 'number', 'status'])
    .where('id', '=', result)
    .executeTakeFirstOrThrow()
  return { id: bill.id, number: bill.number, status: bill.status === 'approved' ? 'approved' : 'review', repeated }
}

/**
 * An approved bill reaches the ledger: credited in full, then TDS under section 194Q deducted at
 * credit (the earlier of credit and payment: a bill is always credited before it is paid) on the
 * part of the seller's purchases in the financial year above ₹50 lakh.
 */
async function creditBill(trx: Executor, actor: Actor, billId: number, at: Date): Promise<void> {
  const day = kolkataDay(at)
  const bill = await trx
    .selectFrom('seller_bills')
    .select(['id', 'number', 'seller_id', 'taxable_minor', 'total_minor'])
    .where('id', '=', billId)
    .executeTakeFirstOrThrow()
  const fy = financialYear(day)
  const fyStart = `${fy.slice(0, 4)}-04-01`
  const fyEnd = `${Number(fy.slice(0, 4)) + 1}-03-31`
  const before = await trx
    .selectFrom('seller_bills')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('taxable_minor'), eb.lit(0)).as('taxable'))
    .where('seller_id', '=', bill.seller_id)
    .where('status', '=', 'approved')
    .where('id', '!=', bill.id)
    .where('approved_on', '>=', fyStart)
    .where('approved_on', '<=', fyEnd)
    .executeTakeFirstOrThrow()
  const opening = await trx
    .selectFrom('seller_accounts')
    .select(['opening_fy', 'opening_purchases_minor'])
    .where('seller_id', '=', bill.seller_id)
    .executeTakeFirst()
  const broughtForward = opening?.opening_fy === fy ? Number(opening.opening_purchases_minor) : 0
  const tds = tds194Q(broughtForward + Number(before.taxable), Number(bill.taxable_minor))
  await trx.updateTable('seller_bills').set({ approved_on: day, tds_minor: tds }).where('id', '=', bill.id).execute()
  await writeEntry(trx, bill.seller_id, {
    kind: 'bill',
    refId: bill.id,
    refNumber: bill.number,
    on: day,
    amount: Number(bill.total_minor),
  })
  if (tds > 0) {
    await writeEntry(trx, bill.seller_id, { kind: 'tds', refId: bill.id, refNumber: bill.number, on: day, amount: tds })
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_bill.tds_deducted',
      entityType: 'seller_bill',
      entityId: bill.id,
      after: { tds: formatMoney(tds), section: '194Q' },
      note: `TDS ${formatMoney(tds)} under section 194Q on bill ${bill.number}: purchases in ${fy} above ₹50 lakh`,
    })
  }
}

/** A person approves (with a reason) or rejects (with a reason) a bill waiting for review. Throws a refusal. */
export async function decideBillIn(
  trx: Executor,
  actor: Actor,
  billId: number,
  decision: 'approve' | 'reject',
  reason: string,
  at = new Date(),
): Promise<{ number: string; status: 'approved' | 'rejected'; tdsMinor: number }> {
  const bill = await trx
    .selectFrom('seller_bills')
    .select(['id', 'seller_id'])
    .where('id', '=', billId)
    .executeTakeFirst()
  if (!bill) throw Refused.notFound('There is no such bill.')
  await lockSellerAccount(trx, bill.seller_id)
  const stamp = at.toISOString()
  await takeStep(trx, sellerBillMachine, billId, decision, {
    actorUserId: actor.userId,
    note: reason,
    set: {
      decided_by: actor.userId,
      decided_at: stamp,
      decision_note: reason.trim().slice(0, 1000),
      updated_at: stamp,
    },
  })
  if (decision === 'approve') await creditBill(trx, actor, billId, at)
  const after = await trx
    .selectFrom('seller_bills')
    .select(['number', 'tds_minor'])
    .where('id', '=', billId)
    .executeTakeFirstOrThrow()
  return {
    number: after.number,
    status: decision === 'approve' ? 'approved' : 'rejected',
    tdsMinor: Number(after.tds_minor),
  }
}

/**
 * A debit note to the seller (PDN/26-27/…, its own gapless series) taking back quantities of an
 * approved bill's lines (rejected in QC after billing, or billed above what was accepted): each
 * line's taxable value at the billed rate and its share of the line's tax; at most what the bill
 * still owes. Once per idempotency key. Throws a refusal.
 */
export async function issueSellerDebitNoteIn(
  trx: Executor,
  actor: Actor,
  billId: number,
  input: { lines: Record<number, number>; reason: string },
  key: string | undefined,
  at = new Date(),
): Promise<{ id: number; number: string; amountMinor: number; repeated: boolean }> {
  const head = await trx
    .selectFrom('seller_bills')
    .select(['id', 'seller_id'])
    .where('id', '=', billId)
    .executeTakeFirst()
  if (!head) throw Refused.notFound('There is no such bill.')
  const { result, repeated } = await once(trx, key, 'seller_debit_note', actor.userId, async () => {
    await lockSellerAccount(trx, head.seller_id)
    const bill = await trx
      .selectFrom('seller_bills')
      .select(['id', 'number', 'status', 'supply', 'total_minor', 'paid_minor', 'debited_minor', 'tds_minor'])
      .where('id', '=', billId)
      .executeTakeFirstOrThrow()
    if (bill.status !== 'approved')
      throw new Refused(undefined, `Bill ${bill.number} is not approved: a debit note adjusts an approved bill.`)
    if (!input.reason.trim()) throw new Refused('reason', 'Say why: the seller reads it')
    const lines = await trx
      .selectFrom('seller_bill_lines')
      .select([
        'id',
        'line_no',
        'quantity_milli',
        'debited_milli',
        'rate_minor',
        'taxable_minor',
        'cgst_minor',
        'sgst_minor',
        'igst_minor',
        'gst_rate_bp',
      ])
      .where('bill_id', '=', billId)
      .orderBy('line_no')
      .execute()
    const fields: Record<string, string> = {}
    const taken = lines
      .map((l) => ({ l, q: input.lines[l.id] ?? 0 }))
      .filter(({ l, q }) => {
        const left = Number(l.quantity_milli) - Number(l.debited_milli)
        if (q > left) fields[`line.${l.id}.quantity`] = `At most what is billed and not yet taken back: ${left / 1000}`
        return q > 0
      })
    if (Object.keys(fields).length) throw new Refused(fields)
    if (!taken.length) throw new Refused(undefined, 'Enter the quantity to take back on at least one line.')
    const noteLines = taken.map(({ l, q }) => {
      const taxable = lineValue(q, Number(l.rate_minor))
      const lineTax = Number(l.cgst_minor) + Number(l.sgst_minor) + Number(l.igst_minor)
      const lineTaxable = Number(l.taxable_minor)
      const tax = lineTaxable
        ? Number((BigInt(lineTax) * BigInt(taxable) * 2n + BigInt(lineTaxable)) / (2n * BigInt(lineTaxable)))
        : 0
      return { l, q, taxable, ...splitTax(tax, bill.supply), total: taxable + tax }
    })
    const total = noteLines.reduce((s, n) => s + n.total, 0)
    const open = billOpen({
      total: Number(bill.total_minor),
      paid: Number(bill.paid_minor),
      debited: Number(bill.debited_minor),
      tds: Number(bill.tds_minor),
    })
    if (total > open)
      throw new Refused(
        undefined,
        `This debit note comes to ${formatMoney(total)}, more than bill ${bill.number} still owes (${formatMoney(open)}).`,
      )
    const day = kolkataDay(at)
    const number = await nextDocumentNumber(trx, 'PDN', day)
    const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => noteLines.reduce((s, n) => s + n[k], 0)
    const note = await trx
      .insertInto('seller_debit_notes')
      .values({
        number,
        seller_id: head.seller_id,
        bill_id: billId,
        issued_on: day,
        reason: input.reason.trim().slice(0, 500),
        supply: bill.supply,
        taxable_minor: sum('taxable'),
        cgst_minor: sum('cgst'),
        sgst_minor: sum('sgst'),
        igst_minor: sum('igst'),
        amount_minor: total,
        created_by: actor.userId,
        created_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('seller_debit_note_lines')
      .values(
        noteLines.map((n, i) => ({
          note_id: note.id,
          line_no: i + 1,
          bill_line_id: n.l.id,
          quantity_milli: n.q,
          taxable_minor: n.taxable,
          gst_rate_bp: n.l.gst_rate_bp,
          cgst_minor: n.cgst,
          sgst_minor: n.sgst,
          igst_minor: n.igst,
          total_minor: n.total,
        })),
      )
      .execute()
    for (const n of noteLines) {
      const moved = await trx
        .updateTable('seller_bill_lines')
        .set((eb) => ({ debited_milli: eb('debited_milli', '+', n.q) }))
        .where('id', '=', n.l.id)
        .where('debited_milli', '=', n.l.debited_milli)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw new Error('debit note found the bill changed under it')
    }
    const moved = await trx
      .updateTable('seller_bills')
      .set((eb) => ({ debited_minor: eb('debited_minor', '+', total), updated_at: at.toISOString() }))
      .where('id', '=', billId)
      .where('debited_minor', '=', bill.debited_minor)
      .where('paid_minor', '=', bill.paid_minor)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw new Error('debit note found the bill changed under it')
    await writeEntry(trx, head.seller_id, {
      kind: 'debit_note',
      refId: note.id,
      refNumber: number,
      on: day,
      amount: total,
    })
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_debit_note.issued',
      entityType: 'seller_bill',
      entityId: billId,
      after: { debitNote: number, bill: bill.number, amount: formatMoney(total) },
      note: input.reason.trim().slice(0, 500),
    })
    return note.id
  })
  const note = await trx
    .selectFrom('seller_debit_notes')
    .select(['id', 'number', 'amount_minor'])
    .where('id', '=', result)
    .executeTakeFirstOrThrow()
  return { id: note.id, number: note.number, amountMinor: Number(note.amount_minor), repeated }
}

export interface PayoutInput {
  paidOn: string
  utr: string
  /** Amount paid now by bill id; each at most what the bill still owes. */
  amounts: Record<number, number>
}

/**
 * Pays a seller's approved bills in one payout (PAY/26-27/…) with the day and the UTR: an amount
 * per bill, in part or in full, never more than it still owes (read after the account lock, and
 * each update conditional on it). Once per idempotency key. Throws a refusal.
 */
export async function paySellerIn(
  trx: Executor,
  actor: Actor,
  sellerId: number,
  input: PayoutInput,
  key: string | undefined,
  at = new Date(),
): Promise<{ id: number; number: string; amountMinor: number; repeated: boolean }> {
  const seller = await trx.selectFrom('sellers').select(['id', 'name']).where('id', '=', sellerId).executeTakeFirst()
  if (!seller) throw Refused.notFound('There is no such seller.')
  const { result, repeated } = await once(trx, key, 'seller_payout', actor.userId, async () => {
    if (input.paidOn > kolkataDay(at)) throw new Refused('paidOn', 'A payout cannot be made on a day still to come')
    const ids = Object.keys(input.amounts)
      .map(Number)
      .filter((id) => (input.amounts[id] ?? 0) > 0)
    if (!ids.length) throw new Refused(undefined, 'Tick at least one bill and the amount to pay on it.')
    await lockSellerAccount(trx, sellerId)
    const bills = await trx
      .selectFrom('seller_bills')
      .select(['id', 'number', 'status', 'total_minor', 'paid_minor', 'debited_minor', 'tds_minor'])
      .where('seller_id', '=', sellerId)
      .where('id', 'in', ids)
      .execute()
    const fields: Record<string, string> = {}
    for (const id of ids) {
      const bill = bills.find((b) => b.id === id)
      const amount = input.amounts[id]!
      if (!bill || bill.status !== 'approved') {
        fields[`bill.${id}.amount`] = 'Only this seller’s approved bills are paid'
        continue
      }
      const open = billOpen({
        total: Number(bill.total_minor),
        paid: Number(bill.paid_minor),
        debited: Number(bill.debited_minor),
        tds: Number(bill.tds_minor),
      })
      if (!Number.isSafeInteger(amount) || amount > open)
        fields[`bill.${id}.amount`] =
          open > 0 ? `At most what ${bill.number} still owes: ${formatMoney(open)}` : `${bill.number} is paid in full`
    }
    if (Object.keys(fields).length) throw new Refused(fields)
    const total = ids.reduce((s, id) => s + input.amounts[id]!, 0)
    const day = kolkataDay(at)
    const number = await nextDocumentNumber(trx, 'PAY', day)
    const payout = await trx
      .insertInto('seller_payouts')
      .values({
        number,
        seller_id: sellerId,
        paid_on: input.paidOn,
        utr: input.utr,
        amount_minor: total,
        created_by: actor.userId,
        created_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const id of ids) {
      const amount = input.amounts[id]!
      const paid = await trx
        .updateTable('seller_bills')
        .set((eb) => ({ paid_minor: eb('paid_minor', '+', amount), updated_at: at.toISOString() }))
        .where('id', '=', id)
        .where((eb) =>
          eb(
            eb(
              eb(eb('total_minor', '-', eb.ref('paid_minor')), '-', eb.ref('debited_minor')),
              '-',
              eb.ref('tds_minor'),
            ),
            '>=',
            amount,
          ),
        )
        .executeTakeFirst()
      if (Number(paid.numUpdatedRows) !== 1) throw new Error('payout found the bill changed under it')
      await trx
        .insertInto('seller_payout_lines')
        .values({ payout_id: payout.id, bill_id: id, amount_minor: amount })
        .execute()
    }
    await writeEntry(trx, sellerId, { kind: 'payout', refId: payout.id, refNumber: number, on: day, amount: total })
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'seller_payout.paid',
      entityType: 'seller',
      entityId: sellerId,
      after: {
        payout: number,
        amount: formatMoney(total),
        utr: input.utr,
        paidOn: input.paidOn,
        bills: bills.map((b) => b.number),
      },
      note: `${number}: ${formatMoney(total)} paid to ${seller.name} (UTR ${input.utr})`,
    })
    return payout.id
  })
  const payout = await trx
    .selectFrom('seller_payouts')
    .select(['id', 'number', 'amount_minor'])
    .where('id', '=', result)
    .executeTakeFirstOrThrow()
  return { id: payout.id, number: payout.number, amountMinor: Number(payout.amount_minor), repeated }
}
