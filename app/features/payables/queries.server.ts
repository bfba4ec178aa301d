import type { SellerBillStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { financialYear } from '~/platform/numbering.server'
import { kolkataDay } from '~/utils/format'
import { addDays } from '../settlements/money'
import { listRegistrations, registrationOfGstin } from '../settlements/registrations.server'
import { billOpen, dueBucket, panOf, type DueBucket } from './money'

// Reads of the seller side of money (docs/domain.md (issue 38)). Finance's pages read every seller;
// the seller's portal passes its own seller id, and every read then stays inside it. Nothing here
// selects a buyer, a buyer's price or an order's value to the buyer.

const n = (x: number | string | null | undefined) => Number(x ?? 0)

export type BillFilter = SellerBillStatus | 'all'
export const readBillFilter = (url: URL): BillFilter => {
  const s = url.searchParams.get('status')
  return s === 'approved' || s === 'rejected' || s === 'all' ? s : 'review'
}

const LIST_SIZE = 100

/** Bills with their seller's name and seller order's code: what every list of bills shows. */
const billRows = (db: Executor) =>
  db
    .selectFrom('seller_bills as b')
    .innerJoin('sellers as s', 's.id', 'b.seller_id')
    .innerJoin('seller_orders as so', 'so.id', 'b.seller_order_id')
    .select([
      'b.id',
      'b.number',
      'b.seller_id',
      's.name as sellerName',
      'so.code as orderCode',
      'b.bill_on',
      'b.due_on',
      'b.total_minor',
    ])

/** Bills for finance: the review queue by default (oldest first), or approved, rejected, all (newest first). */
export async function billsList(db: Executor, status: BillFilter) {
  let q = billRows(db).select(['b.status', 'b.mismatch'])
  if (status !== 'all') q = q.where('b.status', '=', status)
  q = status === 'review' ? q.orderBy('b.id', 'asc') : q.orderBy('b.id', 'desc')
  const [rows, count] = await Promise.all([
    q.limit(LIST_SIZE).execute(),
    db
      .selectFrom('seller_bills')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'review')
      .executeTakeFirstOrThrow(),
  ])
  return {
    waiting: n(count.n),
    rows: rows.map((r) => ({
      id: r.id,
      number: r.number,
      sellerId: r.seller_id,
      sellerName: r.sellerName,
      orderCode: r.orderCode,
      billOn: r.bill_on,
      dueOn: r.due_on,
      totalMinor: n(r.total_minor),
      status: r.status,
      mismatch: r.mismatch,
    })),
  }
}

export async function sellerOrderByCode(db: Executor, code: string) {
  return db
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('code', '=', code.trim().toUpperCase())
    .executeTakeFirst()
}

