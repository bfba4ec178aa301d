import type { ExpressionBuilder } from 'kysely'
import type { DB } from '#db/types'
import type { Executor } from '~/platform/executor'
import { formatMoney, kolkataDay } from '~/utils/format'
import { countUpTo } from '~/utils/count.server'
import { accountFigures, invoiceFigures } from './figures'
import { ageingBounds, type AgeingKey } from './money'
import { noteReasonLabels } from './notes'
import { INVOICE_ORDER_COLUMNS, invoiceOrder, withOrder } from './invoice-order'
import type { LedgerFilters } from './schema'

// The reads of a buyer's settlement: its running figures (the account row), ageing of what it owes,
// its open invoices, a page of its ledger, a statement for a period, one invoice, and the money
// lens on a master order. Each through an index of the ledger tables: the figures never sum a
// buyer's whole history.

/** A buyer's figures (./figures.ts): invoiced, debit notes, credit notes, received (money and TDS, and of it the TDS), outstanding (negative: an advance), credit used. */
export async function accountOf(db: Executor, buyerId: number) {
  const [buyer, account, tds] = await Promise.all([
    db
      .selectFrom('buyers')
      .select([
        'id',
        'name',
        'legal_name as legalName',
        'gstin',
        'credit_limit_minor as creditLimitMinor',
        'payment_terms_days as paymentTermsDays',
        'status',
      ])
      .where('id', '=', buyerId)
      .executeTakeFirst(),
    db
      .selectFrom('buyer_accounts')
      .select(['invoiced_minor', 'debited_minor', 'received_minor', 'credited_minor', 'unallocated_minor', 'entries'])
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst(),
    // The account row keeps received as money and TDS together; the TDS is the sum over the receipts that have any.
    db
      .selectFrom('buyer_payments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tds_minor'), eb.val(0)).as('tds'))
      .where('buyer_id', '=', buyerId)
      .where('tds_minor', '>', 0)
      .executeTakeFirstOrThrow(),
  ])
  if (!buyer) return undefined
  const figures = accountFigures({
    invoicedMinor: account?.invoiced_minor ?? 0,
    debitedMinor: account?.debited_minor ?? 0,
    creditedMinor: account?.credited_minor ?? 0,
    receivedMinor: account?.received_minor ?? 0,
    tdsMinor: tds.tds,
    unallocatedMinor: account?.unallocated_minor ?? 0,
  })
  const outstanding = figures.outstandingMinor
  const limit = Number(buyer.creditLimitMinor)
  return {
    buyer: { ...buyer, creditLimitMinor: limit },
    figures,
    invoicedMinor: figures.invoicedMinor,
    receivedMinor: figures.receivedMinor,
    creditedMinor: figures.creditNotesMinor,
    debitedMinor: figures.debitNotesMinor,
    outstandingMinor: outstanding,
    advanceMinor: figures.advanceMinor,
    entries: Number(account?.entries ?? 0),
    /** Outstanding as a share of the credit limit (percent, one decimal); null without a limit. */
    creditUsedPercent: limit > 0 ? Math.round((Math.max(0, outstanding) * 1000) / limit) / 10 : null,
  }
}
export type Account = NonNullable<Awaited<ReturnType<typeof accountOf>>>

/**
 * What the buyer owes on open invoices by their age (days since the invoice date), and how much of
 * it is past due: a sum per bucket over the open invoices' index range (the index holds the amounts).
 */
