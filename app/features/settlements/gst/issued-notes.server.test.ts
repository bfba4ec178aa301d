import { PDFParse } from 'pdf-parse'
import { getDb } from '~/db.server'
import { issueCreditNote, issueDebitNote } from '~/lifecycle/settlements.server'
import * as buyerInvoiceRoute from '~/routes/buyer+/invoices.$invoiceId'
import * as buyerCreditPdfRoute from '~/routes/buyer+/credit_notes.$noteId[.pdf]'
import * as buyerDebitPdfRoute from '~/routes/buyer+/debit_notes.$noteId[.pdf]'
import { api, tokenFor } from '../../../../tests/support/api'
import { cookieFor, userIdOf } from '../../../../tests/support/db'
import { signedQr } from '../../../../tests/support/gst-documents'
import { buyerInvoicePage, buyerNotePdf, notePdfFor } from '../invoice-page.server'
import { gstDocument, type DocType } from './documents.server'
import { recordCancellation, recordRegistration } from './registrations.server'
import { gstinOf, istText } from './standing'

// Credit and debit notes follow the invoice's e-invoice rule (issue 52, CGST Rule 48(5)): a note to a
// buyer with a GSTIN is given to the buyer (its invoice's page, the PDF routes, the API) only once
// its IRN is recorded; its PDF then prints the IRN, Ack No, Ack Date and signed QR code as the
// invoice does, and renders to the same bytes at every download; a cancelled IRN makes it invalid
// again, with the reason; a note to a buyer without a GSTIN is valid at issue. Finance keeps a marked
// copy.

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
/** A registered B2B invoice of the demo buyer, and a credit and a debit note just issued on it. */
let invoice: { id: number; number: string }
let credit: { id: number; number: string }
let debit: { id: number; number: string }
let n = 0

async function register(type: DocType, id: number, ackAt: string) {
  const doc = (await gstDocument(getDb(), type, id))!
  const irn = (0xa0 + ++n).toString(16).padStart(2, '0').repeat(32)
  const ackNo = String(182_700_000_000 + n)
  const done = await recordRegistration(getDb(), finance, type, id, {
    irn,
    ackNo,
    ackAt,
    signedQr: signedQr(doc, irn),
    signedInvoice: null,
  })
  expect(done).toMatchObject({ ok: true })
  return { irn, ackNo, ackAt }
}

const buyerPage = async () =>
  (await buyerInvoiceRoute.loader(
    args(await get(`/buyer/invoices/${invoice.id}`), { invoiceId: String(invoice.id) }),
  )) as Awaited<ReturnType<typeof buyerInvoiceRoute.loader>>
const creditRoute = async () =>
  (await buyerCreditPdfRoute.loader(
    args(await get(`/buyer/credit_notes/${credit.id}.pdf`), { noteId: `${credit.id}.pdf` }),
  )) as Response
const debitRoute = async () =>
  (await buyerDebitPdfRoute.loader(
    args(await get(`/buyer/debit_notes/${debit.id}.pdf`), { noteId: `${debit.id}.pdf` }),
  )) as Response

