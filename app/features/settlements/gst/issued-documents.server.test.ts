import { readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv from 'ajv'
import { PDFParse } from 'pdf-parse'
import { getDb } from '~/db.server'
import { issueCreditNote, issueDebitNote, recordPayment } from '~/lifecycle/settlements.server'
import * as buyerInvoiceRoute from '~/routes/buyer+/invoices.$invoiceId'
import * as buyerPdfRoute from '~/routes/buyer+/invoices.$invoiceId[.pdf]'
import * as buyerInvoicesRoute from '~/routes/buyer+/invoices._index'
import * as docRoute from '~/routes/_main+/logistics.settlements.einvoices.$docKey._index'
import * as cancelJsonRoute from '~/routes/_main+/logistics.settlements.einvoices.$docKey.cancel-json'
import { api, tokenFor } from '../../../../tests/support/api'
import { cookieFor, userIdOf } from '../../../../tests/support/db'
import { signedQr } from '../../../../tests/support/gst-documents'
import { invoicePage, notePdfFor } from '../invoice-page.server'
import { invoicePdfFor } from '../pages.server'
import { gstDocument } from './documents.server'
import { gstr1Of } from './gstr1.server'
import { cancelIrnRequest, ewayBillsNaming, recordCancellation, recordRegistration } from './registrations.server'
import { buyerWaitingText, gstinOf, istText, standingOf } from './standing'

// An issued document is fixed (issue 52): the invoice PDF prints what was fixed at issue and its IRN,
// never what is paid or owed, and renders to the same bytes after payments and notes; a B2B invoice
// is handed to the buyer (page, list, PDF route, API) only once its IRN is recorded (CGST Rule
// 48(5)); an IRN is cancelled within 24 hours of its Ack Date, once, and the document is then not
// valid for the buyer again. The cancel JSON validates against NIC's Cancel IRN format kept beside
// the code.

const url = (p: string) => `http://localhost${p}`
const get = async (p: string, who = 'buyer@example.com') =>
  new Request(url(p), { headers: { Cookie: await cookieFor(who) } })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never

async function textOf(body: Buffer | ArrayBuffer) {
  const parser = new PDFParse({ data: new Uint8Array(body) })
  const { text } = await parser.getText()
  await parser.destroy()
  return text
}
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

let finance: { userId: number }
let buyerId: number
/** An open B2B invoice of the demo buyer, as just issued (no IRN yet). */
let invoice: { id: number; number: string; on: string }
/** Another, registered two days ago (past the 24 hours). */
let old: { id: number; number: string }
let n = 0

async function register(id: number, ackAt: string) {
  const doc = (await gstDocument(getDb(), 'INV', id))!
  const irn = (++n).toString(16).padStart(2, '0').repeat(32)
  const done = await recordRegistration(getDb(), finance, 'INV', id, {
    irn,
    ackNo: String(182_600_000_000 + n),
    ackAt,
    signedQr: signedQr(doc, irn),
    signedInvoice: null,
  })
  expect(done).toMatchObject({ ok: true })
  return irn
}

beforeAll(async () => {
  const db = getDb()
  finance = { userId: await userIdOf('biz_fin@example.com') }
  buyerId = (
    await db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()
  ).buyer_id!
  const mine = await db
    .selectFrom('buyer_invoices')
    .select(['id', 'number', 'buyer_json', 'status', 'invoice_on'])
    .where('buyer_id', '=', buyerId)
    .orderBy('invoice_on')
    .orderBy('id')
    .execute()
  // Invoices no e-way bill names (the portal cancels no IRN while one does: removal-invoice.server.test.ts).
  const named = new Set<number>()
  for (const i of mine) if ((await ewayBillsNaming(db, 'INV', i.id)).length) named.add(i.id)
  const b2b = mine.filter((i) => gstinOf(i.buyer_json) && !named.has(i.id))
  expect(b2b.length).toBeGreaterThan(1)
  const open = b2b.find((i) => i.status === 'open') ?? b2b[0]!
  invoice = { id: open.id, number: open.number, on: open.invoice_on }
  const other = b2b.find((i) => i.id !== open.id)!
  old = { id: other.id, number: other.number }
  // As just issued: the demo registered its past documents; these two wait for their IRN.
  await db
    .deleteFrom('einvoice_registrations')
    .where('doc_type', '=', 'INV')
    .where('doc_id', 'in', [invoice.id, old.id])
    .execute()
})

describe('a B2B invoice before its IRN (Rule 48(5))', () => {
  it('is waiting on the buyer’s list and page, has no PDF for the buyer or the API; finance’s copy is a marked draft', async () => {
    const page = (await buyerInvoiceRoute.loader(
      args(await get(`/buyer/invoices/${invoice.id}`), { invoiceId: String(invoice.id) }),
    )) as Awaited<ReturnType<typeof buyerInvoiceRoute.loader>>
    expect(page.invoice.valid).toBe(false)
    expect(page.invoice.waiting).toBe(
      'Being registered with the GST portal: the invoice will be available once its IRN is issued.',
    )
    const list = (await buyerInvoicesRoute.loader(args(await get('/buyer/invoices?perPage=100')))) as Awaited<
      ReturnType<typeof buyerInvoicesRoute.loader>
    >
    const row = list.rows.find((r) => r.id === invoice.id)!
    expect(row).toMatchObject({ valid: false, irn: null })
    // The demo registered its other past B2B invoices: valid, with their IRN (today's wait for theirs).
    const others = list.rows.filter((r) => r.id !== invoice.id && r.id !== old.id && r.invoiceOn < list.today)
    expect(others.length).toBeGreaterThan(0)
    expect(others.filter((r) => !r.valid || !r.irn).map((r) => r.number)).toEqual([])

    const pdf = (await buyerPdfRoute.loader(
      args(await get(`/buyer/invoices/${invoice.id}.pdf`), { invoiceId: `${invoice.id}.pdf` }),
    )) as Response
    expect(pdf.status).toBe(303)
    expect(pdf.headers.get('Location')).toBe(`/buyer/invoices/${invoice.id}`)

    const token = await tokenFor('buyer@example.com')
    const viaApi = await api('GET', `/invoices/${invoice.id}/pdf`, { token })
    expect(viaApi.status).toBe(404)
    expect(viaApi.text).toContain('Being registered with the GST portal')
    const read = await api<{ valid: boolean; pdf: string | null; waiting: string }>('GET', `/invoices/${invoice.id}`, {
      token,
    })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ valid: false, pdf: null })

    const draft = await textOf(await bytesOf((await invoicePdfFor(getDb(), String(buyerId), String(invoice.id)))!))
    expect(draft).toContain('Draft, not yet registered with the GST portal')
    expect((await invoicePage(getDb(), String(buyerId), String(invoice.id)))!.einvoice.state).toBe('waiting')
  })

  it('a buyer without a GSTIN (B2C) has a valid invoice at issue', () => {
    expect(standingOf(null, undefined)).toEqual({ state: 'not-needed' })
    expect(buyerWaitingText(standingOf(null, undefined))).toBeNull()
  })
})