export async function ageingOf(db: Executor, buyerId: number, today = kolkataDay()) {
  const owed = (eb: ExpressionBuilder<DB, 'buyer_invoices'>) =>
    eb.fn
      .coalesce(
        eb.fn.sum(
          eb(
            eb(eb(eb.ref('total_minor'), '+', eb.ref('debited_minor')), '-', eb.ref('paid_minor')),
            '-',
            eb.ref('credited_minor'),
          ),
        ),
        eb.val(0),
      )
      .as('owed')
  const open = () => db.selectFrom('buyer_invoices').where('buyer_id', '=', buyerId).where('status', '=', 'open')
  const bounds = ageingBounds(today)
  const [sums, overdue] = await Promise.all([
    Promise.all(
      bounds.map((b) => {
        let q = open().where('invoice_on', '<=', b.onOrBefore)
        if (b.onOrAfter !== null) q = q.where('invoice_on', '>=', b.onOrAfter)
        return q.select((eb) => [owed(eb), eb.fn.countAll<number>().as('n')]).executeTakeFirstOrThrow()
      }),
    ),
    open()
      .where('due_on', '<', today)
      .select((eb) => [owed(eb)])
      .executeTakeFirstOrThrow(),
  ])
  const buckets = Object.fromEntries(bounds.map((b, i) => [b.key, Number(sums[i]!.owed)])) as Record<AgeingKey, number>
  return { buckets, overdueMinor: Number(overdue.owed), openInvoices: sums.reduce((s, r) => s + Number(r.n), 0) }
}

/** The buyer's open invoices, oldest first (the credit note form's choices, and what payments go to next). */
export function openInvoices(db: Executor, buyerId: number, limit = 200) {
  return db
    .selectFrom('buyer_invoices as i')
    .leftJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
    .leftJoin('sample_orders as smp', 'smp.id', 'i.sample_order_id')
    .select([
      'i.id',
      'i.number',
      'i.invoice_on as invoiceOn',
      'i.due_on as dueOn',
      'i.total_minor as totalMinor',
      'i.paid_minor as paidMinor',
      'i.credited_minor as creditedMinor',
      'i.debited_minor as debitedMinor',
      ...INVOICE_ORDER_COLUMNS,
    ])
    .where('i.buyer_id', '=', buyerId)
    .where('i.status', '=', 'open')
    .orderBy('i.invoice_on')
    .orderBy('i.id')
    .limit(limit)
    .execute()
    .then((rows) =>
      rows.map(withOrder).map((r) => ({
        ...r,
        totalMinor: Number(r.totalMinor),
        paidMinor: Number(r.paidMinor),
        creditedMinor: Number(r.creditedMinor),
        debitedMinor: Number(r.debitedMinor),
        openMinor: invoiceFigures(r).outstandingMinor,
      })),
    )
}

function ledgerRange(db: Executor, buyerId: number, f: Pick<LedgerFilters, 'from' | 'to'>) {
  let query = db.selectFrom('buyer_ledger').where('buyer_ledger.buyer_id', '=', buyerId)
  if (f.from) query = query.where('buyer_ledger.entry_on', '>=', f.from)
  if (f.to) query = query.where('buyer_ledger.entry_on', '<=', f.to)
  return query
}

const ledgerColumns = [
  'buyer_ledger.id',
  'buyer_ledger.seq',
  'buyer_ledger.entry_on as entryOn',
  'buyer_ledger.kind',
  'buyer_ledger.ref_id as refId',
  'buyer_ledger.ref_number as refNumber',
  'buyer_ledger.debit_minor as debitMinor',
  'buyer_ledger.credit_minor as creditMinor',
  'buyer_ledger.balance_minor as balanceMinor',
] as const

const ledgerNumbers = <R extends { seq: number; debitMinor: number; creditMinor: number; balanceMinor: number }>(
  rows: R[],
) =>
  rows.map((r) => ({
    ...r,
    seq: Number(r.seq),
    debitMinor: Number(r.debitMinor),
    creditMinor: Number(r.creditMinor),
    balanceMinor: Number(r.balanceMinor),
  }))