/** One bill with its lines, debit notes and the payouts that paid it; `sellerId` keeps a seller to its own. */
export async function billDetail(db: Executor, billId: number, sellerId?: number) {
  let q = db
    .selectFrom('seller_bills as b')
    .innerJoin('sellers as s', 's.id', 'b.seller_id')
    .innerJoin('seller_orders as so', 'so.id', 'b.seller_order_id')
    .leftJoin('users as u', 'u.id', 'b.decided_by')
    .select([
      'b.id',
      'b.number',
      'b.seller_id',
      'b.seller_order_id',
      's.name as sellerName',
      's.gstin',
      'so.code as orderCode',
      'so.status as orderStatus',
      'b.bill_on',
      'b.due_on',
      'b.supply',
      'b.taxable_minor',
      'b.cgst_minor',
      'b.sgst_minor',
      'b.igst_minor',
      'b.total_minor',
      'b.paid_minor',
      'b.debited_minor',
      'b.tds_minor',
      'b.status',
      'b.mismatch',
      'b.approved_on',
      'b.decided_at',
      'b.decision_note',
      'b.recipient_gstin',
      'u.name as decidedBy',
    ])
    .where('b.id', '=', billId)
  if (sellerId !== undefined) q = q.where('b.seller_id', '=', sellerId)
  const bill = await q.executeTakeFirst()
  if (!bill) return undefined
  const [registrations, lines, notes, payouts] = await Promise.all([
    listRegistrations(db),
    db
      .selectFrom('seller_bill_lines as l')
      .innerJoin('sub_orders as so', 'so.id', 'l.sub_order_id')
      .innerJoin('product_skus as ps', 'ps.id', 'so.product_sku_id')
      .innerJoin('products as p', 'p.id', 'ps.product_id')
      .select([
        'l.id',
        'l.line_no',
        'l.quantity_milli',
        'l.rate_minor',
        'l.taxable_minor',
        'l.gst_rate_bp',
        'l.cgst_minor',
        'l.sgst_minor',
        'l.igst_minor',
        'l.total_minor',
        'l.ordered_milli',
        'l.accepted_milli',
        'l.cost_minor',
        'l.debited_milli',
        'ps.code as skuCode',
        'ps.name as skuName',
        'p.unit',
      ])
      .where('l.bill_id', '=', billId)
      .orderBy('l.line_no')
      .execute(),
    db
      .selectFrom('seller_debit_notes')
      .select(['id', 'number', 'issued_on', 'reason', 'taxable_minor', 'amount_minor'])
      .where('bill_id', '=', billId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('seller_payout_lines as l')
      .innerJoin('seller_payouts as p', 'p.id', 'l.payout_id')
      .select(['p.id', 'p.number', 'p.paid_on', 'p.utr', 'l.amount_minor'])
      .where('l.bill_id', '=', billId)
      .orderBy('p.id')
      .execute(),
  ])
  const money = {
    total: n(bill.total_minor),
    paid: n(bill.paid_minor),
    debited: n(bill.debited_minor),
    tds: n(bill.tds_minor),
  }
  return {
    id: bill.id,
    number: bill.number,
    sellerId: bill.seller_id,
    sellerName: bill.sellerName,
    gstin: bill.gstin,
    orderCode: bill.orderCode,
    orderStatus: bill.orderStatus,
    billOn: bill.bill_on,
    dueOn: bill.due_on,
    supply: bill.supply,
    /** The platform's registration that received the bill (issue 52; a bill from before reads as the home one). */
    recipient: (({ gstin, state }) => ({ gstin, state }))(registrationOfGstin(registrations, bill.recipient_gstin)),
    taxableMinor: n(bill.taxable_minor),
    cgstMinor: n(bill.cgst_minor),
    sgstMinor: n(bill.sgst_minor),
    igstMinor: n(bill.igst_minor),
    totalMinor: money.total,
    paidMinor: money.paid,
    debitedMinor: money.debited,
    tdsMinor: money.tds,
    openMinor: bill.status === 'approved' ? billOpen(money) : 0,
    status: bill.status,
    mismatch: bill.mismatch,
    approvedOn: bill.approved_on,
    decidedAt: bill.decided_at,
    decisionNote: bill.decision_note,
    decidedBy: bill.decidedBy,
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      description: `${l.skuCode} ${l.skuName}`,
      unit: l.unit,
      quantityMilli: n(l.quantity_milli),
      rateMinor: n(l.rate_minor),
      taxableMinor: n(l.taxable_minor),
      gstRateBp: l.gst_rate_bp,
      taxMinor: n(l.cgst_minor) + n(l.sgst_minor) + n(l.igst_minor),
      totalMinor: n(l.total_minor),
      orderedMilli: n(l.ordered_milli),
      acceptedMilli: n(l.accepted_milli),
      costMinor: n(l.cost_minor),
      debitedMilli: n(l.debited_milli),
    })),
    debitNotes: notes.map((d) => ({
      id: d.id,
      number: d.number,
      issuedOn: d.issued_on,
      reason: d.reason,
      taxableMinor: n(d.taxable_minor),
      amountMinor: n(d.amount_minor),
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      number: p.number,
      paidOn: p.paid_on,
      utr: p.utr,
      amountMinor: n(p.amount_minor),
    })),
  }
}
export type BillDetail = NonNullable<Awaited<ReturnType<typeof billDetail>>>

