import { PDFParse } from 'pdf-parse'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { userIdOf } from '../../../tests/support/db'
import { formOf } from '../../../tests/support/orders'
import { recordPayment, settlementMoves } from '~/lifecycle/settlements.server'
import { invoicePage, invoicePageAction, notePdfFor } from './invoice-page.server'
import { settlementAction, settlementPage } from './pages.server'
import { pdfMoney } from './pdf.server'

// Notes from finance's invoice page (the form without JavaScript: refusals at the line, what was
// typed kept), their PDF with every particular of a credit note, and TDS waiting for certificates.

let viewer: Viewer
let invoice: { id: number; number: string; invoice_on: string; buyer_id: number }

beforeAll(async () => {
  const userId = await userIdOf('internal@example.com')
  viewer = {
    userId,
    email: 'internal@example.com',
    name: 'Internal',
    phone: null,
    roles: ['internal'],
    company: null,
    sessionIdHash: 'x',
  }
  invoice = await getDb()
    .selectFrom('buyer_invoices as i')
    .innerJoin('buyer_invoice_lines as l', 'l.invoice_id', 'i.id')
    .select(['i.id', 'i.number', 'i.invoice_on', 'i.buyer_id'])
    .where('l.line_no', '=', 1)
    .where('l.quantity_milli', '>=', 3000)
    .orderBy('i.id')
    .executeTakeFirstOrThrow()
})

const pdfText = async (response: Response) => {
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) })
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ')
  } finally {
    await parser.destroy()
  }
}

describe('notes from the invoice page', () => {
  it('refuses a quantity over what was invoiced at its line, keeps what was typed, then issues the note and its PDF', async () => {
    const db = getDb()
    const page = (await invoicePage(db, String(invoice.buyer_id), String(invoice.id)))!
    const line = page.room[0]!
    const post = (quantity: string, key: string) =>
      invoicePageAction(
        db,
        viewer,
        String(invoice.buyer_id),
        String(invoice.id),
        formOf({
          intent: 'credit',
          form: 'credit_note',
          idempotencyKey: key,
          reasonCode: 'qc_rejection',
          reason: 'Failed the buyer’s QC',
          'lines[0].line': String(line.id),
          'lines[0].quantity': quantity,
        }),
        settlementMoves,
      )
    const over = await post(String(line.creditableQuantityMilli / 1000 + 1), 'notes-over')
    expect(over.status).toBe('invalid')
    if (over.status !== 'invalid') return
    expect(over.reply.error?.['lines[0].quantity']?.[0]).toMatch(/^At most .* what was invoiced less/)
    expect(over.reply.initialValue).toMatchObject({ reason: 'Failed the buyer’s QC', reasonCode: 'qc_rejection' })
    // An amount where the reason is a quantity is refused at that field.
    const wrong = await invoicePageAction(
      db,
      viewer,
      String(invoice.buyer_id),
      String(invoice.id),
      formOf({
        intent: 'credit',
        reasonCode: 'return',
        reason: 'x',
        'lines[0].line': String(line.id),
        'lines[0].amount': '10',
      }),
      settlementMoves,
    )
    expect(wrong.status === 'invalid' && wrong.reply.error?.['lines[0].amount']?.[0]).toMatch(/quantity of goods/)

    const done = await post('2', 'notes-ok')
    expect(done).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    expect(await post('2', 'notes-ok')).toMatchObject({ status: 'done', toast: { kind: 'info' } })
    const note = await db
      .selectFrom('credit_notes')
      .select(['id', 'number', 'amount_minor', 'taxable_minor', 'cgst_minor', 'sgst_minor', 'igst_minor'])
      .where('invoice_id', '=', invoice.id)
      .where('reason_code', '=', 'qc_rejection')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const text = await pdfText((await notePdfFor(db, invoice.buyer_id, 'credit', String(note.id)))!)
    const seller = JSON.parse(
      (
        await db
          .selectFrom('buyer_invoices')
          .select('seller_json')
          .where('id', '=', invoice.id)
          .executeTakeFirstOrThrow()
      ).seller_json,
    ) as { gstin: string }
    for (const part of [
      'Credit note',
      note.number,
      `Against tax invoice ${invoice.number}`,
      seller.gstin,
      'Recipient',
      'HSN',
      'Taxable value',
      pdfMoney(Number(note.taxable_minor)),
      pdfMoney(Number(note.amount_minor)),
      'QC rejection after invoicing: Failed the buyer’s QC',
      'Authorised signatory',
      'reverse charge: No',
    ])
      expect(text).toContain(part)
    expect(text).toContain(Number(note.igst_minor) ? 'IGST' : 'CGST')
    // Another buyer's note is not found.
    expect(await notePdfFor(db, invoice.buyer_id + 1_000_000, 'credit', String(note.id))).toBeUndefined()
  })

  it('lists TDS waiting for its certificate and records the certificate once', async () => {
    const db = getDb()
    const paid = await recordPayment(
      db,
      { userId: viewer.userId },
      invoice.buyer_id,
      {
        receivedOn: kolkataDay(),
        amountMinor: 99_000,
        mode: 'neft',
        reference: 'UTR-TDS-1',
        tdsMinor: 1_000,
        tdsSection: '194C',
      },
      'tds-1',
    )
    expect(paid.ok).toBe(true)
    const before = (await settlementPage(db, String(invoice.buyer_id), new URL('http://x/')))!
    const waiting = before.tds.waiting.find((p) => p.number === (paid.ok ? paid.value.number : ''))!
    expect(waiting).toMatchObject({ tdsMinor: 1_000, amountMinor: 99_000, section: '194C', certificate: null })
    const certify = (certificate: string) =>
      settlementAction(
        db,
        viewer,
        String(invoice.buyer_id),
        formOf({
          intent: 'tds_certificate',
          form: `tds-${waiting.id}`,
          payment: String(waiting.id),
          certificate,
          certificateOn: kolkataDay(),
        }),
        settlementMoves,
      )
    expect(await certify('16A-0001')).toMatchObject({ status: 'done' })
    const again = await certify('16A-0002')
    expect(again.status === 'invalid' && again.reply.error?.certificate?.[0]).toMatch(
      /already has its certificate 16A-0001/,
    )
    const after = (await settlementPage(db, String(invoice.buyer_id), new URL('http://x/')))!
    expect(after.tds.waiting.some((p) => p.id === waiting.id)).toBe(false)
    expect(after.tds.certified.find((p) => p.id === waiting.id)).toMatchObject({ certificate: '16A-0001' })
  })
})