/** A page of the ledger, newest posting first, within the period; with how many rows it has. */
export async function ledgerPage(db: Executor, buyerId: number, f: LedgerFilters, entries: number) {
  const range = ledgerRange(db, buyerId, f)
  const [count, rows] = await Promise.all([
    f.from || f.to ? countUpTo(db, range) : Promise.resolve({ total: entries, capped: false }),
    range
      .select([...ledgerColumns])
      .orderBy('buyer_ledger.entry_on', 'desc')
      .orderBy('buyer_ledger.seq', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ])
  return { rows: await described(db, ledgerNumbers(rows)), total: count.total, capped: count.capped }
}

/** Each ledger row with what it is about: the invoice's order, the payment's mode, date, reference and TDS, the note's invoice and reason. */
async function described<R extends { kind: string; refId: number }>(db: Executor, rows: R[]) {
  const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.refId)
  const [invoices, payments, notes, debits] = await Promise.all([
    ids('invoice').length
      ? db
          .selectFrom('buyer_invoices as i')
          .leftJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
          .leftJoin('sample_orders as smp', 'smp.id', 'i.sample_order_id')
          .select(['i.id', 'i.due_on', ...INVOICE_ORDER_COLUMNS])
          .where('i.id', 'in', ids('invoice'))
          .execute()
      : [],
    ids('payment').length
      ? db
          .selectFrom('buyer_payments')
          .select(['id', 'mode', 'reference', 'received_on', 'amount_minor', 'tds_minor', 'tds_section'])
          .where('id', 'in', ids('payment'))
          .execute()
      : [],
    ids('credit_note').length
      ? db
          .selectFrom('credit_notes as c')
          .innerJoin('buyer_invoices as i', 'i.id', 'c.invoice_id')
          .select(['c.id', 'c.reason', 'c.reason_code', 'i.number'])
          .where('c.id', 'in', ids('credit_note'))
          .execute()
      : [],
    ids('debit_note').length
      ? db
          .selectFrom('debit_notes as d')
          .innerJoin('buyer_invoices as i', 'i.id', 'd.invoice_id')
          .select(['d.id', 'd.reason', 'd.reason_code', 'i.number'])
          .where('d.id', 'in', ids('debit_note'))
          .execute()
      : [],
  ])
  const about = new Map<string, string>()
  for (const i of invoices) {
    const order = invoiceOrder(i)
    about.set(`invoice:${i.id}`, `${order.kind === 'sample' ? 'Sample order' : 'Order'} ${order.code}, due ${i.due_on}`)
  }
  for (const p of payments)
    about.set(
      `payment:${p.id}`,
      `${p.mode.toUpperCase()} ${p.reference}, received ${p.received_on}` +
        (Number(p.tds_minor)
          ? `: ${formatMoney(Number(p.amount_minor))} received + ${formatMoney(Number(p.tds_minor))} TDS deducted${p.tds_section ? ` (${p.tds_section})` : ''}`
          : ''),
    )
  for (const c of notes)
    about.set(`credit_note:${c.id}`, `Against ${c.number}: ${noteReasonLabels[c.reason_code]}, ${c.reason}`)
  for (const d of debits)
    about.set(`debit_note:${d.id}`, `Against ${d.number}: ${noteReasonLabels[d.reason_code]}, ${d.reason}`)
  return rows.map((r) => ({ ...r, about: about.get(`${r.kind}:${r.refId}`) ?? '' }))
}

/** The most rows a statement holds: a longer period is refused with a message (narrow it). */
export const STATEMENT_MAX_ROWS = 5_000