/** Approved bills still owing, soonest due first, per seller, with totals overdue, due this week, later. */
export async function payables(db: Executor, today: string) {
  const weekEnd = addDays(today, 6)
  const rows = await billRows(db)
    .select(['b.paid_minor', 'b.debited_minor', 'b.tds_minor'])
    .where('b.status', '=', 'approved')
    .where((eb) =>
      eb(
        eb(
          eb(eb('b.total_minor', '-', eb.ref('b.paid_minor')), '-', eb.ref('b.debited_minor')),
          '-',
          eb.ref('b.tds_minor'),
        ),
        '>',
        0,
      ),
    )
    .orderBy('s.name')
    .orderBy('b.seller_id')
    .orderBy('b.due_on')
    .orderBy('b.id')
    .limit(500)
    .execute()
  const totals: Record<DueBucket, number> = { overdue: 0, week: 0, later: 0 }
  const sellers = new Map<
    number,
    {
      sellerId: number
      sellerName: string
      totals: Record<DueBucket, number>
      bills: {
        id: number
        number: string
        orderCode: string
        billOn: string
        dueOn: string
        bucket: DueBucket
        totalMinor: number
        tdsMinor: number
        debitedMinor: number
        paidMinor: number
        openMinor: number
      }[]
    }
  >()
  for (const r of rows) {
    const open = billOpen({
      total: n(r.total_minor),
      paid: n(r.paid_minor),
      debited: n(r.debited_minor),
      tds: n(r.tds_minor),
    })
    const bucket = dueBucket(r.due_on, today, weekEnd)
    totals[bucket] += open
    const seller = sellers.get(r.seller_id) ?? {
      sellerId: r.seller_id,
      sellerName: r.sellerName,
      totals: { overdue: 0, week: 0, later: 0 },
      bills: [],
    }
    seller.totals[bucket] += open
    seller.bills.push({
      id: r.id,
      number: r.number,
      orderCode: r.orderCode,
      billOn: r.bill_on,
      dueOn: r.due_on,
      bucket,
      totalMinor: n(r.total_minor),
      tdsMinor: n(r.tds_minor),
      debitedMinor: n(r.debited_minor),
      paidMinor: n(r.paid_minor),
      openMinor: open,
    })
    sellers.set(r.seller_id, seller)
  }
  return { totals, sellers: [...sellers.values()], weekEnd }
}

/** A seller's account: its figures, terms and PAN, its last ledger entries, its payouts with what each paid. */
export async function sellerAccount(db: Executor, sellerId: number, ledgerRows = 50, today = kolkataDay()) {
  const seller = await db
    .selectFrom('sellers as s')
    .leftJoin('seller_accounts as a', 'a.seller_id', 's.id')
    .select([
      's.id',
      's.name',
      's.legal_name',
      's.gstin',
      's.payment_terms_days',
      'a.billed_minor',
      'a.paid_minor',
      'a.debited_minor',
      'a.tds_minor',
      'a.opening_fy',
      'a.opening_purchases_minor',
    ])
    .where('s.id', '=', sellerId)
    .executeTakeFirst()
  if (!seller) return undefined
  const [ledger, payouts, payoutLines, owed] = await Promise.all([
    db
      .selectFrom('seller_ledger')
      .select(['id', 'seq', 'entry_on', 'kind', 'ref_id', 'ref_number', 'debit_minor', 'credit_minor', 'balance_minor'])
      .where('seller_id', '=', sellerId)
      .orderBy('seq', 'desc')
      .limit(ledgerRows)
      .execute(),
    db
      .selectFrom('seller_payouts')
      .select(['id', 'number', 'paid_on', 'utr', 'amount_minor'])
      .where('seller_id', '=', sellerId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('seller_payout_lines as l')
      .innerJoin('seller_payouts as p', 'p.id', 'l.payout_id')
      .innerJoin('seller_bills as b', 'b.id', 'l.bill_id')
      .select([
        'l.payout_id',
        'b.id as billId',
        'b.number',
        'b.total_minor',
        'b.tds_minor',
        'b.debited_minor',
        'l.amount_minor',
      ])
      .where('p.seller_id', '=', sellerId)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('seller_bills as b')
      .innerJoin('seller_orders as so', 'so.id', 'b.seller_order_id')
      .select([
        'b.id',
        'b.number',
        'so.code as orderCode',
        'b.bill_on',
        'b.due_on',
        'b.status',
        'b.total_minor',
        'b.paid_minor',
        'b.debited_minor',
        'b.tds_minor',
      ])
      .where('b.seller_id', '=', sellerId)
      .where('b.status', 'in', ['approved', 'review'])
      .where((eb) =>
        eb(
          eb(
            eb(eb('b.total_minor', '-', eb.ref('b.paid_minor')), '-', eb.ref('b.debited_minor')),
            '-',
            eb.ref('b.tds_minor'),
          ),
          '>',
          0,
        ),
      )
      .orderBy('b.due_on')
      .orderBy('b.id')
      .limit(200)
      .execute(),
  ])
  const figures = {
    billedMinor: n(seller.billed_minor),
    paidMinor: n(seller.paid_minor),
    debitedMinor: n(seller.debited_minor),
    tdsMinor: n(seller.tds_minor),
  }
  return {
    seller: {
      id: seller.id,
      name: seller.name,
      legalName: seller.legal_name,
      gstin: seller.gstin,
      pan: panOf(seller.gstin),
      paymentTermsDays: n(seller.payment_terms_days),
      year: financialYear(today),
      openingPurchasesMinor: seller.opening_fy === financialYear(today) ? n(seller.opening_purchases_minor) : 0,
    },
    ...figures,
    balanceMinor: figures.billedMinor - figures.paidMinor - figures.debitedMinor - figures.tdsMinor,
    ledger: ledger.map((r) => ({
      id: r.id,
      seq: n(r.seq),
      entryOn: r.entry_on,
      kind: r.kind,
      refId: r.ref_id,
      refNumber: r.ref_number,
      debitMinor: n(r.debit_minor),
      creditMinor: n(r.credit_minor),
      balanceMinor: n(r.balance_minor),
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      number: p.number,
      paidOn: p.paid_on,
      utr: p.utr,
      amountMinor: n(p.amount_minor),
      bills: payoutLines
        .filter((l) => l.payout_id === p.id)
        .map((l) => ({
          billId: l.billId,
          number: l.number,
          totalMinor: n(l.total_minor),
          tdsMinor: n(l.tds_minor),
          debitedMinor: n(l.debited_minor),
          paidMinor: n(l.amount_minor),
        })),
    })),
    owed: owed.map((b) => ({
      id: b.id,
      number: b.number,
      orderCode: b.orderCode,
      billOn: b.bill_on,
      dueOn: b.due_on,
      status: b.status,
      totalMinor: n(b.total_minor),
      tdsMinor: n(b.tds_minor),
      debitedMinor: n(b.debited_minor),
      paidMinor: n(b.paid_minor),
      openMinor: billOpen({
        total: n(b.total_minor),
        paid: n(b.paid_minor),
        debited: n(b.debited_minor),
        tds: n(b.tds_minor),
      }),
    })),
  }
}
export type SellerAccount = NonNullable<Awaited<ReturnType<typeof sellerAccount>>>

/** The debit notes issued to a seller, newest first. */
export async function sellerDebitNotes(db: Executor, sellerId: number) {
  const rows = await db
    .selectFrom('seller_debit_notes as d')
    .innerJoin('seller_bills as b', 'b.id', 'd.bill_id')
    .select([
      'd.id',
      'd.number',
      'd.issued_on',
      'd.reason',
      'd.amount_minor',
      'b.number as billNumber',
      'b.id as billId',
    ])
    .where('d.seller_id', '=', sellerId)
    .orderBy('d.id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    issuedOn: r.issued_on,
    reason: r.reason,
    amountMinor: n(r.amount_minor),
    billNumber: r.billNumber,
    billId: r.billId,
  }))
}