describe('once its IRN is recorded', () => {
  it('the buyer gets the PDF, and it stays byte for byte the same after payments, a credit note and a debit note', async () => {
    const db = getDb()
    const irn = await register(invoice.id, istText(Date.now() - 3_600_000))
    const buyerPdf = async () => {
      const got = (await buyerPdfRoute.loader(
        args(await get(`/buyer/invoices/${invoice.id}.pdf`), { invoiceId: `${invoice.id}.pdf` }),
      )) as Response
      expect(got.status).toBe(200)
      return bytesOf(got)
    }
    const before = await buyerPdf()
    const text = await textOf(before)
    expect(text).toContain(`IRN ${irn}`)
    expect(text).toContain('Original for recipient')
    for (const never of ['Balance due', 'Received', 'Credit notes', 'Debit notes', 'Draft'])
      expect(text, never).not.toContain(never)
    // Finance's copy and the API's are the same document.
    expect(Buffer.compare(before, await bytesOf((await invoicePdfFor(db, String(buyerId), String(invoice.id)))!))).toBe(
      0,
    )
    const token = await tokenFor('buyer@example.com')
    const viaApi = await api('GET', `/invoices/${invoice.id}/pdf`, { token })
    expect(viaApi.status).toBe(200)

    const line = await db
      .selectFrom('buyer_invoice_lines')
      .select(['id', 'quantity_milli'])
      .where('invoice_id', '=', invoice.id)
      .orderBy('line_no')
      .executeTakeFirstOrThrow()
    const credit = await issueCreditNote(
      db,
      finance,
      buyerId,
      {
        invoiceId: invoice.id,
        reasonCode: 'rate_difference',
        reason: 'Agreed discount',
        lines: [{ invoiceLineId: line.id, taxableMinor: 1_000 }],
      },
      undefined,
    )
    expect(credit).toMatchObject({ ok: true })
    const creditPdf = await bytesOf((await notePdfFor(db, buyerId, 'credit', String(credit.ok && credit.value.id)))!)
    const debit = await issueDebitNote(
      db,
      finance,
      buyerId,
      {
        invoiceId: invoice.id,
        reasonCode: 'rate_difference',
        reason: 'Freight agreed',
        lines: [{ invoiceLineId: line.id, taxableMinor: 500 }],
      },
      undefined,
    )
    expect(debit).toMatchObject({ ok: true })
    const paid = await recordPayment(
      db,
      finance,
      buyerId,
      { receivedOn: '2026-12-01', amountMinor: 50_000, mode: 'neft', reference: 'UTR-ISSUE-52' },
      undefined,
    )
    expect(paid).toMatchObject({ ok: true })

    const after = await buyerPdf()
    expect(Buffer.compare(before, after), 'the invoice PDF changed after payments and notes').toBe(0)
    expect(
      Buffer.compare(
        creditPdf,
        await bytesOf((await notePdfFor(db, buyerId, 'credit', String(credit.ok && credit.value.id)))!),
      ),
    ).toBe(0)
    // What changed is on the invoice's page (and the statement), not on the document.
    const page = (await buyerInvoiceRoute.loader(
      args(await get(`/buyer/invoices/${invoice.id}`), { invoiceId: String(invoice.id) }),
    )) as Awaited<ReturnType<typeof buyerInvoiceRoute.loader>>
    expect(page.invoice.valid).toBe(true)
    expect(page.invoice.creditNotesMinor).toBeGreaterThan(0)
    expect(page.invoice.debitNotesMinor).toBeGreaterThan(0)
  })
})