/** A statement for a period: the balance brought forward, the period's rows in posting order, the closing balance. */
export async function statementOf(db: Executor, buyerId: number, from: string, to: string) {
  const [before, rows] = await Promise.all([
    db
      .selectFrom('buyer_ledger')
      .select('balance_minor')
      .where('buyer_id', '=', buyerId)
      .where('entry_on', '<', from)
      .orderBy('entry_on', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst(),
    ledgerRange(db, buyerId, { from, to })
      .select([...ledgerColumns])
      .orderBy('buyer_ledger.entry_on')
      .orderBy('buyer_ledger.seq')
      .limit(STATEMENT_MAX_ROWS + 1)
      .execute(),
  ])
  const opening = Number(before?.balance_minor ?? 0)
  const kept = ledgerNumbers(rows.slice(0, STATEMENT_MAX_ROWS))
  return {
    opening,
    rows: await described(db, kept),
    closing: kept.length ? kept[kept.length - 1]!.balanceMinor : opening,
    truncated: rows.length > STATEMENT_MAX_ROWS,
  }
}

/** One invoice of a buyer with its lines and what was allocated and credited to it; undefined when it is not the buyer's. */
export async function invoiceOf(db: Executor, buyerId: number, invoiceId: number) {
  const invoice = await db
    .selectFrom('buyer_invoices as i')
    .leftJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
    .leftJoin('sample_orders as smp', 'smp.id', 'i.sample_order_id')
    .select([
      'i.id',
      'i.number',
      'i.invoice_on as invoiceOn',
      'i.due_on as dueOn',
      'i.supply',
      'i.place_of_supply as placeOfSupply',
      'i.seller_json as sellerJson',
      'i.buyer_json as buyerJson',
      'i.taxable_minor',
      'i.cgst_minor',
      'i.sgst_minor',
      'i.igst_minor',
      'i.total_minor',
      'i.paid_minor',
      'i.credited_minor',
      'i.debited_minor',
      'i.status',
      ...INVOICE_ORDER_COLUMNS,
      'i.ship_to_json as shipToJson',
      'i.created_at as createdAt',
    ])
    .where('i.id', '=', invoiceId)
    .where('i.buyer_id', '=', buyerId)
    .executeTakeFirst()
  if (!invoice) return undefined
  const lines = await db
    .selectFrom('buyer_invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('line_no')
    .execute()
  const n = Number
  return {
    ...withOrder(invoice),
    taxable: n(invoice.taxable_minor),
    cgst: n(invoice.cgst_minor),
    sgst: n(invoice.sgst_minor),
    igst: n(invoice.igst_minor),
    total: n(invoice.total_minor),
    paid: n(invoice.paid_minor),
    credited: n(invoice.credited_minor),
    debited: n(invoice.debited_minor),
    figures: invoiceFigures({
      totalMinor: invoice.total_minor,
      debitedMinor: invoice.debited_minor,
      creditedMinor: invoice.credited_minor,
      paidMinor: invoice.paid_minor,
    }),
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      description: l.description,
      hsn: l.hsn_code,
      unit: l.unit,
      quantityMilli: n(l.quantity_milli),
      priceMinor: n(l.price_minor),
      taxable: n(l.taxable_minor),
      rateBp: l.gst_rate_bp,
      cgst: n(l.cgst_minor),
      sgst: n(l.sgst_minor),
      igst: n(l.igst_minor),
      total: n(l.total_minor),
    })),
  }
}
export type InvoiceDetail = NonNullable<Awaited<ReturnType<typeof invoiceOf>>>

/** The money lens on a master order: each seller order's invoice and what is paid, credited and open; with the totals. */
export async function orderMoney(db: Executor, masterOrderId: number) {
  const invoices = await db
    .selectFrom('buyer_invoices as i')
    .innerJoin('seller_orders as so', 'so.id', 'i.seller_order_id')
    .select([
      'i.id',
      'i.number',
      'i.buyer_id as buyerId',
      'so.code as sellerOrderCode',
      'i.invoice_on as invoiceOn',
      'i.due_on as dueOn',
      'i.total_minor',
      'i.paid_minor',
      'i.credited_minor',
      'i.debited_minor',
      'i.status',
    ])
    .where('i.master_order_id', '=', masterOrderId)
    .orderBy('i.id')
    .execute()
  const rows = invoices.map((i) => ({
    id: i.id,
    number: i.number,
    buyerId: i.buyerId,
    sellerOrderCode: i.sellerOrderCode,
    invoiceOn: i.invoiceOn,
    dueOn: i.dueOn,
    status: i.status,
    totalMinor: Number(i.total_minor),
    paidMinor: Number(i.paid_minor),
    creditedMinor: Number(i.credited_minor),
    debitedMinor: Number(i.debited_minor),
    openMinor: invoiceFigures({
      totalMinor: i.total_minor,
      debitedMinor: i.debited_minor,
      creditedMinor: i.credited_minor,
      paidMinor: i.paid_minor,
    }).outstandingMinor,
  }))
  const sum = (key: 'totalMinor' | 'paidMinor' | 'creditedMinor' | 'debitedMinor' | 'openMinor') =>
    rows.reduce((s, r) => s + r[key], 0)
  return {
    invoices: rows,
    invoicedMinor: sum('totalMinor'),
    paidMinor: sum('paidMinor'),
    creditedMinor: sum('creditedMinor'),
    debitedMinor: sum('debitedMinor'),
    outstandingMinor: sum('openMinor'),
  }
}
export type OrderMoney = Awaited<ReturnType<typeof orderMoney>>