/** The seller's ledger over a period, with the balance brought forward: the statement. */
export async function sellerStatement(db: Executor, sellerId: number, from: string, to: string) {
  const [opening, rows] = await Promise.all([
    db
      .selectFrom('seller_ledger')
      .select('balance_minor')
      .where('seller_id', '=', sellerId)
      .where('entry_on', '<', from)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('seller_ledger')
      .select(['seq', 'entry_on', 'kind', 'ref_number', 'debit_minor', 'credit_minor', 'balance_minor'])
      .where('seller_id', '=', sellerId)
      .where('entry_on', '>=', from)
      .where('entry_on', '<=', to)
      .orderBy('seq')
      .limit(2000)
      .execute(),
  ])
  return {
    openingMinor: n(opening?.balance_minor),
    rows: rows.map((r) => ({
      entryOn: r.entry_on,
      kind: r.kind,
      refNumber: r.ref_number,
      debitMinor: n(r.debit_minor),
      creditMinor: n(r.credit_minor),
      balanceMinor: n(r.balance_minor),
    })),
    closingMinor: rows.length ? n(rows[rows.length - 1]!.balance_minor) : n(opening?.balance_minor),
  }
}

/** A month (YYYY-MM) from the URL, this month when absent or not one. */
export function readMonth(url: URL, today: string): string {
  const m = url.searchParams.get('month') ?? ''
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(m) ? m : today.slice(0, 7)
}
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
}

/**
 * A month's registers for finance: input tax from the bills approved in it, less the debit notes
 * issued in it (CGST, SGST, IGST per seller), each with the platform's registration that received it
 * (issue 52: each registration claims its own credit), only those of `registration` (a GSTIN) when
 * given, with totals per registration; TDS deducted under section 194Q in it, per seller with its PAN
 * (from the GSTIN), for the challan and the quarterly return (the company's, whatever registration).
 */
