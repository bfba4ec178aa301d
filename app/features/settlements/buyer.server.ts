// A buyer's own money, as its buyer portal reads it (docs/domain.md "The buyer's portal"): its
// invoices, the payments it made, what it owes and how old, its statement and invoice PDFs. Every
// read takes the buyer's id from the signed-in company (never from the URL), so another buyer's
// invoice is simply not found. Allow-lists: an invoice row names its number, dates, the buyer's
// order code and the amounts; never the seller order, the seller or a cost.
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { Executor } from '~/platform/executor'
import { countUpTo } from '~/utils/count.server'
import { readDateFilters } from '~/utils/date-filters'
import { formatMoney, kolkataDay } from '~/utils/format'
import { keysetWalk } from '~/utils/keyset.server'
import { readId, readListParams } from '~/utils/list-params'
import { BUYER_INVOICE_STATUSES, buyerMoneyPaths, type BuyerInvoiceFilter } from './buyer-paths'
import type { InvoiceStatus } from '#db/types'
import { invoiceFigures, type InvoiceAmounts } from './figures'
import { INVOICE_ORDER_COLUMNS, withOrder } from './invoice-order'
import { addDays } from './money'
import { invoiceDocumentOf, statementPdfFor } from './pages.server'
import { registrationsOf } from './gst/registrations.server'
import { buyerWaitingText, gstinOf, isValidDocument, standingOf, type RegistrationFacts } from './gst/standing'
import { accountOf, ageingOf, openInvoices } from './queries.server'

type InvoiceRecord = InvoiceAmounts & {
  id: number
  number: string
  invoiceOn: string
  dueOn: string
  status: InvoiceStatus
  buyerJson: string
}

/**
 * An invoice as the buyer reads it: its number, days, status and its figures (./figures.ts), never
 * its stored columns; and whether it is a valid tax invoice yet (Rule 48(5)): `valid` (its PDF may
 * be given), else `waiting`, what the buyer is told; `irn` once registered.
 */
const buyerInvoice = (r: InvoiceRecord, registration: RegistrationFacts | undefined) => {
  const standing = standingOf(gstinOf(r.buyerJson), registration)
  return {
    id: r.id,
    number: r.number,
    invoiceOn: r.invoiceOn,
    dueOn: r.dueOn,
    status: r.status,
    ...invoiceFigures(r),
    valid: isValidDocument(standing),
    waiting: buyerWaitingText(standing),
    irn: standing.state === 'registered' ? standing.irn : null,
  }
}

/** The registrations of the invoices listed, in one query. */
const registrationsFor = (db: Executor, rows: { id: number }[]) =>
  registrationsOf(
    db,
    'INV',
    rows.map((r) => r.id),
  )

type InvoiceListRecord = InvoiceRecord & {
  masterOrderId: number | null
  masterCode: string | null
  sampleOrderId: number | null
  sampleCode: string | null
}

/** A list row: the invoice with the order it bills. */
function buyerInvoiceRow(r: InvoiceListRecord, registration: RegistrationFacts | undefined) {
  const row = withOrder(r)
  return { ...buyerInvoice(row, registration), order: row.order, orderCode: row.orderCode }
}

/** List rows with their standing (one query for the registrations). */
async function buyerInvoiceRows(db: Executor, rows: InvoiceListRecord[]) {
  const registrations = await registrationsFor(db, rows)
  return rows.map((r) => buyerInvoiceRow(r, registrations.get(r.id)))
}
export type BuyerInvoiceRow = ReturnType<typeof buyerInvoiceRow>

/** The invoices of one of the buyer's orders (its order page): number, dates, amounts, status. */
export async function buyerOrderInvoices(db: Executor, buyerId: number, masterOrderId: number) {
  const rows = await db
    .selectFrom('buyer_invoices as i')
    .select([
      'i.id',
      'i.number',
      'i.invoice_on as invoiceOn',
      'i.due_on as dueOn',
      'i.total_minor as totalMinor',
      'i.paid_minor as paidMinor',
      'i.credited_minor as creditedMinor',
      'i.debited_minor as debitedMinor',
      'i.status',
      'i.buyer_json as buyerJson',
    ])
    .where('i.master_order_id', '=', masterOrderId)
    .where('i.buyer_id', '=', buyerId)
    .orderBy('i.id')
    .execute()
  const registrations = await registrationsFor(db, rows)
  return rows.map((r) => buyerInvoice(r, registrations.get(r.id)))
}

