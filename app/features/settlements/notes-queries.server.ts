import type { NoteReasonCode } from '#db/types'
import type { Executor } from '~/platform/executor'
import type { NoteKind } from './notes'

// The reads of credit and debit notes: the notes on one invoice (its pages, finance's and the
// buyer's) and one note with its lines and the invoice it adjusts (its PDF). Scoped by the buyer:
// a note of another buyer is not found.

/** The notes on an invoice, both kinds, in the order they were issued. */
export async function notesOfInvoice(db: Executor, buyerId: number, invoiceId: number) {
  const pick = (kind: NoteKind) =>
    db
      .selectFrom(kind === 'credit' ? 'credit_notes' : 'debit_notes')
      .select(['id', 'number', 'issued_on', 'reason_code', 'reason', 'taxable_minor', 'amount_minor'])
      .where('buyer_id', '=', buyerId)
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((n) => ({
          kind,
          id: n.id,
          number: n.number,
          issuedOn: n.issued_on,
          reasonCode: n.reason_code as NoteReasonCode,
          reason: n.reason,
          taxableMinor: Number(n.taxable_minor),
          amountMinor: Number(n.amount_minor),
        })),
      )
  const [credits, debits] = await Promise.all([pick('credit'), pick('debit')])
  return [...credits, ...debits].sort(
    (a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.number.localeCompare(b.number),
  )
}
export type InvoiceNote = Awaited<ReturnType<typeof notesOfInvoice>>[number]

/** One note of the buyer with its lines and the invoice it adjusts; undefined when it is not the buyer's. */
export async function noteOf(db: Executor, buyerId: number, kind: NoteKind, noteId: number) {
  const note = await db
    // Both tables have the same columns: the credit notes' type stands for either.
    .selectFrom((kind === 'credit' ? 'credit_notes as n' : 'debit_notes as n') as 'credit_notes as n')
    .innerJoin('buyer_invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.id',
      'n.number',
      'n.issued_on as issuedOn',
      'n.reason_code as reasonCode',
      'n.reason',
      'n.supply',
      'n.taxable_minor',
      'n.cgst_minor',
      'n.sgst_minor',
      'n.igst_minor',
      'n.amount_minor',
      'n.created_at as createdAt',
      'i.id as invoiceId',
      'i.number as invoiceNumber',
      'i.invoice_on as invoiceOn',
      'i.place_of_supply as placeOfSupply',
      'i.seller_json as sellerJson',
      'i.buyer_json as buyerJson',
    ])
    .where('n.id', '=', noteId)
    .where('n.buyer_id', '=', buyerId)
    .executeTakeFirst()
  if (!note) return undefined
  const lines = await db
    .selectFrom(kind === 'credit' ? 'credit_note_lines' : 'debit_note_lines')
    .select([
      'line_no',
      'description',
      'hsn_code',
      'unit',
      'quantity_milli',
      'taxable_minor',
      'gst_rate_bp',
      'cgst_minor',
      'sgst_minor',
      'igst_minor',
      'total_minor',
    ])
    .where('note_id', '=', noteId)
    .orderBy('line_no')
    .execute()
  const n = Number
  return {
    kind,
    id: note.id,
    number: note.number,
    issuedOn: note.issuedOn,
    createdAt: note.createdAt,
    reasonCode: note.reasonCode as NoteReasonCode,
    reason: note.reason,
    supply: note.supply as 'intra' | 'inter',
    invoiceId: note.invoiceId,
    invoiceNumber: note.invoiceNumber,
    invoiceOn: note.invoiceOn,
    placeOfSupply: note.placeOfSupply,
    sellerJson: note.sellerJson,
    buyerJson: note.buyerJson,
    taxable: n(note.taxable_minor),
    cgst: n(note.cgst_minor),
    sgst: n(note.sgst_minor),
    igst: n(note.igst_minor),
    total: n(note.amount_minor),
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      description: l.description,
      hsn: l.hsn_code,
      unit: l.unit,
      quantityMilli: l.quantity_milli === null ? null : n(l.quantity_milli),
      taxable: n(l.taxable_minor),
      rateBp: l.gst_rate_bp,
      cgst: n(l.cgst_minor),
      sgst: n(l.sgst_minor),
      igst: n(l.igst_minor),
      total: n(l.total_minor),
    })),
  }
}
export type NoteDetail = NonNullable<Awaited<ReturnType<typeof noteOf>>>
