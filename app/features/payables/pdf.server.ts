import { formatDate } from '~/utils/format'
import { FONT, FONT_BOLD, pdfFigure, pdfMoney, render, table } from '../settlements/pdf.server'
import type { SellerAccount } from './queries.server'
import { LEDGER_KIND_WORDS } from './words'

// The seller's statement as a PDF (docs/domain.md (issue 38)): its bills (credits), TDS under
// section 194Q, debit notes and payouts (debits) with the running balance, and each payout's UTR
// and the bills it paid. Noto Sans (a package) carries the rupee sign. Money text comes from the
// settlements PDFs' building blocks (render, table: figures never wrap), so the two read alike.
// Never a buyer, a buyer's price or an order's value.

export function sellerStatementPdf(
  account: SellerAccount,
  statement: {
    openingMinor: number
    closingMinor: number
    rows: {
      entryOn: string
      kind: keyof typeof LEDGER_KIND_WORDS
      refNumber: string
      debitMinor: number
      creditMinor: number
      balanceMinor: number
    }[]
  },
  payouts: SellerAccount['payouts'],
  period: { from: string; to: string },
): Promise<Buffer> {
  return render(
    (doc) => {
      const s = account.seller
      doc.font(FONT_BOLD).fontSize(16).text('Seller statement of account')
      doc
        .font(FONT)
        .fontSize(9)
        .text(`${s.legalName || s.name}${s.gstin ? ` · GSTIN ${s.gstin}` : ''}${s.pan ? ` · PAN ${s.pan}` : ''}`)
        .text(
          `Period ${formatDate(period.from)} to ${formatDate(period.to)} · Payment terms ${s.paymentTermsDays} days`,
        )
        .text('A bill approved is a credit (owed to you); TDS under section 194Q, debit notes and payouts are debits.')
      doc.moveDown()
      table(
        doc,
        [
          { header: 'Posted', width: 70 },
          { header: 'Document' },
          { header: 'Debit (₹)', align: 'right' },
          { header: 'Credit (₹)', align: 'right' },
          { header: 'Balance owed (₹)', align: 'right' },
        ],
        [
          ['', 'Balance brought forward', '', '', pdfFigure(statement.openingMinor)],
          ...statement.rows.map((r) => [
            formatDate(r.entryOn),
            `${LEDGER_KIND_WORDS[r.kind]} ${r.refNumber}`,
            r.debitMinor ? pdfFigure(r.debitMinor) : '',
            r.creditMinor ? pdfFigure(r.creditMinor) : '',
            pdfFigure(r.balanceMinor),
          ]),
          ['', 'Balance carried forward', '', '', pdfFigure(statement.closingMinor)],
        ],
      )
      const tds = statement.rows.filter((r) => r.kind === 'tds').reduce((t, r) => t + r.debitMinor, 0)
      const notes = statement.rows.filter((r) => r.kind === 'debit_note').reduce((t, r) => t + r.debitMinor, 0)
      doc
        .moveDown()
        .font(FONT_BOLD)
        .fontSize(9)
        .text(
          `Deductions in the period: TDS (section 194Q) ${pdfMoney(tds)} · Debit notes ${pdfMoney(notes)}`,
          40,
          doc.y,
        )
      if (payouts.length) {
        doc.moveDown().font(FONT_BOLD).fontSize(11).text('Payouts in the period', 40, doc.y)
        doc.moveDown(0.3)
        table(
          doc,
          [
            { header: 'Payout', width: 95 },
            { header: 'Paid on', width: 70 },
            { header: 'UTR', width: 110 },
            { header: 'Bills paid' },
            { header: 'Amount (₹)', align: 'right' },
          ],
          payouts.map((p) => [
            p.number,
            formatDate(p.paidOn),
            p.utr,
            p.bills
              .map((b) => `${b.number}: ${pdfMoney(b.paidMinor)}${b.tdsMinor ? ` (TDS ${pdfMoney(b.tdsMinor)})` : ''}`)
              .join('\n'),
            pdfFigure(p.amountMinor),
          ]),
        )
      }
    },
    { Title: `Statement ${account.seller.name} ${period.from} to ${period.to}` },
  )
}