/** The invoice list's filters from the URL: status (open, past due, settled; all when absent) and page. */
export function readBuyerInvoiceFilters(url: URL) {
  const list = readListParams(url, { sorts: ['date'] as const, defaultSort: 'date', defaultDir: 'desc' })
  const status = url.searchParams.get('status') ?? ''
  return {
    page: list.page,
    pageSize: list.pageSize,
    status: (BUYER_INVOICE_STATUSES as readonly string[]).includes(status) ? (status as BuyerInvoiceFilter) : null,
  }
}

type BuyerInvoiceFilters = ReturnType<typeof readBuyerInvoiceFilters>

/** The buyer's invoices the filters pick (the list and its CSV). */
function filteredInvoices(db: Database, buyerId: number, filters: Pick<BuyerInvoiceFilters, 'status'>, today: string) {
  let query = db.selectFrom('buyer_invoices as i').where('i.buyer_id', '=', buyerId)
  if (filters.status === 'settled') query = query.where('i.status', '=', 'settled')
  if (filters.status === 'open' || filters.status === 'overdue') query = query.where('i.status', '=', 'open')
  if (filters.status === 'overdue') query = query.where('i.due_on', '<', today)
  return query
}

/** An invoice row as the list shows it: number, dates, the buyer's order, the amounts, status. */
const invoiceRows = (query: ReturnType<typeof filteredInvoices>) =>
  query
    .leftJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
    .leftJoin('sample_orders as smp', 'smp.id', 'i.sample_order_id')
    .select([
      'i.id',
      'i.number',
      'i.invoice_on as invoiceOn',
      'i.due_on as dueOn',
      ...INVOICE_ORDER_COLUMNS,
      'i.total_minor as totalMinor',
      'i.paid_minor as paidMinor',
      'i.credited_minor as creditedMinor',
      'i.debited_minor as debitedMinor',
      'i.status',
      'i.buyer_json as buyerJson',
    ])
    .orderBy('i.invoice_on', 'desc')
    .orderBy('i.id', 'desc')

/** A page of the buyer's invoices, newest first, with how many match. */
export async function buyerInvoicesPage(db: Database, buyerId: number, url: URL) {
  const filters = readBuyerInvoiceFilters(url)
  const today = kolkataDay()
  const query = filteredInvoices(db, buyerId, filters, today)
  const [count, rows] = await Promise.all([
    countUpTo(db, query),
    invoiceRows(query)
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize)
      .execute(),
  ])
  return { rows: await buyerInvoiceRows(db, rows), total: count.total, capped: count.capped, filters, today }
}
export type BuyerInvoicesPage = Awaited<ReturnType<typeof buyerInvoicesPage>>

/** Every invoice the list's filters pick (its query string, pages aside), newest first, a batch at a time (the CSV). */
export async function* buyerInvoiceBatches(db: Database, buyerId: number, url: URL, batch = 1_000) {
  const filters = readBuyerInvoiceFilters(url)
  const today = kolkataDay()
  const next = (last: { invoiceOn: string; id: number } | null) => {
    let query = filteredInvoices(db, buyerId, filters, today)
    if (last) {
      const { invoiceOn, id } = last
      query = query.where((eb) =>
        eb.or([eb('i.invoice_on', '<', invoiceOn), eb.and([eb('i.invoice_on', '=', invoiceOn), eb('i.id', '<', id)])]),
      )
    }
    return invoiceRows(query).limit(batch).execute()
  }
  for await (const rows of keysetWalk(next, batch)) yield { rows: await buyerInvoiceRows(db, rows), today }
}

const paymentRows = (db: Database, buyerId: number) =>
  db
    .selectFrom('buyer_payments as p')
    .where('p.buyer_id', '=', buyerId)
    .select([
      'p.id',
      'p.number',
      'p.received_on as receivedOn',
      'p.amount_minor as amountMinor',
      'p.tds_minor as tdsMinor',
      'p.tds_section as tdsSection',
      'p.mode',
      'p.reference',
      'p.unallocated_minor as unallocatedMinor',
    ])
    .orderBy('p.received_on', 'desc')
    .orderBy('p.id', 'desc')

type PaymentRecord = Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number]