export async function taxRegisters(db: Executor, month: string, registration: string | null = null) {
  const from = `${month}-01`
  const to = monthEnd(month)
  const [registrations, bills, notes] = await Promise.all([
    listRegistrations(db),
    db
      .selectFrom('seller_bills as b')
      .innerJoin('sellers as s', 's.id', 'b.seller_id')
      .select([
        'b.id',
        'b.number',
        'b.seller_id',
        's.name as sellerName',
        's.gstin',
        'b.bill_on',
        'b.approved_on',
        'b.taxable_minor',
        'b.cgst_minor',
        'b.sgst_minor',
        'b.igst_minor',
        'b.tds_minor',
        'b.recipient_gstin',
      ])
      .where('b.status', '=', 'approved')
      .where('b.approved_on', '>=', from)
      .where('b.approved_on', '<=', to)
      .orderBy('b.approved_on')
      .orderBy('b.id')
      .execute(),
    db
      .selectFrom('seller_debit_notes as d')
      .innerJoin('sellers as s', 's.id', 'd.seller_id')
      .innerJoin('seller_bills as nb', 'nb.id', 'd.bill_id')
      .select([
        'd.id',
        'd.number',
        'd.seller_id',
        's.name as sellerName',
        's.gstin',
        'd.issued_on',
        'd.taxable_minor',
        'd.cgst_minor',
        'd.sgst_minor',
        'd.igst_minor',
        'nb.recipient_gstin',
      ])
      .where('d.issued_on', '>=', from)
      .where('d.issued_on', '<=', to)
      .orderBy('d.issued_on')
      .orderBy('d.id')
      .execute(),
  ])
  const received = (gstin: string | null) => registrationOfGstin(registrations, gstin).gstin
  const all = [
    ...bills.map((b) => ({
      key: `b${b.id}`,
      document: `Bill ${b.number}`,
      on: b.approved_on!,
      sellerName: b.sellerName,
      gstin: b.gstin,
      receivedBy: received(b.recipient_gstin),
      taxableMinor: n(b.taxable_minor),
      cgstMinor: n(b.cgst_minor),
      sgstMinor: n(b.sgst_minor),
      igstMinor: n(b.igst_minor),
    })),
    ...notes.map((d) => ({
      key: `d${d.id}`,
      document: `Debit note ${d.number}`,
      on: d.issued_on,
      sellerName: d.sellerName,
      gstin: d.gstin,
      receivedBy: received(d.recipient_gstin),
      taxableMinor: -n(d.taxable_minor),
      cgstMinor: -n(d.cgst_minor),
      sgstMinor: -n(d.sgst_minor),
      igstMinor: -n(d.igst_minor),
    })),
  ]
  const input = registration ? all.filter((r) => r.receivedBy === registration) : all
  const inputTotals = taxTotals(input)
  const inputByRegistration = registrations
    .map((r) => ({ gstin: r.gstin, state: r.state, ...taxTotals(all.filter((row) => row.receivedBy === r.gstin)) }))
    .filter((r) => !registration || r.gstin === registration)
  const tdsBySeller = new Map<
    number,
    { sellerId: number; sellerName: string; pan: string | null; bills: number; taxableMinor: number; tdsMinor: number }
  >()
  for (const b of bills) {
    if (!n(b.tds_minor)) continue
    const row = tdsBySeller.get(b.seller_id) ?? {
      sellerId: b.seller_id,
      sellerName: b.sellerName,
      pan: panOf(b.gstin),
      bills: 0,
      taxableMinor: 0,
      tdsMinor: 0,
    }
    row.bills += 1
    row.taxableMinor += n(b.taxable_minor)
    row.tdsMinor += n(b.tds_minor)
    tdsBySeller.set(b.seller_id, row)
  }
  const tds = [...tdsBySeller.values()]
  return {
    month,
    from,
    to,
    registration,
    input,
    inputTotals,
    inputByRegistration,
    tds,
    tdsTotalMinor: tds.reduce((s, r) => s + r.tdsMinor, 0),
  }
}

/** Taxable value and tax of register rows, summed. */
export const taxTotals = (rows: { taxableMinor: number; cgstMinor: number; sgstMinor: number; igstMinor: number }[]) =>
  rows.reduce(
    (s, r) => ({
      taxableMinor: s.taxableMinor + r.taxableMinor,
      cgstMinor: s.cgstMinor + r.cgstMinor,
      sgstMinor: s.sgstMinor + r.sgstMinor,
      igstMinor: s.igstMinor + r.igstMinor,
    }),
    { taxableMinor: 0, cgstMinor: 0, sgstMinor: 0, igstMinor: 0 },
  )