describe('cancelling an IRN', () => {
  const schema = JSON.parse(
    readFileSync(path.resolve('app/features/settlements/gst/cancel-irn-1.03.nic-schema.json'), 'utf8'),
  )
  // Draft-04 as NIC writes it: the keywords used are the same in ajv's default draft.
  const validate = new Ajv({ allErrors: true, strict: false }).compile({ ...schema, $schema: undefined })

  it('makes the Cancel IRN JSON in NIC’s format, records the portal’s answer once (two at once: one wins), and the buyer no longer gets the document', async () => {
    const db = getDb()
    const request = await cancelIrnRequest(db, 'INV', invoice.id, { reason: '2', remark: 'Wrong quantity entered' })
    expect(request.ok).toBe(true)
    const body = request.ok ? request.value : null
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
    expect(Object.keys(body!)).toEqual(['Irn', 'CnlRsn', 'CnlRem'])
    expect(validate({ ...body, CnlRem: 'x'.repeat(101) })).toBe(false)
    expect(validate({ ...body, CnlRsn: '5' })).toBe(false)
    // The download the page's GET form asks for.
    const file = (await cancelJsonRoute.loader(
      args(
        await get(
          `/logistics/settlements/einvoices/INV-${invoice.id}/cancel-json?reason=2&remark=Wrong%20quantity%20entered`,
          'biz_fin@example.com',
        ),
        {
          docKey: `INV-${invoice.id}`,
        },
      ),
    )) as Response
    expect(file.status).toBe(200)
    expect(validate(await file.json())).toBe(true)

    const at = istText(Date.now() - 60_000)
    const input = { reason: '2' as const, remark: 'Wrong quantity entered', cancelledAt: at }
    const [a, b] = await Promise.all([
      recordCancellation(db, finance, 'INV', invoice.id, input),
      recordCancellation(db, finance, 'INV', invoice.id, input),
    ])
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1)
    const loser = a.ok ? b : a
    expect(loser).toMatchObject({ ok: false, field: 'cancelledAt' })
    expect(await recordCancellation(db, finance, 'INV', invoice.id, input)).toMatchObject({ ok: false })
    const row = await db
      .selectFrom('einvoice_registrations')
      .select(['cancelled_at', 'cancel_reason', 'cancel_remark'])
      .where('doc_type', '=', 'INV')
      .where('doc_id', '=', invoice.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ cancelled_at: at, cancel_reason: '2', cancel_remark: 'Wrong quantity entered' })
    const audits = await db
      .selectFrom('audit_events')
      .select('note')
      .where('action', '=', 'einvoice.cancelled')
      .where('entity_id', '=', String(buyerId))
      .execute()
    expect(audits).toHaveLength(1)
    expect(audits[0]!.note).toContain(invoice.number)

    // The buyer: waiting again, with the reason; no PDF.
    const page = (await buyerInvoiceRoute.loader(
      args(await get(`/buyer/invoices/${invoice.id}`), { invoiceId: String(invoice.id) }),
    )) as Awaited<ReturnType<typeof buyerInvoiceRoute.loader>>
    expect(page.invoice.valid).toBe(false)
    expect(page.invoice.waiting).toContain(
      `registration with the GST portal was cancelled on ${at} (data entry mistake)`,
    )
    const pdf = (await buyerPdfRoute.loader(
      args(await get(`/buyer/invoices/${invoice.id}.pdf`), { invoiceId: `${invoice.id}.pdf` }),
    )) as Response
    expect(pdf.status).toBe(303)
    const viaApi = await api('GET', `/invoices/${invoice.id}/pdf`, { token: await tokenFor('buyer@example.com') })
    expect(viaApi.status).toBe(404)
    // Finance: flagged on the e-invoice page and the invoice's page; its copy says so.
    const doc = (await docRoute.loader(
      args(await get(`/logistics/settlements/einvoices/INV-${invoice.id}`, 'biz_fin@example.com'), {
        docKey: `INV-${invoice.id}`,
      }),
    )) as Awaited<ReturnType<typeof docRoute.loader>>
    expect(doc.registration?.cancelled?.message).toBe(
      'IRN cancelled: issue a credit note for it or raise a replacement invoice.',
    )
    expect((await invoicePage(db, String(buyerId), String(invoice.id)))!.einvoice.message).toContain('IRN cancelled')
    const copy = await textOf(await bytesOf((await invoicePdfFor(db, String(buyerId), String(invoice.id)))!))
    expect(copy).toContain('cancelled on the GST portal')
    // GSTR-1 of its month: counted as cancelled in Table 13, reported in no other table.
    const month = invoice.on.slice(0, 7)
    const g = await gstr1Of(db, month)
    const inums = g.b2b.flatMap((c) => c.inv.map((i) => i.inum))
    expect(inums).not.toContain(invoice.number)
    const series = g.doc_issue.doc_det.find((d) => d.doc_num === 1)!.docs
    expect(series.reduce((sum, d) => sum + d.cancel, 0)).toBeGreaterThanOrEqual(1)
    for (const d of series) expect(d.net_issue).toBe(d.totnum - d.cancel)
  })

  it('is refused after 24 hours of the Ack Date, with the reason', async () => {
    const db = getDb()
    await register(old.id, istText(Date.now() - 2 * 24 * 3_600_000))
    const late = await recordCancellation(db, finance, 'INV', old.id, {
      reason: '3',
      remark: 'Order cancelled',
      cancelledAt: istText(Date.now() - 60_000),
    })
    expect(late).toMatchObject({ ok: false, field: 'cancelledAt' })
    expect(!late.ok && late.message).toContain('only within 24 hours of its Ack Date')
    expect(await cancelIrnRequest(db, 'INV', old.id, { reason: '3', remark: 'Order cancelled' })).toMatchObject({
      ok: false,
    })
    const file = (await cancelJsonRoute.loader(
      args(
        await get(
          `/logistics/settlements/einvoices/INV-${old.id}/cancel-json?reason=3&remark=Order%20cancelled`,
          'biz_fin@example.com',
        ),
        {
          docKey: `INV-${old.id}`,
        },
      ),
    )) as Response
    expect(file.status).toBe(409)
    expect(await file.text()).toContain('issue a credit note for it instead')
    // Still registered and valid for the buyer.
    const standing = await db
      .selectFrom('einvoice_registrations')
      .select('cancelled_at')
      .where('doc_type', '=', 'INV')
      .where('doc_id', '=', old.id)
      .executeTakeFirstOrThrow()
    expect(standing.cancelled_at).toBeNull()
  })
})
