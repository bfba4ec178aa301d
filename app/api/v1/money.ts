import { z } from 'zod'
import type { Database } from '#db/database'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { BUYER_INVOICE_STATUSES } from '~/features/settlements/buyer-paths'
import {
  buyerCreditNotesAfter,
  buyerIdOf,
  buyerInvoicePdf,
  buyerInvoicesAfter,
  buyerPaymentsAfter,
  buyerStatementPdf,
} from '~/features/settlements/buyer.server'
import { buyerInvoicePage, buyerNotePdf, noteDocumentOf, notePdfFor } from '~/features/settlements/invoice-page.server'
import { invoicePdfFor } from '~/features/settlements/pages.server'
import { accountOf, statementOf } from '~/features/settlements/queries.server'
import { addDays } from '~/features/settlements/money'
import { pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { ApiProblem } from '~/platform/api/problem'
import { kolkataDay } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { endpoint } from '../endpoint'
import {
  afterOf,
  currency,
  day,
  dayQuery,
  id,
  idParam,
  idQuery,
  invoiceFiguresBody,
  invoiceFiguresSchema,
  paise,
} from './shared'

// A buyer's money (docs/api.md "Invoices, credit notes, statements and payments"): what its Money
// pages show, read through the same functions, scoped to the token's own company (another buyer's
// invoice is 404). Business finance and admins read any buyer's, naming it with `buyer_id`.

const READERS = ['admin', 'biz_fin', 'buyer'] as const satisfies readonly PortalKey[]
const buyerIdFilter = idQuery(
  'Finance staff: the buyer whose money to read (required for staff; a buyer reads its own).',
)

/** The buyer whose money this caller reads: a buyer its own; staff the one named (404 when there is none). */
async function buyerFor(db: Database, viewer: Viewer, portal: PortalKey, named: number | undefined): Promise<number> {
  if (portal === 'buyer') {
    const own = buyerIdOf(viewer)
    if (own === null) throw Refused.notFound('This token’s user has no buyer company.')
    return own
  }
  if (named === undefined)
    throw ApiProblem.of('validation-error', 'Name the buyer whose money to read.', {
      errors: [{ in: 'query', pointer: '/buyer_id', detail: 'Required for staff' }],
    })
  const found = await db.selectFrom('buyers').select('id').where('id', '=', named).executeTakeFirst()
  if (!found) throw Refused.notFound('There is no such buyer.')
  return found.id
}

/** The buyer of a record a staff caller names by id; a buyer's own company. */
async function buyerOfRecord(
  db: Database,
  viewer: Viewer,
  portal: PortalKey,
  table: 'buyer_invoices' | 'credit_notes',
  recordId: number,
): Promise<number | null> {
  if (portal === 'buyer') return buyerIdOf(viewer)
  const row = await db.selectFrom(table).select('buyer_id').where('id', '=', recordId).executeTakeFirst()
  return row?.buyer_id ?? null
}

const notFound = (what: string) => Refused.notFound(`There is no such ${what}, or it is not yours to read.`)

const invoiceRow = z.object({
  id,
  number: z.string(),
  invoice_on: day,
  due_on: day,
  order: z.object({ kind: z.enum(['order', 'sample']), id, code: z.string() }).describe('The order it bills.'),
  currency,
  ...invoiceFiguresSchema,
  status: z.string().describe('open or settled.'),
  overdue: z.boolean().describe('Open and past its due day (India’s day).'),
  valid: z
    .boolean()
    .describe(
      'A valid tax invoice: issued to a buyer without a GSTIN, or registered with the GST portal (its IRN recorded and not cancelled). CGST Rule 48(5): until then it is not an invoice.',
    ),
  waiting: z
    .string()
    .nullable()
    .describe(
      'Why it is not a valid tax invoice yet (being registered, or its registration cancelled); null when valid.',
    ),
  irn: z
    .string()
    .nullable()
    .describe('Its e-invoice IRN once registered (null for a buyer without a GSTIN, or before).'),
  pdf: z.string().nullable().describe('Its PDF, once it is a valid tax invoice; null before.'),
})

/** A credit or debit note's standing with the GST portal (issue 52), as on its invoice's `notes` and its own. */
const noteStanding = {
  valid: z
    .boolean()
    .describe(
      'A valid credit or debit note: issued to a buyer without a GSTIN, or registered with the GST portal (its IRN recorded and not cancelled), as for an invoice (CGST Rule 48(5)).',
    ),
  waiting: z
    .string()
    .nullable()
    .describe('Why it is not a valid note yet (being registered, or its registration cancelled); null when valid.'),
  irn: z
    .string()
    .nullable()
    .describe('Its e-invoice IRN once registered (null for a buyer without a GSTIN, or before).'),
}

const invoice = invoiceRow.extend({
  supply: z.string().describe('intra (CGST + SGST) or inter (IGST) state supply.'),
  taxable_paise: paise('Taxable value'),
  tax_paise: paise('GST'),
  lines: z.array(
    z.object({
      line_no: z.number().int(),
      description: z.string(),
      hsn: z.string().nullable(),
      unit: z.string().nullable(),
      quantity_milli: z.number().int().describe('Quantity in thousandths of the unit.'),
      price_paise: paise('Unit price'),
      taxable_paise: paise('Taxable value'),
      gst_rate_bp: z.number().int().describe('GST rate in basis points (500 = 5%).'),
      total_paise: paise('Line total with GST'),
    }),
  ),
  notes: z.array(
    z.object({
      kind: z.enum(['credit', 'debit']),
      id,
      number: z.string(),
      issued_on: day,
      reason_code: z.string(),
      reason: z.string(),
      taxable_paise: paise('Taxable value'),
      amount_paise: paise('Amount with GST'),
      ...noteStanding,
      pdf: z
        .string()
        .nullable()
        .describe('The credit note’s PDF in this API, once it is valid (null before, and for a debit note).'),
    }),
  ),
})

const creditNoteRow = z.object({
  id,
  number: z.string(),
  issued_on: day,
  reason_code: z.string(),
  reason: z.string().describe('The reason, as written for the buyer.'),
  currency,
  taxable_paise: paise('Taxable value'),
  amount_paise: paise('Amount with GST'),
  invoice: z.object({ id, number: z.string() }),
  ...noteStanding,
  pdf: z.string().nullable().describe('Its PDF, once it is a valid credit note; null before.'),
})

const creditNote = creditNoteRow.extend({
  supply: z.string(),
  cgst_paise: paise('CGST'),
  sgst_paise: paise('SGST'),
  igst_paise: paise('IGST'),
  lines: z.array(
    z.object({
      line_no: z.number().int(),
      description: z.string(),
      hsn: z.string().nullable(),
      unit: z.string().nullable(),
      quantity_milli: z.number().int().nullable(),
      taxable_paise: paise('Taxable value'),
      gst_rate_bp: z.number().int(),
      total_paise: paise('Line total with GST'),
    }),
  ),
})

const payment = z.object({
  id,
  number: z.string().describe('The receipt’s number.'),
  received_on: day,
  currency,
  amount_paise: paise('Received'),
  tds_paise: paise('TDS deducted by the buyer'),
  tds_section: z.string().nullable(),
  mode: z.string(),
  reference: z.string(),
  unallocated_paise: paise('Kept as an advance'),
  paid: z.array(z.object({ invoice_id: id, number: z.string(), amount_paise: paise('Paid on this invoice') })),
})

const account = z.object({
  currency,
  invoiced_paise: paise('Invoiced: the totals of its invoices with taxes'),
  debit_notes_paise: paise('Debit notes: added by debit notes'),
  credit_notes_paise: paise('Credit notes: taken off by credit notes'),
  received_paise: paise('Received: the money received plus the TDS deducted on it'),
  tds_paise: paise('Of received, the TDS the buyer deducted'),
  outstanding_paise: paise('Outstanding: invoiced + debit notes − credit notes − received (negative: paid in advance)'),
  advance_paise: paise('Received and not yet applied to an invoice'),
})

const statementQuery = z.object({
  from: dayQuery('The first day (the last 90 days when absent).'),
  to: dayQuery('The last day (today when absent).'),
  buyer_id: buyerIdFilter,
})

const pdfResponse = z.unknown().describe('application/pdf')

const invoiceRowBody = (
  r: Awaited<ReturnType<typeof buyerInvoicesAfter>>['rows'][number],
  today: string,
): z.input<typeof invoiceRow> => ({
  id: r.id,
  number: r.number,
  invoice_on: r.invoiceOn,
  due_on: r.dueOn,
  order: { kind: r.order.kind, id: r.order.id, code: r.order.code },
  currency: 'INR',
  ...invoiceFiguresBody(r),
  status: r.status,
  overdue: r.status === 'open' && r.dueOn < today,
  valid: r.valid,
  waiting: r.waiting,
  irn: r.irn,
  pdf: r.valid ? `/api/v1/invoices/${r.id}/pdf` : null,
})

const invoiceId = z.object({ invoiceId: idParam })
const noteId = z.object({ noteId: idParam })

export const moneyEndpoints = [
  endpoint({
    id: 'listInvoices',
    method: 'GET',
    path: '/invoices',
    tag: 'Money',
    summary: 'List invoices',
    description:
      'The buyer’s tax invoices, newest first: number, days, the order billed, amounts (paid, credited, open) and status; filtered by `status` (open, overdue, settled). As the buyer’s Invoices page. Finance staff name the buyer with `buyer_id`.',
    scope: 'invoices:read',
    portals: READERS,
    query: z.object({
      status: z.enum(BUYER_INVOICE_STATUSES).optional().describe('open, overdue (open and past due) or settled.'),
      buyer_id: buyerIdFilter,
      ...pageQuery,
    }),
    response: pageSchema(invoiceRow),
    examples: [
      {
        name: 'buyer',
        summary: 'The buyer’s open invoices',
        as: 'buyer@example.com',
        query: { status: 'open' },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, query }) => {
      const buyerId = await buyerFor(db, viewer, portal, query.buyer_id)
      const after = afterOf(query.cursor)
      const { rows, today } = await buyerInvoicesAfter(
        db,
        buyerId,
        query.status ?? null,
        after ? { invoiceOn: after.v, id: after.id } : null,
        query.limit + 1,
      )
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id, v: r.invoiceOn }))
      return { data: page.data.map((r) => invoiceRowBody(r, today)), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'getInvoice',
    method: 'GET',
    path: '/invoices/{invoiceId}',
    tag: 'Money',
    summary: 'Read an invoice',
    description:
      'One invoice with its lines (HSN, quantity, price, taxable value, GST rate), totals, what is paid, credited and open, the credit and debit notes on it, and its PDF link. Another buyer’s invoice is 404.',
    scope: 'invoices:read',
    portals: READERS,
    params: invoiceId,
    response: invoice,
    examples: [
      {
        name: 'missing',
        summary: 'An invoice that is not the buyer’s',
        as: 'buyer@example.com',
        params: { invoiceId: 999999999 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const buyerId = await buyerOfRecord(db, viewer, portal, 'buyer_invoices', params.invoiceId)
      const page = buyerId ? await buyerInvoicePage(db, buyerId, String(params.invoiceId)) : undefined
      if (!page) throw notFound('invoice')
      const i = page.invoice
      const today = kolkataDay()
      return {
        id: i.id,
        number: i.number,
        invoice_on: i.invoiceOn,
        due_on: i.dueOn,
        order: { kind: i.order.kind, id: i.order.id, code: i.order.code },
        currency: 'INR' as const,
        ...invoiceFiguresBody(i),
        status: i.status,
        overdue: i.status === 'open' && i.dueOn < today,
        valid: i.valid,
        waiting: i.waiting,
        irn: i.irn,
        pdf: i.valid ? `/api/v1/invoices/${i.id}/pdf` : null,
        supply: i.supply,
        taxable_paise: i.taxable,
        tax_paise: i.tax,
        lines: i.lines.map((l) => ({
          line_no: l.lineNo,
          description: l.description,
          hsn: l.hsn,
          unit: l.unit,
          quantity_milli: l.quantityMilli,
          price_paise: l.priceMinor,
          taxable_paise: l.taxable,
          gst_rate_bp: l.rateBp,
          total_paise: l.total,
        })),
        notes: page.notes.map((n) => ({
          kind: n.kind,
          id: n.id,
          number: n.number,
          issued_on: n.issuedOn,
          reason_code: n.reasonCode,
          reason: n.reason,
          taxable_paise: n.taxableMinor,
          amount_paise: n.amountMinor,
          valid: n.valid,
          waiting: n.waiting,
          irn: n.irn,
          pdf: n.kind === 'credit' && n.valid ? `/api/v1/credit-notes/${n.id}/pdf` : null,
        })),
      }
    },
  }),
  endpoint({
    id: 'getInvoicePdf',
    method: 'GET',
    path: '/invoices/{invoiceId}/pdf',
    tag: 'Money',
    summary: 'Download an invoice’s PDF',
    description:
      'The tax invoice as a PDF: the same document the buyer’s invoice page serves, byte for byte at every download. A buyer gets it only once it is a valid tax invoice (`valid`): before its IRN is recorded, or after its IRN was cancelled, it is 404 with the reason. Finance staff get a copy marked as not valid.',
    scope: 'invoices:read',
    portals: READERS,
    params: invoiceId,
    produces: 'application/pdf',
    etag: false,
    response: pdfResponse,
    examples: [
      {
        name: 'buyer',
        summary: 'The PDF of one of the demo buyer’s invoices',
        as: 'buyer@example.com',
        params: { invoiceId: 1 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const buyerId = await buyerOfRecord(db, viewer, portal, 'buyer_invoices', params.invoiceId)
      if (portal !== 'buyer') {
        const copy = buyerId ? await invoicePdfFor(db, String(buyerId), String(params.invoiceId)) : undefined
        if (!copy) throw notFound('invoice')
        return copy
      }
      const pdf = buyerId ? await buyerInvoicePdf(db, buyerId, String(params.invoiceId)) : undefined
      if (!pdf) throw notFound('invoice')
      // Rule 48(5): not an invoice yet, so no PDF: the reason, as the buyer's page says it.
      if (!pdf.ok) throw Refused.notFound(`There is no PDF of this invoice yet. ${pdf.waiting}`)
      return pdf.response
    },
  }),
  endpoint({
    id: 'listCreditNotes',
    method: 'GET',
    path: '/credit-notes',
    tag: 'Money',
    summary: 'List credit notes',
    description:
      'The credit notes issued to the buyer, newest first, each with the invoice it reduces and the reason written for the buyer.',
    scope: 'invoices:read',
    portals: READERS,
    query: z.object({ buyer_id: buyerIdFilter, ...pageQuery }),
    response: pageSchema(creditNoteRow),
    examples: [{ name: 'buyer', summary: 'The buyer’s credit notes', as: 'buyer@example.com', status: 200 }],
    handle: async ({ db, viewer, portal, query }) => {
      const buyerId = await buyerFor(db, viewer, portal, query.buyer_id)
      const after = afterOf(query.cursor)
      const rows = await buyerCreditNotesAfter(db, buyerId, after?.id ?? null, query.limit + 1)
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return {
        data: page.data.map((n) => ({
          id: n.id,
          number: n.number,
          issued_on: n.issuedOn,
          reason_code: n.reasonCode,
          reason: n.reason,
          currency: 'INR' as const,
          taxable_paise: n.taxableMinor,
          amount_paise: n.amountMinor,
          invoice: { id: n.invoiceId, number: n.invoiceNumber },
          valid: n.valid,
          waiting: n.waiting,
          irn: n.irn,
          pdf: n.valid ? `/api/v1/credit-notes/${n.id}/pdf` : null,
        })),
        next_cursor: page.next_cursor,
      }
    },
  }),
  endpoint({
    id: 'getCreditNote',
    method: 'GET',
    path: '/credit-notes/{noteId}',
    tag: 'Money',
    summary: 'Read a credit note',
    description: 'One credit note with its lines and taxes, the invoice it reduces and its PDF link.',
    scope: 'invoices:read',
    portals: READERS,
    params: noteId,
    response: creditNote,
    examples: [
      {
        name: 'missing',
        summary: 'A credit note that is not the buyer’s',
        as: 'buyer@example.com',
        params: { noteId: 999999999 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const buyerId = await buyerOfRecord(db, viewer, portal, 'credit_notes', params.noteId)
      const document = await noteDocumentOf(db, buyerId, 'credit', params.noteId)
      if (!document) throw notFound('credit note')
      const n = document.note
      return {
        id: n.id,
        number: n.number,
        issued_on: n.issuedOn,
        reason_code: n.reasonCode,
        reason: n.reason,
        currency: 'INR' as const,
        taxable_paise: n.taxable,
        amount_paise: n.total,
        invoice: { id: n.invoiceId, number: n.invoiceNumber },
        valid: document.valid,
        waiting: document.waiting,
        irn: document.irn,
        pdf: document.valid ? `/api/v1/credit-notes/${n.id}/pdf` : null,
        supply: n.supply,
        cgst_paise: n.cgst,
        sgst_paise: n.sgst,
        igst_paise: n.igst,
        lines: n.lines.map((l) => ({
          line_no: l.lineNo,
          description: l.description,
          hsn: l.hsn,
          unit: l.unit,
          quantity_milli: l.quantityMilli,
          taxable_paise: l.taxable,
          gst_rate_bp: l.rateBp,
          total_paise: l.total,
        })),
      }
    },
  }),
  endpoint({
    id: 'getCreditNotePdf',
    method: 'GET',
    path: '/credit-notes/{noteId}/pdf',
    tag: 'Money',
    summary: 'Download a credit note’s PDF',
    description:
      'The credit note as a PDF: the same document the buyer’s portal serves, byte for byte at every download. A buyer gets it only once it is valid (`valid`): a note to a buyer with a GSTIN before its IRN is recorded, or after its IRN was cancelled, is 404 with the reason, as an invoice. Finance staff get a copy marked as not valid.',
    scope: 'invoices:read',
    portals: READERS,
    params: noteId,
    produces: 'application/pdf',
    etag: false,
    response: pdfResponse,
    examples: [
      {
        name: 'buyer',
        summary: 'The PDF of the demo buyer’s credit note',
        as: 'buyer@example.com',
        params: { noteId: 6 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const buyerId = await buyerOfRecord(db, viewer, portal, 'credit_notes', params.noteId)
      if (portal !== 'buyer') {
        const copy = await notePdfFor(db, buyerId, 'credit', String(params.noteId))
        if (!copy) throw notFound('credit note')
        return copy
      }
      const pdf = buyerId ? await buyerNotePdf(db, buyerId, 'credit', String(params.noteId)) : undefined
      if (!pdf) throw notFound('credit note')
      // Rule 48(5), as for an invoice: not a valid note yet, so no PDF: the reason, as the buyer's page says it.
      if (!pdf.ok) throw Refused.notFound(`There is no PDF of this credit note yet. ${pdf.waiting}`)
      return pdf.response
    },
  }),
  endpoint({
    id: 'getAccount',
    method: 'GET',
    path: '/account',
    tag: 'Money',
    summary: 'Read the account’s figures',
    description: [
      'What the buyer’s Outstanding page states, as it adds up: invoiced + debit notes − credit notes − received =',
      'outstanding (negative: paid in advance). Received is the money received plus the TDS the buyer deducted',
      '(`tds_paise`, part of it); `advance_paise` is what waits for the next invoice.',
    ].join(' '),
    scope: 'invoices:read',
    portals: READERS,
    query: z.object({ buyer_id: buyerIdFilter }),
    response: account,
    examples: [{ name: 'buyer', summary: 'The buyer’s account', as: 'buyer@example.com', status: 200 }],
    handle: async ({ db, viewer, portal, query }) => {
      const buyerId = await buyerFor(db, viewer, portal, query.buyer_id)
      const found = await accountOf(db, buyerId)
      if (!found) throw notFound('buyer')
      const f = found.figures
      return {
        currency: 'INR' as const,
        invoiced_paise: f.invoicedMinor,
        debit_notes_paise: f.debitNotesMinor,
        credit_notes_paise: f.creditNotesMinor,
        received_paise: f.receivedMinor,
        tds_paise: f.tdsMinor,
        outstanding_paise: f.outstandingMinor,
        advance_paise: f.advanceMinor,
      }
    },
  }),
  endpoint({
    id: 'getStatement',
    method: 'GET',
    path: '/statement',
    tag: 'Money',
    summary: 'Read the statement of account',
    description: [
      'The buyer’s ledger for a period (`from`, `to`; the last 90 days when absent): the balance brought',
      'forward, each invoice, payment, credit and debit note in posting order with the running balance, and',
      'the closing balance (positive: owed to the platform). A period of more than 5,000 entries is cut there',
      '(`truncated`): ask for a shorter one.',
    ].join(' '),
    scope: 'invoices:read',
    portals: READERS,
    query: statementQuery,
    response: z.object({
      from: day,
      to: day,
      currency,
      opening_balance_paise: paise('Balance brought forward'),
      closing_balance_paise: paise('Balance at the end of the period'),
      truncated: z.boolean(),
      lines: z.array(
        z.object({
          entry_on: day,
          kind: z.enum(['invoice', 'payment', 'credit_note', 'debit_note']),
          ref_id: id.describe('The invoice’s, payment’s or note’s id.'),
          ref_number: z.string(),
          about: z.string().describe('What it is, in words: "Order MO-2026-000123, due 2026-08-01".'),
          debit_paise: paise('Owed by it'),
          credit_paise: paise('Paid or credited by it'),
          balance_paise: paise('Balance after it'),
        }),
      ),
      pdf: z.string(),
    }),
    examples: [
      {
        name: 'buyer',
        summary: 'The buyer’s statement of the last 90 days',
        as: 'buyer@example.com',
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, query }) => {
      const buyerId = await buyerFor(db, viewer, portal, query.buyer_id)
      if (!(await accountOf(db, buyerId))) throw notFound('buyer')
      const today = kolkataDay()
      const from = query.from ?? addDays(today, -90)
      const to = query.to && query.to >= from ? query.to : query.to ? from : today
      const statement = await statementOf(db, buyerId, from, to)
      const range = new URLSearchParams({ from, to, ...(portal === 'buyer' ? {} : { buyer_id: String(buyerId) }) })
      return {
        from,
        to,
        currency: 'INR' as const,
        opening_balance_paise: statement.opening,
        closing_balance_paise: statement.closing,
        truncated: statement.truncated,
        lines: statement.rows.map((r) => ({
          entry_on: r.entryOn,
          kind: r.kind as 'invoice',
          ref_id: r.refId,
          ref_number: r.refNumber,
          about: r.about,
          debit_paise: r.debitMinor,
          credit_paise: r.creditMinor,
          balance_paise: r.balanceMinor,
        })),
        pdf: `/api/v1/statement/pdf?${range}`,
      }
    },
  }),
  endpoint({
    id: 'getStatementPdf',
    method: 'GET',
    path: '/statement/pdf',
    tag: 'Money',
    summary: 'Download the statement of account as a PDF',
    description:
      'The statement for a period as the buyer’s Outstanding page serves it (`from`, `to`; the last 90 days when absent).',
    scope: 'invoices:read',
    portals: READERS,
    query: statementQuery,
    produces: 'application/pdf',
    etag: false,
    response: pdfResponse,
    examples: [{ name: 'buyer', summary: 'The last 90 days as a PDF', as: 'buyer@example.com', status: 200 }],
    handle: async ({ db, viewer, portal, query }) => {
      const buyerId = await buyerFor(db, viewer, portal, query.buyer_id)
      const url = new URL('http://api.local/')
      if (query.from) url.searchParams.set('from', query.from)
      if (query.to) url.searchParams.set('to', query.to)
      const pdf = await buyerStatementPdf(db, buyerId, url)
      if (!pdf) throw notFound('buyer')
      return pdf
    },
  }),
  endpoint({
    id: 'listPayments',
    method: 'GET',
    path: '/payments',
    tag: 'Money',
    summary: 'List payments received',
    description:
      'The payments the platform received from the buyer (its receipts), newest first: number, day, amount, TDS, mode and reference, the invoices each paid and what waits as an advance. As the buyer’s Payments page.',
    scope: 'invoices:read',
    portals: READERS,
    query: z.object({ buyer_id: buyerIdFilter, ...pageQuery }),
    response: pageSchema(payment),
    examples: [{ name: 'buyer', summary: 'The buyer’s payments', as: 'buyer@example.com', status: 200 }],
    handle: async ({ db, viewer, portal, query }) => {
      const buyerId = await buyerFor(db, viewer, portal, query.buyer_id)
      const after = afterOf(query.cursor)
      const rows = await buyerPaymentsAfter(
        db,
        buyerId,
        after ? { receivedOn: after.v, id: after.id } : null,
        query.limit + 1,
      )
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id, v: r.receivedOn }))
      return {
        data: page.data.map((p) => ({
          id: p.id,
          number: p.number,
          received_on: p.receivedOn,
          currency: 'INR' as const,
          amount_paise: p.amountMinor,
          tds_paise: p.tdsMinor,
          tds_section: p.tdsSection,
          mode: p.mode,
          reference: p.reference,
          unallocated_paise: p.unallocatedMinor,
          paid: p.paid.map((a) => ({ invoice_id: a.invoiceId, number: a.number, amount_paise: a.amountMinor })),
        })),
        next_cursor: page.next_cursor,
      }
    },
  }),
]