beforeAll(async () => {
  const db = getDb()
  finance = { userId: await userIdOf('biz_fin@example.com') }
  buyerId = (
    await db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()
  ).buyer_id!
  // A past B2B invoice the demo registered (its notes are e-invoiced too).
  const registered = await db
    .selectFrom('buyer_invoices as i')
    .innerJoin('einvoice_registrations as r', (j) => j.onRef('r.doc_id', '=', 'i.id').on('r.doc_type', '=', 'INV'))
    .select(['i.id', 'i.number', 'i.buyer_json'])
    .where('i.buyer_id', '=', buyerId)
    .where('r.cancelled_at', 'is', null)
    .orderBy('i.invoice_on', 'desc')
    .orderBy('i.id', 'desc')
    .execute()
  const chosen = registered.find((i) => gstinOf(i.buyer_json))!
  expect(chosen).toBeDefined()
  invoice = { id: chosen.id, number: chosen.number }
  const line = await db
    .selectFrom('buyer_invoice_lines')
    .select('id')
    .where('invoice_id', '=', invoice.id)
    .orderBy('line_no')
    .executeTakeFirstOrThrow()
  const c = await issueCreditNote(
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
  const d = await issueDebitNote(
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
  if (!c.ok || !d.ok) throw new Error(`notes not issued: ${JSON.stringify([c, d])}`)
  credit = { id: c.value.id, number: c.value.number }
  debit = { id: d.value.id, number: d.value.number }
})

describe('a B2B credit or debit note before its IRN (Rule 48(5))', () => {
  it('is being registered on the buyer’s invoice page, has no PDF for the buyer or the API; finance’s copy is a marked draft', async () => {
    const page = await buyerPage()
    const notes = page.notes.filter((x) => x.number === credit.number || x.number === debit.number)
    expect(notes.map((x) => [x.kind, x.valid, x.irn, x.waiting])).toEqual([
      [
        'credit',
        false,
        null,
        'Being registered with the GST portal: the credit note will be available once its IRN is issued.',
      ],
      [
        'debit',
        false,
        null,
        'Being registered with the GST portal: the debit note will be available once its IRN is issued.',
      ],
    ])
    // The invoice's page, where the waiting note is listed: as for an invoice's PDF route.
    for (const got of [await creditRoute(), await debitRoute()]) {
      expect(got.status).toBe(303)
      expect(got.headers.get('Location')).toBe(`/buyer/invoices/${invoice.id}`)
    }

    const token = await tokenFor('buyer@example.com')
    const pdf = await api('GET', `/credit-notes/${credit.id}/pdf`, { token })
    expect(pdf.status).toBe(404)
    expect(pdf.text).toContain('Being registered with the GST portal: the credit note will be available')
    const read = await api<{ valid: boolean; pdf: string | null; waiting: string; irn: string | null }>(
      'GET',
      `/credit-notes/${credit.id}`,
      { token },
    )
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ valid: false, pdf: null, irn: null })
    const list = await api<{ data: { id: number; valid: boolean; pdf: string | null }[] }>(
      'GET',
      '/credit-notes?limit=200',
      { token },
    )
    expect(list.json.data.find((x) => x.id === credit.id)).toMatchObject({ valid: false, pdf: null })
    // The demo's past notes were registered: valid, with their PDF.
    const others = list.json.data.filter((x) => x.id !== credit.id)
    expect(others.length).toBeGreaterThan(0)
    expect(others.filter((x) => !x.valid || !x.pdf)).toEqual([])
    const onInvoice = await api<{ notes: { id: number; kind: string; valid: boolean; pdf: string | null }[] }>(
      'GET',
      `/invoices/${invoice.id}`,
      { token },
    )
    expect(onInvoice.json.notes.find((x) => x.kind === 'credit' && x.id === credit.id)).toMatchObject({
      valid: false,
      pdf: null,
    })

    // Finance: its copy says it is not valid yet; the staff API gets the same copy.
    const draft = await textOf(await bytesOf((await notePdfFor(getDb(), buyerId, 'credit', String(credit.id)))!))
    expect(draft).toContain('Draft, not yet registered with the GST portal')
    expect(draft).toContain('not a valid credit note until its IRN is recorded')
    expect(draft).not.toMatch(/IRN [0-9a-f]{64}/)
    expect(draft).not.toContain('Ack No')
    const staff = await api('GET', `/credit-notes/${credit.id}/pdf`, { token: await tokenFor('biz_fin@example.com') })
    expect(staff.status).toBe(200)
  })
})

