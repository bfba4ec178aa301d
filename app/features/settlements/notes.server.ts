import type { NoteReasonCode } from '#db/types'
import { formatMoney, kolkataDay } from '~/utils/format'
import { quantityInput } from '~/utils/quantity'
import { Refused } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextDocumentNumber } from '~/platform/numbering.server'
import { allocateOpen, lockAccount, writeEntry } from './ledger.server'
import { invoiceTotals, type InvoiceLineAmounts, type Supply } from './money'
import { listRegistrations, registrationOfGstin, seriesOf, supplierGstin } from './registrations.server'
import {
  byQuantity,
  DEBIT_REASONS,
  grossLineAmounts,
  noteLineAmounts,
  noteReasonLabels,
  noteTitle,
  spread,
  type NoteKind,
} from './notes'

// Credit and debit notes (docs/domain.md (issue 38) "Credit and debit notes"): each adjusts one of the
// buyer's invoices, line by line, in one transaction that first takes the buyer's account row (as
// every ledger entry does). A credit note lowers what the invoice owes; what it credits beyond what
// the invoice still owes (an invoice already paid) goes back to the payments that paid it, newest
// first, and from there to the buyer's next open invoice or its advance. A debit note adds to what
// the invoice owes (reopening it when it was settled), and the buyer's advance pays it at once.

type Actor = { userId: number }

/** One line of a note: an invoice line adjusted by a quantity (thousandths) or a taxable amount (paise); `row` names the form's row. */
export interface NoteLineInput {
  invoiceLineId: number
  quantityMilli?: number
  taxableMinor?: number
  row?: number
}

export interface NoteInput {
  invoiceId: number
  reasonCode?: NoteReasonCode
  reason: string
  /** The lines, each on one invoice line. */
  lines?: NoteLineInput[]
  /** A credit given as a tax-inclusive sum only (reason "other"): spread over the lines by what each may still take. */
  amountMinor?: number
}

export interface IssuedNote {
  id: number
  number: string
  kind: NoteKind
  amountMinor: number
  repeated: boolean
  settled: number[]
}

const noteTables = {
  credit: { notes: 'credit_notes', lines: 'credit_note_lines', prefix: 'CN' },
  debit: { notes: 'debit_notes', lines: 'debit_note_lines', prefix: 'DN' },
} as const

