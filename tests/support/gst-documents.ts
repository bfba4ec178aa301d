import type { Database } from '#db/database'
import { splitGst } from '~/features/settlements/money'
import { schemaDate } from '~/features/settlements/gst/einvoice.server'
import type { GstDocument } from '~/features/settlements/gst/documents.server'

// Fixtures for the e-invoice and GSTR-1 tests: the notes of issue 38 written as rows (the code that
// issues them is another part of the issue), numbers as the portal takes them, and signed QR codes
// shaped as the portal signs them.

/** The demo's invoice numbers (INV/2025-26/000001, 18 characters) as 16 at most: INV/2526/000001. */
export async function shortenNumbers(db: Database) {
  for (const table of ['buyer_invoices', 'credit_notes'] as const) {
    const rows = await db.selectFrom(table).select(['id', 'number']).execute()
    for (const row of rows)
      await db
        .updateTable(table)
        .set({ number: row.number.replace(/\/(\d{2})(\d{2})-(\d{2})\//, '/$2$3/') })
        .where('id', '=', row.id)
        .execute()
  }
}

let sequence = 0
/** A note on an invoice's first line: `part` paise-parts of its taxable value, with the invoice's taxes split. */
export async function insertNote(db: Database, type: 'CRN' | 'DBN', invoiceId: number, on: string, divisor: number) {
  const invoice = await db
    .selectFrom('buyer_invoices')
    .select(['buyer_id', 'supply'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow()
  const line = await db
    .selectFrom('buyer_invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('line_no')
    .executeTakeFirstOrThrow()
  const taxable = Math.round(Number(line.taxable_minor) / divisor)
  const tax = splitGst(taxable, line.gst_rate_bp, invoice.supply)
  const total = taxable + tax.cgst + tax.sgst + tax.igst
  sequence += 1
  const values = {
    number: `${type === 'CRN' ? 'CN' : 'DN'}/2526/${String(900 + sequence).padStart(6, '0')}`,
    buyer_id: invoice.buyer_id,
    invoice_id: invoiceId,
    issued_on: on,
    amount_minor: total,
    reason_code: type === 'CRN' ? 'short_delivery' : 'rate_difference',
    reason: type === 'CRN' ? 'Short delivery' : 'Rate difference',
    supply: invoice.supply,
    taxable_minor: taxable,
    cgst_minor: tax.cgst,
    sgst_minor: tax.sgst,
    igst_minor: tax.igst,
  } as const
  const note =
    type === 'CRN'
      ? await db.insertInto('credit_notes').values(values).returning('id').executeTakeFirstOrThrow()
      : await db.insertInto('debit_notes').values(values).returning('id').executeTakeFirstOrThrow()
  const lineValues = {
    note_id: note.id,
    line_no: 1,
    invoice_line_id: line.id,
    description: line.description,
    hsn_code: line.hsn_code,
    unit: line.unit,
    quantity_milli: type === 'CRN' ? Math.round(Number(line.quantity_milli) / divisor) : null,
    taxable_minor: taxable,
    gst_rate_bp: line.gst_rate_bp,
    cgst_minor: tax.cgst,
    sgst_minor: tax.sgst,
    igst_minor: tax.igst,
    total_minor: total,
  }
  if (type === 'CRN') await db.insertInto('credit_note_lines').values(lineValues).execute()
  else await db.insertInto('debit_note_lines').values(lineValues).execute()
  return note.id
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A signed QR code as the portal writes it: a JWT whose claims' data names the document. */
export function signedQr(doc: GstDocument, irn: string) {
  const data = {
    SellerGstin: doc.seller.gstin,
    BuyerGstin: doc.buyer.gstin,
    DocNo: doc.number,
    DocTyp: doc.type,
    DocDt: schemaDate(doc.on),
    TotInvVal: doc.total / 100,
    ItemCnt: doc.lines.length,
    MainHsnCode: doc.lines[0]?.hsn ?? '',
    Irn: irn,
    IrnDt: '2025-12-31 18:00:00',
  }
  const signature = Buffer.alloc(256, 7).toString('base64url')
  return `${b64({ alg: 'RS256', kid: 'test', typ: 'JWT' })}.${b64({ data: JSON.stringify(data), iss: 'NIC' })}.${signature}`
}
