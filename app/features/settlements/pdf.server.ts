import PDFDocument from 'pdfkit'
import { formatDate } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import type { Account, InvoiceDetail } from './queries.server'
import type { PartyOnInvoice } from './platform'
import { paymentModeLabels } from './schema'

// Invoices and statements as PDF (pdfkit, its standard Helvetica: no rupee glyph, so amounts read
// "Rs. 1,23,456.78"). Text is written as text, so the tests read the numbers back.

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
export const pdfMoney = (paise: number) => `Rs. ${rupees.format(paise / 100)}`
export const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`

export function render(build: (doc: PDFKit.PDFDocument) => void, info: { Title: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { ...info, Author: 'Sourcing Platform' },
      bufferPages: true,
    })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    build(doc)
    // Page numbers on every page, once the pages are known.
    const range = doc.bufferedPageRange()
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i)
      // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
      doc.page.margins.bottom = 0
      doc
        .fontSize(8)
        .fillColor('#666')
        .text(`Page ${i + 1} of ${range.count}`, 40, doc.page.height - 30, {
          width: doc.page.width - 80,
          align: 'right',
          lineBreak: false,
        })
    }
    doc.end()
  })
}

export const party = (p: PartyOnInvoice) =>
  [
    p.legalName || p.name,
    p.line1,
    p.line2,
    `${p.city}, ${p.state} ${p.pin}`.trim(),
    p.gstin ? `GSTIN ${p.gstin}` : 'Not registered for GST: no input tax credit',
  ]
    .filter(Boolean)
    .join('\n')

export type Column = { header: string; width: number; align?: 'left' | 'right' }

/** A table that carries on to new pages, its header repeated. */
export function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const left = 40
  const drawRow = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
      .fillColor('#000')
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 4 }))
    const height = Math.max(...heights) + 4
    if (doc.y + height > doc.page.height - 50) {
      doc.addPage()
      if (!bold)
        drawRow(
          columns.map((c) => c.header),
          true,
        )
    }
    const y = doc.y
    let x = left
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y + 2, { width: columns[i]!.width - 4, align: columns[i]!.align ?? 'left' })
      x += columns[i]!.width
    })
    doc.y = y + height
    doc.moveTo(left, doc.y).lineTo(x, doc.y).strokeColor('#ccc').lineWidth(0.5).stroke()
    doc.x = left
  }
  drawRow(
    columns.map((c) => c.header),
    true,
  )
  for (const row of rows) drawRow(row, false)
}

/** A tax invoice: both parties with their GSTINs, place of supply, lines with HSN and the taxes, totals. */
export function invoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const seller = JSON.parse(invoice.sellerJson) as PartyOnInvoice
  const buyer = JSON.parse(invoice.buyerJson) as PartyOnInvoice
  const intra = invoice.supply === 'intra'
  return render(
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text('Tax invoice', { align: 'left' })
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`Invoice ${invoice.number}`)
        .text(`Date ${formatDate(`${invoice.invoiceOn}T12:00:00Z`)} · Due ${formatDate(`${invoice.dueOn}T12:00:00Z`)}`)
        .text(
          `Order ${invoice.orderCode} · Place of supply ${invoice.placeOfSupply || '—'} (${intra ? 'intra-state: CGST + SGST' : 'inter-state: IGST'})`,
        )
      doc.moveDown()
      const top = doc.y
      doc
        .font('Helvetica-Bold')
        .text('Supplier', 40, top)
        .font('Helvetica')
        .text(party(seller), 40, doc.y, { width: 250 })
      const afterSeller = doc.y
      doc
        .font('Helvetica-Bold')
        .text('Bill to', 305, top)
        .font('Helvetica')
        .text(party(buyer), 305, doc.y, { width: 250 })
      doc.y = Math.max(afterSeller, doc.y) + 12
      doc.x = 40
      const columns: Column[] = intra
        ? [
            { header: '#', width: 18 },
            { header: 'Item', width: 130 },
            { header: 'HSN', width: 42 },
            { header: 'Qty', width: 52, align: 'right' },
            { header: 'Rate', width: 55, align: 'right' },
            { header: 'Taxable', width: 64, align: 'right' },
            { header: 'GST', width: 28, align: 'right' },
            { header: 'CGST', width: 48, align: 'right' },
            { header: 'SGST', width: 48, align: 'right' },
            { header: 'Total', width: 0, align: 'right' },
          ]
        : [
            { header: '#', width: 18 },
            { header: 'Item', width: 150 },
            { header: 'HSN', width: 45 },
            { header: 'Qty', width: 55, align: 'right' },
            { header: 'Rate', width: 60, align: 'right' },
            { header: 'Taxable', width: 70, align: 'right' },
            { header: 'GST', width: 30, align: 'right' },
            { header: 'IGST', width: 55, align: 'right' },
            { header: 'Total', width: 0, align: 'right' },
          ]
      // The last column takes what is left of the line.
      const used = columns.slice(0, -1).reduce((s, c) => s + c.width, 0)
      columns[columns.length - 1]!.width = 515 - used
      const rows = invoice.lines.map((l) => [
        String(l.lineNo),
        l.description,
        l.hsn,
        formatQuantity(l.quantityMilli, l.unit),
        pdfMoney(l.priceMinor).replace('Rs. ', ''),
        pdfMoney(l.taxable).replace('Rs. ', ''),
        percent(l.rateBp),
        ...(intra
          ? [pdfMoney(l.cgst).replace('Rs. ', ''), pdfMoney(l.sgst).replace('Rs. ', '')]
          : [pdfMoney(l.igst).replace('Rs. ', '')]),
        pdfMoney(l.total).replace('Rs. ', ''),
      ])
      table(doc, columns, rows)
      doc.moveDown()
      const totals: [string, number][] = [
        ['Taxable value', invoice.taxable],
        ...(intra
          ? ([
              ['CGST', invoice.cgst],
              ['SGST', invoice.sgst],
            ] as [string, number][])
          : ([['IGST', invoice.igst]] as [string, number][])),
        ['Invoice total', invoice.total],
      ]
      if (invoice.debited) totals.push(['Debit notes', invoice.debited])
      if (invoice.credited) totals.push(['Credited', invoice.credited])
      if (invoice.paid) totals.push(['Paid', invoice.paid])
      totals.push(['Balance due', invoice.total + invoice.debited - invoice.paid - invoice.credited])
      for (const [label, amount] of totals) {
        doc
          .font(label === 'Invoice total' || label === 'Balance due' ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(9)
          .text(`${label}: ${pdfMoney(amount)}`, 40, doc.y, { width: 515, align: 'right' })
      }
      doc
        .moveDown()
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#444')
        .text('Amounts in Indian rupees. This is a computer-generated invoice.', 40, doc.y, { width: 515 })
    },
    { Title: `Invoice ${invoice.number}` },
  )
}

const kindLabel: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  debit_note: 'Debit note',
}

/** A statement of account for a period: brought forward, each entry with its running balance, carried forward, and the ageing now. */
export function statementPdf(
  account: Account,
  statement: {
    opening: number
    closing: number
    truncated: boolean
    rows: {
      entryOn: string
      kind: string
      refNumber: string
      about: string
      debitMinor: number
      creditMinor: number
      balanceMinor: number
    }[]
  },
  period: { from: string; to: string },
  ageing: { buckets: Record<string, number>; overdueMinor: number },
): Promise<Buffer> {
  return render(
    (doc) => {
      const buyer = account.buyer
      doc.font('Helvetica-Bold').fontSize(16).text('Statement of account')
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`${buyer.legalName || buyer.name}${buyer.gstin ? ` · GSTIN ${buyer.gstin}` : ''}`)
        .text(`Period ${period.from} to ${period.to} · Payment terms ${buyer.paymentTermsDays} days`)
      doc.moveDown()
      const rows = [
        ['', '', 'Balance brought forward', '', '', pdfMoney(statement.opening)],
        ...statement.rows.map((r) => [
          r.entryOn,
          `${kindLabel[r.kind] ?? r.kind} ${r.refNumber}`,
          r.about,
          r.debitMinor ? pdfMoney(r.debitMinor) : '',
          r.creditMinor ? pdfMoney(r.creditMinor) : '',
          pdfMoney(r.balanceMinor),
        ]),
        ['', '', 'Balance carried forward', '', '', pdfMoney(statement.closing)],
      ]
      table(
        doc,
        [
          { header: 'Posted', width: 55 },
          { header: 'Document', width: 110 },
          { header: 'Details', width: 140 },
          { header: 'Debit', width: 70, align: 'right' },
          { header: 'Credit', width: 70, align: 'right' },
          { header: 'Balance', width: 70, align: 'right' },
        ],
        rows,
      )
      if (statement.truncated)
        doc
          .moveDown()
          .fontSize(8)
          .text('This period has more entries than one statement holds: choose a shorter period.')
      doc
        .moveDown()
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(
          `Outstanding now: ${pdfMoney(account.outstandingMinor)} · Past due: ${pdfMoney(ageing.overdueMinor)}`,
          40,
          doc.y,
        )
      doc
        .font('Helvetica')
        .text(
          `Ageing of open invoices: 0-30 days ${pdfMoney(ageing.buckets.d0_30 ?? 0)} · 31-60 ${pdfMoney(ageing.buckets.d31_60 ?? 0)} · 61-90 ${pdfMoney(ageing.buckets.d61_90 ?? 0)} · 90+ ${pdfMoney(ageing.buckets.d90_plus ?? 0)}`,
          40,
          doc.y,
          { width: 515 },
        )
      doc
        .moveDown()
        .fontSize(8)
        .fillColor('#444')
        .text(`Payment modes accepted: ${Object.values(paymentModeLabels).join(', ')}.`, 40, doc.y, { width: 515 })
    },
    { Title: `Statement ${account.buyer.name} ${period.from} to ${period.to}` },
  )
}

/** A PDF as a download. */
export function pdfResponse(filename: string, body: Buffer): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