/** Payments with the invoices each paid (one query for them all). */
async function withAllocations(db: Database, buyerId: number, rows: PaymentRecord[]) {
  const allocations = rows.length
    ? await db
        .selectFrom('payment_allocations as a')
        .innerJoin('buyer_invoices as i', 'i.id', 'a.invoice_id')
        .select(['a.payment_id', 'a.amount_minor', 'i.id as invoiceId', 'i.number'])
        .where(
          'a.payment_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('i.buyer_id', '=', buyerId)
        .orderBy('a.id')
        .execute()
    : []
  // What a payment paid on each invoice, net of what a later credit note gave back from it (negative allocations).
  const paidOn = (paymentId: number) => {
    const net = new Map<number, { invoiceId: number; number: string; amountMinor: number }>()
    for (const a of allocations.filter((x) => x.payment_id === paymentId)) {
      const seen = net.get(a.invoiceId) ?? { invoiceId: a.invoiceId, number: a.number, amountMinor: 0 }
      seen.amountMinor += Number(a.amount_minor)
      net.set(a.invoiceId, seen)
    }
    return [...net.values()].filter((a) => a.amountMinor !== 0)
  }
  return rows.map((r) => ({
    ...r,
    amountMinor: Number(r.amountMinor),
    tdsMinor: Number(r.tdsMinor),
    unallocatedMinor: Number(r.unallocatedMinor),
    paid: paidOn(r.id),
  }))
}

/** A page of the payments the platform received from the buyer (its receipts), newest first, each with the invoices it paid. */
export async function buyerPaymentsPage(db: Database, buyerId: number, url: URL) {
  const list = readListParams(url, { sorts: ['received'] as const, defaultSort: 'received', defaultDir: 'desc' })
  const [count, rows] = await Promise.all([
    countUpTo(db, db.selectFrom('buyer_payments as p').where('p.buyer_id', '=', buyerId)),
    paymentRows(db, buyerId)
      .limit(list.pageSize)
      .offset((list.page - 1) * list.pageSize)
      .execute(),
  ])
  return {
    rows: await withAllocations(db, buyerId, rows),
    total: count.total,
    capped: count.capped,
    page: list.page,
    pageSize: list.pageSize,
  }
}

/** Every payment received from the buyer, newest first, each with the invoices it paid, a batch at a time (the CSV). */
export async function* buyerPaymentBatches(db: Database, buyerId: number, batch = 1_000) {
  const next = (last: { receivedOn: string; id: number } | null) => {
    let query = paymentRows(db, buyerId)
    if (last) {
      const { receivedOn, id } = last
      query = query.where((eb) =>
        eb.or([
          eb('p.received_on', '<', receivedOn),
          eb.and([eb('p.received_on', '=', receivedOn), eb('p.id', '<', id)]),
        ]),
      )
    }
    return query.limit(batch).execute()
  }
  for await (const rows of keysetWalk(next, batch)) yield await withAllocations(db, buyerId, rows)
}
export type BuyerPaymentsPage = Awaited<ReturnType<typeof buyerPaymentsPage>>

/** What the buyer owes: its figures, ageing, open invoices (oldest first), and the statement's period (GET from/to). */
export async function buyerOutstandingPage(db: Database, buyerId: number, url: URL) {
  const account = await accountOf(db, buyerId)
  if (!account) return undefined
  const today = kolkataDay()
  const { dates, problems } = readDateFilters(url.searchParams, ['from', 'to'] as const)
  const [ageing, open] = await Promise.all([ageingOf(db, buyerId, today), openInvoices(db, buyerId, 100)])
  return {
    account: {
      ...account.figures,
      creditLimitMinor: account.buyer.creditLimitMinor,
      creditUsedPercent: account.creditUsedPercent,
      paymentTermsDays: account.buyer.paymentTermsDays,
    },
    ageing,
    open: open.map((i) => ({
      id: i.id,
      number: i.number,
      invoiceOn: i.invoiceOn,
      dueOn: i.dueOn,
      order: i.order,
      ...invoiceFigures(i),
    })),
    today,
    statement: { from: dates.from || addDays(today, -90), to: dates.to || today, problems },
  }
}
export type BuyerOutstandingPage = NonNullable<Awaited<ReturnType<typeof buyerOutstandingPage>>>

/** The money figures of the buyer's home, each opening the list behind it. */
export async function buyerMoneyFigures(
  db: Database,
  buyerId: number,
): Promise<{ label: string; value: string | number; tone?: 'warning'; to: string }[]> {
  const today = kolkataDay()
  const [account, ageing] = await Promise.all([accountOf(db, buyerId), ageingOf(db, buyerId, today)])
  const warn = (n: number) => (n > 0 ? ('warning' as const) : undefined)
  return [
    { label: 'Outstanding', value: formatMoney(account?.outstandingMinor ?? 0), to: buyerMoneyPaths.outstanding },
    {
      label: 'Past due',
      value: formatMoney(ageing.overdueMinor),
      tone: warn(ageing.overdueMinor),
      to: `${buyerMoneyPaths.invoices}?status=overdue`,
    },
    { label: 'Open invoices', value: ageing.openInvoices, to: `${buyerMoneyPaths.invoices}?status=open` },
  ]
}

/**
 * One of the buyer's invoices as a PDF, only when it is a valid tax invoice (Rule 48(5), issue 52):
 * B2C at issue, B2B once its IRN is recorded and while it is not cancelled. `waiting` says why not,
 * in the buyer's words; undefined (404) when the id is not an invoice of this buyer.
 */
export async function buyerInvoicePdf(
  db: Database,
  buyerId: number,
  invoiceIdParam: string | undefined,
): Promise<{ ok: true; response: Response } | { ok: false; invoiceId: number; waiting: string } | undefined> {
  const invoiceId = readId(invoiceIdParam?.replace(/\.pdf$/, ''))
  const document = invoiceId ? await invoiceDocumentOf(db, buyerId, invoiceId) : undefined
  if (!document) return undefined
  if (!document.valid)
    return { ok: false, invoiceId: document.invoice.id, waiting: buyerWaitingText(document.standing) ?? '' }
  return { ok: true, response: await document.pdf() }
}

/** The buyer's statement of account for a period (?from=&to=, the last 90 days when absent) as a PDF. */
export const buyerStatementPdf = (db: Database, buyerId: number, url: URL) => statementPdfFor(db, String(buyerId), url)

/** The buyer whose money the viewer reads: its own company, or none (every money page answers 404). */
export const buyerIdOf = (viewer: Pick<Viewer, 'company'>): number | null =>
  viewer.company?.kind === 'buyer' ? viewer.company.id : null

/**
 * The buyer's invoices the status picks, newest first, after a row (keyset: its day and id), up to
 * `limit`: the integration API's cursor pages of the same list.
 */
export async function buyerInvoicesAfter(
  db: Database,
  buyerId: number,
  status: BuyerInvoiceFilter | null,
  after: { invoiceOn: string; id: number } | null,
  limit: number,
) {
  const today = kolkataDay()
  let query = filteredInvoices(db, buyerId, { status }, today)
  if (after) {
    const { invoiceOn, id } = after
    query = query.where((eb) =>
      eb.or([eb('i.invoice_on', '<', invoiceOn), eb.and([eb('i.invoice_on', '=', invoiceOn), eb('i.id', '<', id)])]),
    )
  }
  const rows = await invoiceRows(query).limit(limit).execute()
  return { rows: await buyerInvoiceRows(db, rows), today }
}

/** The payments received from the buyer, newest first, after a row (keyset), each with the invoices it paid. */
export async function buyerPaymentsAfter(
  db: Database,
  buyerId: number,
  after: { receivedOn: string; id: number } | null,
  limit: number,
) {
  let query = paymentRows(db, buyerId)
  if (after) {
    const { receivedOn, id } = after
    query = query.where((eb) =>
      eb.or([
        eb('p.received_on', '<', receivedOn),
        eb.and([eb('p.received_on', '=', receivedOn), eb('p.id', '<', id)]),
      ]),
    )
  }
  return withAllocations(db, buyerId, await query.limit(limit).execute())
}

/**
 * The credit notes issued to the buyer, newest first, after a row (keyset: id), each with the
 * invoice it reduces, the reason staff wrote for the buyer (as its statement tells it), and whether
 * it is a valid document yet (Rule 48(5), issue 52: a note to a buyer with a GSTIN once its IRN is
 * recorded, as for an invoice): `valid`, `waiting` (why not, in the buyer's words), `irn`.
 */
export async function buyerCreditNotesAfter(db: Database, buyerId: number, afterId: number | null, limit: number) {
  let query = db
    .selectFrom('credit_notes as n')
    .innerJoin('buyer_invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.id',
      'n.number',
      'n.issued_on as issuedOn',
      'n.reason_code as reasonCode',
      'n.reason',
      'n.taxable_minor as taxableMinor',
      'n.amount_minor as amountMinor',
      'i.id as invoiceId',
      'i.number as invoiceNumber',
      'i.buyer_json as buyerJson',
    ])
    .where('n.buyer_id', '=', buyerId)
  if (afterId !== null) query = query.where('n.id', '<', afterId)
  const rows = await query.orderBy('n.id', 'desc').limit(limit).execute()
  const registrations = await registrationsOf(
    db,
    'CRN',
    rows.map((r) => r.id),
  )
  return rows.map(({ buyerJson, ...r }) => {
    const standing = standingOf(gstinOf(buyerJson), registrations.get(r.id))
    return {
      ...r,
      taxableMinor: Number(r.taxableMinor),
      amountMinor: Number(r.amountMinor),
      valid: isValidDocument(standing),
      waiting: buyerWaitingText(standing, 'CRN'),
      irn: standing.state === 'registered' ? standing.irn : null,
    }
  })
}