describe('once its IRN is recorded', () => {
  it('the buyer gets the PDF with the IRN, Ack No, Ack Date and QR code, the same bytes at every download', async () => {
    const db = getDb()
    const c = await register('CRN', credit.id, istText(Date.now() - 3_600_000))
    const d = await register('DBN', debit.id, istText(Date.now() - 3_000_000))

    const page = await buyerPage()
    const mine = page.notes.filter((x) => x.number === credit.number || x.number === debit.number)
    expect(mine.map((x) => [x.valid, x.waiting, x.irn])).toEqual([
      [true, null, c.irn],
      [true, null, d.irn],
    ])

    const creditFirst = await creditRoute()
    expect(creditFirst.status).toBe(200)
    const creditBytes = await bytesOf(creditFirst)
    const text = await textOf(creditBytes)
    for (const part of ['e-Invoice', `IRN ${c.irn}`, `Ack No ${c.ackNo}`, `Ack Date ${c.ackAt}`, credit.number])
      expect(text, part).toContain(part)
    expect(text).not.toContain('Draft')
    const debitFirst = await debitRoute()
    expect(debitFirst.status).toBe(200)
    const debitBytes = await bytesOf(debitFirst)
    expect(await textOf(debitBytes)).toContain(`IRN ${d.irn}`)

    // A second download later, finance's copy and the API's: the same document, byte for byte.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(Buffer.compare(creditBytes, await bytesOf(await creditRoute()))).toBe(0)
    expect(Buffer.compare(debitBytes, await bytesOf(await debitRoute()))).toBe(0)
    expect(
      Buffer.compare(creditBytes, await bytesOf((await notePdfFor(db, buyerId, 'credit', String(credit.id)))!)),
    ).toBe(0)
    const token = await tokenFor('buyer@example.com')
    const viaApi = await api('GET', `/credit-notes/${credit.id}/pdf`, { token })
    expect(viaApi.status).toBe(200)
    const read = await api<{ valid: boolean; pdf: string | null; irn: string | null }>(
      'GET',
      `/credit-notes/${credit.id}`,
      { token },
    )
    expect(read.json).toMatchObject({ valid: true, irn: c.irn, pdf: `/api/v1/credit-notes/${credit.id}/pdf` })
  })
})

describe('a cancelled note IRN', () => {
  it('makes the note invalid again for the buyer, with the reason; finance’s copy says so', async () => {
    const db = getDb()
    const at = istText(Date.now() - 60_000)
    const done = await recordCancellation(db, finance, 'CRN', credit.id, {
      reason: '2',
      remark: 'Wrong amount entered',
      cancelledAt: at,
    })
    expect(done).toMatchObject({ ok: true })

    const note = (await buyerPage()).notes.find((x) => x.number === credit.number)!
    expect(note.valid).toBe(false)
    expect(note.irn).toBeNull()
    expect(note.waiting).toContain(`registration with the GST portal was cancelled on ${at} (data entry mistake)`)
    expect(note.waiting).toContain('It is not a valid credit note')
    expect((await creditRoute()).status).toBe(303)
    // The debit note is untouched.
    expect((await debitRoute()).status).toBe(200)
    const token = await tokenFor('buyer@example.com')
    const viaApi = await api('GET', `/credit-notes/${credit.id}/pdf`, { token })
    expect(viaApi.status).toBe(404)
    expect(viaApi.text).toContain('cancelled on')
    const copy = await textOf(await bytesOf((await notePdfFor(db, buyerId, 'credit', String(credit.id)))!))
    expect(copy).toContain('cancelled on the GST portal')
    expect(copy).toContain('not a valid credit note')
  })
})

describe('a note to a buyer without a GSTIN (B2C)', () => {
  it('is valid at issue: the buyer gets its PDF, with no IRN and no mark', async () => {
    const db = getDb()
    const invoices = await db
      .selectFrom('buyer_invoices')
      .select(['id', 'buyer_id', 'buyer_json'])
      .orderBy('id')
      .execute()
    const b2c = invoices.find((i) => !gstinOf(i.buyer_json))
    expect(b2c, 'the demo has a B2C invoice').toBeDefined()
    const line = await db
      .selectFrom('buyer_invoice_lines')
      .select('id')
      .where('invoice_id', '=', b2c!.id)
      .orderBy('line_no')
      .executeTakeFirstOrThrow()
    const issued = await issueCreditNote(
      db,
      finance,
      b2c!.buyer_id,
      {
        invoiceId: b2c!.id,
        reasonCode: 'rate_difference',
        reason: 'Agreed discount',
        lines: [{ invoiceLineId: line.id, taxableMinor: 100 }],
      },
      undefined,
    )
    if (!issued.ok) throw new Error(JSON.stringify(issued))
    const page = (await buyerInvoicePage(db, b2c!.buyer_id, String(b2c!.id)))!
    expect(page.notes.find((x) => x.kind === 'credit' && x.id === issued.value.id)).toMatchObject({
      valid: true,
      waiting: null,
      irn: null,
    })
    const pdf = await buyerNotePdf(db, b2c!.buyer_id, 'credit', String(issued.value.id))
    expect(pdf?.ok).toBe(true)
    const text = await textOf(await bytesOf(pdf!.ok ? pdf!.response : new Response()))
    expect(text).toContain(issued.value.number)
    expect(text).not.toContain('Draft')
    expect(text).not.toContain('e-Invoice')
  })
})
