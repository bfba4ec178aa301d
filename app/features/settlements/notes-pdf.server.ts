import { formatDate } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { noteReasonLabels, noteTitle } from './notes'
import type { NoteDetail } from './notes-queries.server'
import type { EinvoiceBlock } from './einvoice-pdf.server'
import {
  FONT,
  FONT_BOLD,
  issuedInfo,
  issuedStanding,
  party,
  pdfMoney,
  percent,
  render,
  table,
  type Column,
  type IssuedCopy,
} from './pdf.server'
import type { PartyOnInvoice } from './platform'

// A credit or debit note as PDF (CGST Rule 53: the note's title, its number and date, the original
// invoice's number and date, supplier and recipient with their GSTINs, the lines with HSN, taxable
// value, taxes and total, the reason, the signatory), built from the invoice PDF's blocks. A note to a
// buyer with a GSTIN is e-invoiced like an invoice (issue 52): once registered it prints the same
// e-invoice block (IRN, Ack No, Ack Date, signed QR code) under its heading; finance's copy of one not
// yet valid carries the same boxed mark as an invoice's.

const day = (d: string) => formatDate(`${d}T12:00:00Z`)
const bare = (paise: number) => pdfMoney(paise).replace(/^\D+/, '')

export function notePdf(
  note: NoteDetail,
  einvoice: EinvoiceBlock | null = null,
  copy: IssuedCopy = {},
): Promise<Buffer> {
  const seller = JSON.parse(note.sellerJson) as PartyOnInvoice
  const buyer = JSON.parse(note.buyerJson) as PartyOnInvoice
  const intra = note.supply === 'intra'
  const title = noteTitle(note.kind)
  return render(
    (doc) => {
      doc.font(FONT_BOLD).fontSize(16).text(title)
      doc
        .font(FONT)
        .fontSize(9)
        .text(`${title} ${note.number} · Date ${day(note.issuedOn)}`)
        .text(`Against tax invoice ${note.invoiceNumber} dated ${day(note.invoiceOn)}`)
        .text(
          `Place of supply ${note.placeOfSupply || '—'} (${intra ? 'intra-state: CGST + SGST' : 'inter-state: IGST'}) · Tax payable on reverse charge: No`,
        )
        .text(`Reason: ${noteReasonLabels[note.reasonCode]}: ${note.reason}`)
      doc.moveDown()
      // As the invoice: finance's mark when not valid, the e-invoice's particulars once registered.
      issuedStanding(doc, einvoice, copy)
      const top = doc.y
      doc.font(FONT_BOLD).text('Supplier', 40, top).font(FONT).text(party(seller), 40, doc.y, { width: 250 })
      const afterSeller = doc.y
      doc.font(FONT_BOLD).text('Recipient', 305, top).font(FONT).text(party(buyer), 305, doc.y, { width: 250 })
      doc.y = Math.max(afterSeller, doc.y) + 12
      doc.x = 40
      const columns: Column[] = [
        { header: '#', width: 18 },
        { header: 'Item', width: intra ? 150 : 170 },
        { header: 'HSN', width: 45 },
        { header: 'Qty', align: 'right' },
        { header: 'Taxable', align: 'right' },
        { header: 'GST', align: 'right' },
        ...(intra
          ? ([
              { header: 'CGST', align: 'right' },
              { header: 'SGST', align: 'right' },
            ] as Column[])
          : ([{ header: 'IGST', align: 'right' }] as Column[])),
        { header: 'Total', align: 'right' },
      ]
      table(
        doc,
        columns,
        note.lines.map((l) => [
          String(l.lineNo),
          l.description,
          l.hsn,
          l.quantityMilli === null ? '—' : formatQuantity(l.quantityMilli, l.unit),
          bare(l.taxable),
          percent(l.rateBp),
          ...(intra ? [bare(l.cgst), bare(l.sgst)] : [bare(l.igst)]),
          bare(l.total),
        ]),
      )
      doc.moveDown()
      const totals: [string, number][] = [
        ['Taxable value', note.taxable],
        ...(intra
          ? ([
              ['CGST', note.cgst],
              ['SGST', note.sgst],
            ] as [string, number][])
          : ([['IGST', note.igst]] as [string, number][])),
        [`${title} total`, note.total],
      ]
      for (const [label, amount] of totals)
        doc
          .font(label.endsWith('total') ? FONT_BOLD : FONT)
          .fontSize(9)
          .text(`${label}: ${pdfMoney(amount)}`, 40, doc.y, { align: 'right' })
      doc
        .moveDown(2)
        .font(FONT)
        .fontSize(9)
        .text(`For ${seller.legalName || seller.name}`, 40, doc.y, { align: 'right' })
        .moveDown(2)
        .text('Authorised signatory', 40, doc.y, { align: 'right' })
      doc
        .moveDown()
        .fontSize(8)
        .fillColor('#444')
        .text(
          note.kind === 'credit'
            ? 'This credit note lowers what the invoice above owes. Amounts in Indian rupees.'
            : 'This debit note adds to what the invoice above owes. Amounts in Indian rupees.',
          40,
          doc.y,
          { width: 515 },
        )
    },
    // Fixed at issue (issue 52): the note's own moments (its issue, its registration), so every download is the same bytes.
    issuedInfo(`${title} ${note.number}`, note.createdAt, einvoice, copy),
  )
}