/** Issues a credit or debit note against one of the buyer's invoices, in the caller's transaction; once per idempotency key. Answers the master orders whose invoices it settled. */
export async function issueNoteIn(
  trx: Executor,
  actor: Actor,
  buyerId: number,
  kind: NoteKind,
  input: NoteInput,
  key: string | undefined,
  at = new Date(),
): Promise<IssuedNote> {
  const buyer = await trx.selectFrom('buyers').select('id').where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) throw Refused.notFound('There is no such buyer.')
  const reasonCode = input.reasonCode ?? 'other'
  if (kind === 'debit' && !(DEBIT_REASONS as readonly string[]).includes(reasonCode))
    throw new Refused('reasonCode', 'A debit note is for a rate difference or another agreed charge')
  const reason = input.reason.trim()
  if (!reason) throw new Refused('reason', 'Enter the reason in words')
  let settled: number[] = []
  const { result, repeated } = await once(trx, key, `${kind}_note`, actor.userId, async () => {
    await lockAccount(trx, buyerId)
    const invoice = await trx
      .selectFrom('buyer_invoices')
      .select([
        'id',
        'number',
        'supply',
        'total_minor',
        'paid_minor',
        'credited_minor',
        'debited_minor',
        'master_order_id',
        'seller_json',
      ])
      .where('id', '=', input.invoiceId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst()
    if (!invoice) throw new Refused('invoice', 'Enter one of this buyer’s invoices')
    const lines = await invoiceLinesWithNotes(trx, invoice.id)
    const supply = invoice.supply as Supply
    const made =
      kind === 'credit' && input.amountMinor !== undefined && !input.lines?.length
        ? spreadCredit(input.amountMinor, lines, supply, invoice.number)
        : noteLines(kind, reasonCode, input.lines ?? [], lines, supply)
    const totals = invoiceTotals(made.map((m) => m.amounts))
    const day = kolkataDay(at)
    const tables = noteTables[kind]
    // A note is the supplier's of its invoice: the same registration's series (issue 52: CNTN/26-27/00001).
    const registration = registrationOfGstin(await listRegistrations(trx), supplierGstin(invoice.seller_json))
    const number = await nextDocumentNumber(trx, tables.prefix, day, seriesOf(registration))
    const note = await trx
      .insertInto(tables.notes)
      .values({
        number,
        buyer_id: buyerId,
        invoice_id: invoice.id,
        issued_on: day,
        amount_minor: totals.total,
        reason_code: reasonCode,
        reason,
        supply,
        taxable_minor: totals.taxable,
        cgst_minor: totals.cgst,
        sgst_minor: totals.sgst,
        igst_minor: totals.igst,
        created_by: actor.userId,
        created_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto(tables.lines)
      .values(
        made.map((m, i) => ({
          note_id: note.id,
          line_no: i + 1,
          invoice_line_id: m.line.id,
          description: m.line.description,
          hsn_code: m.line.hsn_code,
          unit: m.line.unit,
          quantity_milli: m.quantityMilli,
          taxable_minor: m.amounts.taxable,
          gst_rate_bp: m.line.gst_rate_bp,
          cgst_minor: m.amounts.cgst,
          sgst_minor: m.amounts.sgst,
          igst_minor: m.amounts.igst,
          total_minor: m.amounts.total,
        })),
      )
      .execute()
    const open =
      Number(invoice.total_minor) +
      Number(invoice.debited_minor) -
      Number(invoice.paid_minor) -
      Number(invoice.credited_minor)
    // A credit beyond what is still owed gives back what payments paid on the invoice.
    const freed =
      kind === 'credit' && totals.total > open ? await unallocate(trx, buyerId, invoice.id, totals.total - open, at) : 0
    const openAfter = kind === 'credit' ? open - totals.total + freed : open + totals.total
    const moved = await trx
      .updateTable('buyer_invoices')
      .set((eb) => ({
        ...(kind === 'credit'
          ? { credited_minor: eb('credited_minor', '+', totals.total), paid_minor: eb('paid_minor', '-', freed) }
          : { debited_minor: eb('debited_minor', '+', totals.total) }),
        status: openAfter > 0 ? 'open' : 'settled',
        updated_at: at.toISOString(),
      }))
      .where('id', '=', invoice.id)
      .where('credited_minor', '=', invoice.credited_minor)
      .where('debited_minor', '=', invoice.debited_minor)
      .where('paid_minor', '=', invoice.paid_minor)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1)
      throw new Refused(undefined, `${invoice.number} changed while you were adjusting it: look at it again.`)
    await writeEntry(trx, buyerId, {
      kind: kind === 'credit' ? 'credit_note' : 'debit_note',
      refId: note.id,
      refNumber: number,
      on: day,
      amount: totals.total,
    })
    await audit(trx, {
      actorUserId: actor.userId,
      action: `${kind}_note.issued`,
      entityType: 'buyer',
      entityId: buyerId,
      after: {
        [kind === 'credit' ? 'creditNote' : 'debitNote']: number,
        invoice: invoice.number,
        reason: noteReasonLabels[reasonCode],
        taxable: formatMoney(totals.taxable),
        tax: formatMoney(totals.cgst + totals.sgst + totals.igst),
        amount: formatMoney(totals.total),
        ...(freed ? { backToAdvance: formatMoney(freed) } : {}),
      },
      note: `${noteTitle(kind)} ${number} against ${invoice.number}: ${reason}`,
    })
    const paidOff =
      kind === 'credit' && open > 0 && openAfter === 0 && invoice.master_order_id !== null
        ? [invoice.master_order_id]
        : []
    settled = [...new Set([...paidOff, ...(await allocateOpen(trx, buyerId))])]
    return note.id
  })
  const note = await trx
    .selectFrom(noteTables[kind].notes)
    .select(['id', 'number', 'amount_minor'])
    .where('id', '=', result)
    .executeTakeFirstOrThrow()
  return { id: note.id, number: note.number, kind, amountMinor: Number(note.amount_minor), repeated, settled }
}

type LineWithNotes = Awaited<ReturnType<typeof invoiceLinesWithNotes>>[number]

/** An invoice's lines with what notes have already done to each: quantity and value credited, value debited. */
export async function invoiceLinesWithNotes(db: Executor, invoiceId: number) {
  const [lines, credits, debits] = await Promise.all([
    db
      .selectFrom('buyer_invoice_lines')
      .select([
        'id',
        'line_no',
        'description',
        'hsn_code',
        'unit',
        'quantity_milli',
        'price_minor',
        'taxable_minor',
        'gst_rate_bp',
        'total_minor',
      ])
      .where('invoice_id', '=', invoiceId)
      .orderBy('line_no')
      .execute(),
    db
      .selectFrom('credit_note_lines as l')
      .innerJoin('credit_notes as n', 'n.id', 'l.note_id')
      .select((eb) => [
        'l.invoice_line_id',
        eb.fn.coalesce(eb.fn.sum<number>('l.quantity_milli'), eb.val(0)).as('quantity'),
        eb.fn.coalesce(eb.fn.sum<number>('l.taxable_minor'), eb.val(0)).as('taxable'),
        eb.fn.coalesce(eb.fn.sum<number>('l.total_minor'), eb.val(0)).as('total'),
      ])
      .where('n.invoice_id', '=', invoiceId)
      .groupBy('l.invoice_line_id')
      .execute(),
    db
      .selectFrom('debit_note_lines as l')
      .innerJoin('debit_notes as n', 'n.id', 'l.note_id')
      .select((eb) => [
        'l.invoice_line_id',
        eb.fn.coalesce(eb.fn.sum<number>('l.taxable_minor'), eb.val(0)).as('taxable'),
        eb.fn.coalesce(eb.fn.sum<number>('l.total_minor'), eb.val(0)).as('total'),
      ])
      .where('n.invoice_id', '=', invoiceId)
      .groupBy('l.invoice_line_id')
      .execute(),
  ])
  return lines.map((l) => {
    const c = credits.find((x) => x.invoice_line_id === l.id)
    const d = debits.find((x) => x.invoice_line_id === l.id)
    const total = Number(l.total_minor)
    return {
      ...l,
      quantity_milli: Number(l.quantity_milli),
      price_minor: Number(l.price_minor),
      taxable_minor: Number(l.taxable_minor),
      total_minor: total,
      creditedQuantityMilli: Number(c?.quantity ?? 0),
      creditedMinor: Number(c?.total ?? 0),
      debitedMinor: Number(d?.total ?? 0),
      /** What a credit may still take from the line: its value with debits, less credits before. */
      creditableMinor: total + Number(d?.total ?? 0) - Number(c?.total ?? 0),
      /** Goods a credit may still take back (short delivery, QC rejection, return). */
      creditableQuantityMilli: Number(l.quantity_milli) - Number(c?.quantity ?? 0),
    }
  })
}

interface MadeLine {
  line: LineWithNotes
  quantityMilli: number | null
  amounts: InvoiceLineAmounts
}

function noteLines(
  kind: NoteKind,
  reasonCode: NoteReasonCode,
  input: NoteLineInput[],
  lines: LineWithNotes[],
  supply: Supply,
): MadeLine[] {
  const quantity = kind === 'credit' && byQuantity(reasonCode)
  const problems: Record<string, string> = {}
  const made: MadeLine[] = []
  const seen = new Set<number>()
  for (const [i, given] of input.entries()) {
    const field = `lines[${given.row ?? i}].${quantity ? 'quantity' : 'amount'}`
    const line = lines.find((l) => l.id === given.invoiceLineId)
    if (!line || seen.has(line.id)) {
      problems[field] = 'Choose a line of this invoice, once'
      continue
    }
    seen.add(line.id)
    if (quantity) {
      const q = given.quantityMilli
      if (q === undefined || !Number.isSafeInteger(q) || q <= 0) {
        problems[field] = 'Enter the quantity, more than zero'
        continue
      }
      if (q > line.creditableQuantityMilli) {
        problems[field] =
          `At most ${quantityInput(line.creditableQuantityMilli)} ${line.unit}: what was invoiced less what was credited before`
        continue
      }
      const amounts = noteLineAmounts(
        { priceMinor: line.price_minor, gstRateBp: line.gst_rate_bp },
        { quantityMilli: q },
        supply,
      )
      if (amounts.total > line.creditableMinor) {
        problems[field] = `At most ${formatMoney(line.creditableMinor)} can still be credited on this line`
        continue
      }
      made.push({ line, quantityMilli: q, amounts })
    } else {
      const t = given.taxableMinor
      if (t === undefined || !Number.isSafeInteger(t) || t <= 0) {
        problems[field] = 'Enter the taxable amount, more than zero'
        continue
      }
      const amounts = noteLineAmounts(
        { priceMinor: line.price_minor, gstRateBp: line.gst_rate_bp },
        { taxableMinor: t },
        supply,
      )
      const room = kind === 'credit' ? line.creditableMinor : line.total_minor - line.debitedMinor
      if (amounts.total > room) {
        problems[field] =
          kind === 'credit'
            ? `At most ${formatMoney(room)} with tax can still be credited on this line`
            : `Debit notes on a line add up to at most its invoiced value (${formatMoney(room)} with tax left): raise a new invoice for more`
        continue
      }
      made.push({ line, quantityMilli: null, amounts })
    }
  }
  if (Object.keys(problems).length) throw new Refused(problems)
  if (!made.length)
    throw new Refused(
      'lines',
      quantity ? 'Enter the quantity of at least one line' : 'Enter the taxable amount of at least one line',
    )
  return made
}

/** A credit given as a sum only: spread over the lines by what each may still take, each split back into its taxable value and tax. */
function spreadCredit(amountMinor: number, lines: LineWithNotes[], supply: Supply, invoiceNumber: string): MadeLine[] {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Refused('amount', 'Enter the amount to credit, more than zero')
  const room = lines.map((l) => Math.max(0, l.creditableMinor))
  const most = room.reduce((s, r) => s + r, 0)
  if (amountMinor > most)
    throw new Refused('amount', `At most what ${invoiceNumber} can still be credited: ${formatMoney(most)}`)
  return spread(amountMinor, room)
    .map((part, i) => ({
      line: lines[i]!,
      quantityMilli: null,
      amounts: grossLineAmounts(part, lines[i]!.gst_rate_bp, supply),
    }))
    .filter((m) => m.amounts.total > 0)
}

/** Gives back up to `amount` of what payments paid on an invoice, newest payment first; answers what it gave back. */
async function unallocate(
  trx: Executor,
  buyerId: number,
  invoiceId: number,
  amount: number,
  at: Date,
): Promise<number> {
  const paid = await trx
    .selectFrom('payment_allocations')
    .select((eb) => ['payment_id', eb.fn.sum<number>('amount_minor').as('net')])
    .where('invoice_id', '=', invoiceId)
    .groupBy('payment_id')
    .orderBy('payment_id', 'desc')
    .execute()
  let left = amount
  for (const p of paid) {
    const take = Math.min(left, Number(p.net))
    if (take <= 0) continue
    await trx
      .insertInto('payment_allocations')
      .values({ payment_id: p.payment_id, invoice_id: invoiceId, amount_minor: -take, created_at: at.toISOString() })
      .execute()
    await trx
      .updateTable('buyer_payments')
      .set((eb) => ({ unallocated_minor: eb('unallocated_minor', '+', take) }))
      .where('id', '=', p.payment_id)
      .execute()
    left -= take
    if (left === 0) break
  }
  const freed = amount - left
  if (freed)
    await trx
      .updateTable('buyer_accounts')
      .set((eb) => ({ unallocated_minor: eb('unallocated_minor', '+', freed) }))
      .where('buyer_id', '=', buyerId)
      .execute()
  return freed
}
