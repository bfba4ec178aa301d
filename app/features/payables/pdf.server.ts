import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { pdfMoney } from '../settlements/pdf.server'
import type { SellerAccount } from './queries.server'
import { LEDGER_KIND_WORDS } from './words'

// The seller's statement as a PDF (docs/domain.md (issue 38)): its bills (credits), TDS under
// section 194Q, debit notes and payouts (debits) with the running balance, and each payout's UTR
// and the bills it paid. Noto Sans (a package) carries the rupee sign. Money text comes from the
// settlements PDFs' pdfMoney, so the two read alike. Never a buyer, a buyer's price or an order's value.

const require = createRequire(import.meta.url)
const fonts = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
}

type Col = { header: string; width: number; right?: boolean }

function table(doc: PDFKit.PDFDocument, columns: Col[], rows: string[][]) {
  const left = 40
  const draw = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(8)
      .fillColor('#000')
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - 4 }))) + 4
    if (doc.y + height > doc.page.height - 50) {
      doc.addPage()
      if (!bold)
        draw(
          columns.map((c) => c.header),
          true,
        )
    }
    const y = doc.y
    let x = left
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y + 2, { width: columns[i]!.width - 4, align: columns[i]!.right ? 'right' : 'left' })
      x += columns[i]!.width
    })
    doc.y = y + height
    doc.moveTo(left, doc.y).lineTo(x, doc.y).strokeColor('#ccc').lineWidth(0.5).stroke()
    doc.x = left
  }
  draw(
    columns.map((c) => c.header),
    true,
  )
  for (const row of rows) draw(row, false)
}

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
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { Title: `Statement ${account.seller.name} ${period.from} to ${period.to}`, Author: 'Sourcing Platform' },
    })
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.registerFont('regular', fonts.regular)
    doc.registerFont('bold', fonts.bold)
    const s = account.seller
    doc.font('bold').fontSize(16).text('Seller statement of account')
    doc
      .font('regular')
      .fontSize(9)
      .text(`${s.legalName || s.name}${s.gstin ? ` · GSTIN ${s.gstin}` : ''}${s.pan ? ` · PAN ${s.pan}` : ''}`)
      .text(`Period ${period.from} to ${period.to} · Payment terms ${s.paymentTermsDays} days`)
      .text('A bill approved is a credit (owed to you); TDS under section 194Q, debit notes and payouts are debits.')
    doc.moveDown()
    table(
      doc,
      [
        { header: 'Posted', width: 60 },
        { header: 'Document', width: 175 },
        { header: 'Debit', width: 90, right: true },
        { header: 'Credit', width: 90, right: true },
        { header: 'Balance owed', width: 100, right: true },
      ],
      [
        ['', 'Balance brought forward', '', '', pdfMoney(statement.openingMinor)],
        ...statement.rows.map((r) => [
          r.entryOn,
          `${LEDGER_KIND_WORDS[r.kind]} ${r.refNumber}`,
          r.debitMinor ? pdfMoney(r.debitMinor) : '',
          r.creditMinor ? pdfMoney(r.creditMinor) : '',
          pdfMoney(r.balanceMinor),
        ]),
        ['', 'Balance carried forward', '', '', pdfMoney(statement.closingMinor)],
      ],
    )
    const tds = statement.rows.filter((r) => r.kind === 'tds').reduce((t, r) => t + r.debitMinor, 0)
    const notes = statement.rows.filter((r) => r.kind === 'debit_note').reduce((t, r) => t + r.debitMinor, 0)
    doc
      .moveDown()
      .font('bold')
      .fontSize(9)
      .text(`Deductions in the period: TDS (section 194Q) ${pdfMoney(tds)} · Debit notes ${pdfMoney(notes)}`, 40, doc.y)
    if (payouts.length) {
      doc.moveDown().font('bold').fontSize(11).text('Payouts in the period', 40, doc.y)
      doc.moveDown(0.3)
      table(
        doc,
        [
          { header: 'Payout', width: 110 },
          { header: 'Paid on', width: 60 },
          { header: 'UTR', width: 110 },
          { header: 'Bills paid', width: 135 },
          { header: 'Amount', width: 100, right: true },
        ],
        payouts.map((p) => [
          p.number,
          p.paidOn,
          p.utr,
          p.bills
            .map((b) => `${b.number}: ${pdfMoney(b.paidMinor)}${b.tdsMinor ? ` (TDS ${pdfMoney(b.tdsMinor)})` : ''}`)
            .join('\n'),
          pdfMoney(p.amountMinor),
        ]),
      )
    }
    doc.end()
  })
}
