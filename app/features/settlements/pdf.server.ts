import PDFDocument from 'pdfkit'
import { amountInWords } from '~/utils/amount-in-words'
import { formatDate } from '~/utils/format'
import { gstStateCode, stateWithCode } from '~/utils/gst-states'
import { formatQuantity } from '~/utils/quantity'
import type { Account, InvoiceDetail } from './queries.server'
import { figureLabels } from './figures'
import { PLATFORM_BANK, PLATFORM_SIGNATORY, type PartyOnInvoice } from './platform'
import { drawEinvoiceBlock, type EinvoiceBlock } from './einvoice-pdf.server'
import { FONT, FONT_BOLD, fonts } from './pdf-fonts.server'

export { FONT, FONT_BOLD }
import { paymentModeLabels } from './schema'

// Invoices and statements as PDF (pdfkit). The building blocks are exported for the other money
// documents (credit and debit notes, the e-invoice block): render a document, a table whose figures
// never wrap, a party's block, money as "₹ 1,23,456.78". Text is written as text, so the tests read
// it back. The font is Noto Sans (a package, full TrueType files): it has the rupee sign, which
// pdfkit's built-in Helvetica has not.

/** The width a document's content takes: A4 less both margins. */
export const CONTENT_LEFT = 40
export const CONTENT_WIDTH = 515

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
/** An amount as a figure in Indian grouping, without the sign: 1,23,456.78 (tables, whose headers say ₹). */
export const pdfFigure = (paise: number) => rupees.format(paise / 100)
/** An amount with the rupee sign: ₹ 1,23,456.78. */
export const pdfMoney = (paise: number) => `₹ ${pdfFigure(paise)}`
/** A rate in basis points as a percentage: 500 → 5%, 250 → 2.5%. */
export const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`

/**
 * What a PDF says about itself. A fixed document (an invoice, a note) gives its own moments: then the
 * same document renders to the same bytes every time (pdfkit derives the trailer's ID from these and
 * otherwise stamps the moment of rendering). A statement, made for a moment, may leave them out.
 */
export interface PdfInfo {
  Title: string
  /** The moment the document was issued. */
  CreationDate?: Date
  /** The moment it last changed as a document (its IRN recorded or cancelled); its issue when never. */
  ModDate?: Date
}

/** A moment stored as text (ISO, or SQLite's 'YYYY-MM-DD HH:MM:SS' in UTC) as a Date; the epoch when unreadable, never now. */
export function pdfMoment(text: string | null | undefined): Date {
  if (!text) return new Date(0)
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? new Date(0) : date
}

/** A fresh A4 document with the fonts registered, handed to `build`; page numbers are added to every page. */
export function render(build: (doc: PDFKit.PDFDocument) => void, info: PdfInfo): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = newDocument(info)
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    try {
      build(doc)
    } catch (error) {
      reject(error)
      return
    }
    // Page numbers on every page, once the pages are known.
    const range = doc.bufferedPageRange()
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i)
      // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
      doc.page.margins.bottom = 0
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor('#666')
        .text(`Page ${i + 1} of ${range.count}`, CONTENT_LEFT, doc.page.height - 30, {
          width: CONTENT_WIDTH,
          align: 'right',
          lineBreak: false,
        })
    }
    doc.end()
  })
}

/** An A4 document with the fonts registered (render's; tests measure text with it). */
export function newDocument(info: PdfInfo = { Title: '' }): PDFKit.PDFDocument {
  const { CreationDate, ModDate, ...rest } = info
  const doc = new PDFDocument({
    size: 'A4',
    margin: CONTENT_LEFT,
    info: {
      ...rest,
      Author: 'Sourcing Platform',
      ...(CreationDate ? { CreationDate, ModDate: ModDate ?? CreationDate } : {}),
    },
    bufferPages: true,
  })
  for (const [name, data] of fonts()) doc.registerFont(name, data)
  return doc.font(FONT)
}

/** A party as an invoice prints it: name, address, state with its GST state code, GSTIN. */
export function partyLines(p: PartyOnInvoice): string[] {
  const code = gstStateCode(p.state)
  return [
    p.legalName || p.name,
    p.line1,
    p.line2 ?? '',
    `${p.city} ${p.pin}`.trim(),
    p.state ? `State: ${p.state}${code ? `, State code ${code}` : ''}` : '',
    p.gstin ? `GSTIN ${p.gstin}` : 'Unregistered (no GSTIN): no input tax credit',
  ].filter(Boolean)
}
export const party = (p: PartyOnInvoice) => partyLines(p).join('\n')

/**
 * A table's column: a text column wraps (a fixed width, or a share of what is left when width is
 * not given); a numeric column (`numeric`, or right-aligned) is one line always, as wide as its
 * widest figure, its font made smaller when the figures would not fit otherwise.
 */
export type Column = { header: string; width?: number; align?: 'left' | 'right'; numeric?: boolean }

export interface TableLayout {
  widths: number[]
  /** Each column's font size (numeric columns may be smaller than the table's). */
  sizes: number[]
}

const PAD = 2
const TABLE_SIZE = 8
const MIN_NUMERIC_SIZE = 5
const MIN_TEXT_WIDTH = 60
const isNumeric = (c: Column) => c.numeric ?? c.align === 'right'

/** The widest word of a header (headers may wrap between words, figures never). */
const headerNeed = (doc: PDFKit.PDFDocument, header: string, size: number) =>
  Math.max(...header.split(/\s+/).map((w) => doc.font(FONT_BOLD).fontSize(size).widthOfString(w)))

/**
 * Column widths and font sizes so that every figure fits its column on one line within the content
 * width: numeric columns measured (doc.widthOfString) at the table's font, shrunk together when the
 * text columns would be left less than they need; text columns share the rest.
 */
export function layoutTable(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: string[][],
  options: { boldRows?: number[]; total?: number } = {},
): TableLayout {
  const total = options.total ?? CONTENT_WIDTH
  const bold = new Set(options.boldRows ?? [])
  const need = (i: number, size: number) =>
    Math.max(
      headerNeed(doc, columns[i]!.header, size),
      ...rows.map((r, n) =>
        doc
          .font(bold.has(n) ? FONT_BOLD : FONT)
          .fontSize(size)
          .widthOfString(r[i] ?? ''),
      ),
    ) +
    2 * PAD +
    1
  const numeric = columns.map(isNumeric)
  const fixedText = columns.reduce((s, c, i) => s + (!numeric[i] && c.width ? c.width : 0), 0)
  const flexCount = columns.filter((c, i) => !numeric[i] && !c.width).length
  const textRoom = fixedText + flexCount * MIN_TEXT_WIDTH
  let size = TABLE_SIZE
  const numericWidths = (s: number) =>
    columns.map((c, i) => (numeric[i] ? Math.max(c.width ?? 0, need(i, s)) : 0)).reduce((a, b) => a + b, 0)
  // Smaller type for the figures until they leave the text columns their room (never below 5 pt).
  while (size > MIN_NUMERIC_SIZE && numericWidths(size) + textRoom > total)
    size = Math.max(MIN_NUMERIC_SIZE, size - 0.25)
  const widths = columns.map((c, i) => (numeric[i] ? Math.max(c.width ?? 0, need(i, size)) : (c.width ?? 0)))
  const left = total - widths.reduce((a, b) => a + b, 0)
  if (flexCount > 0) {
    columns.forEach((c, i) => {
      if (!numeric[i] && !c.width) widths[i] = Math.max(left / flexCount, 0)
    })
  } else if (left > 0) {
    // No column to take what is left: the figures share it, so the table spans the page.
    const figures = numeric.filter(Boolean).length
    columns.forEach((_, i) => {
      if (numeric[i]) widths[i] = widths[i]! + left / figures
    })
  }
  return { widths, sizes: columns.map((_, i) => (numeric[i] ? size : TABLE_SIZE)) }
}

/** Writes one numeric cell on one line, right-aligned; a figure wider than its cell gets smaller type, never a break. */
function figureCell(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size: number) {
  let fit = size
  doc.fontSize(fit)
  while (fit > 3 && doc.widthOfString(text) > width - 2 * PAD) doc.fontSize((fit -= 0.25))
  doc.text(text, x + PAD, y + PAD, { width: width - 2 * PAD, align: 'right', lineBreak: false })
}

/** A table that carries on to new pages, its header repeated; bold rows are given by index. Answers its layout. */
export function table(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: string[][],
  options: { boldRows?: number[]; total?: number } = {},
): TableLayout {
  const layout = layoutTable(doc, columns, rows, options)
  const numeric = columns.map(isNumeric)
  const left = CONTENT_LEFT
  const drawRow = (cells: string[], bold: boolean, header: boolean) => {
    doc.font(bold ? FONT_BOLD : FONT).fillColor('#000')
    const heights = cells.map((cell, i) =>
      numeric[i] && !header
        ? doc.fontSize(layout.sizes[i]!).currentLineHeight(true)
        : doc.fontSize(header ? Math.min(TABLE_SIZE, layout.sizes[i]!) : TABLE_SIZE).heightOfString(cell || ' ', {
            width: layout.widths[i]! - 2 * PAD,
          }),
    )
    const height = Math.max(...heights) + 2 * PAD
    if (doc.y + height > doc.page.height - 50) {
      doc.addPage()
      if (!header) drawHeader()
      doc.font(bold ? FONT_BOLD : FONT)
    }
    const y = doc.y
    let x = left
    cells.forEach((cell, i) => {
      const width = layout.widths[i]!
      if (numeric[i] && !header) figureCell(doc, cell, x, y, width, layout.sizes[i]!)
      else
        doc
          .fontSize(header ? Math.min(TABLE_SIZE, layout.sizes[i]!) : TABLE_SIZE)
          .text(cell, x + PAD, y + PAD, { width: width - 2 * PAD, align: numeric[i] ? 'right' : 'left' })
      x += width
    })
    doc.y = y + height
    doc.moveTo(left, doc.y).lineTo(x, doc.y).strokeColor('#ccc').lineWidth(0.5).stroke()
    doc.x = left
  }
  const drawHeader = () =>
    drawRow(
      columns.map((c) => c.header),
      true,
      true,
    )
  drawHeader()
  const bold = new Set(options.boldRows ?? [])
  rows.forEach((row, i) => drawRow(row, bold.has(i), false))
  return layout
}

/** Starts a new page when less than `height` points are left above the bottom margin. */
export function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - 50) doc.addPage()
  doc.x = CONTENT_LEFT
}

/** Label and value pairs in two columns, each on its own line (an invoice's particulars). */
function particulars(doc: PDFKit.PDFDocument, pairs: [string, string][], x: number, width: number) {
  for (const [label, value] of pairs) {
    doc.font(FONT_BOLD).fontSize(8.5).text(`${label}: `, x, doc.y, { continued: true, width })
    doc.font(FONT).text(value)
  }
}

const parseParty = (json: string | null): PartyOnInvoice | null => {
  if (!json) return null
  try {
    const p = JSON.parse(json) as Partial<PartyOnInvoice> & { label?: string }
    return {
      name: p.name ?? p.label ?? '',
      legalName: p.legalName ?? null,
      gstin: p.gstin ?? null,
      line1: p.line1 ?? '',
      line2: p.line2 ?? null,
      city: p.city ?? '',
      state: p.state ?? '',
      pin: p.pin ?? '',
    }
  } catch {
    return null
  }
}

const sameAddress = (a: PartyOnInvoice, b: PartyOnInvoice) =>
  [a.line1, a.line2 ?? '', a.city, a.state, a.pin].join('|').toLowerCase().replace(/\s+/g, ' ') ===
  [b.line1, b.line2 ?? '', b.city, b.state, b.pin].join('|').toLowerCase().replace(/\s+/g, ' ')

/** Where the goods went, when it is not the bill-to address (CGST Rule 46); null when it is the same. */
export function shipToOf(invoice: InvoiceDetail): PartyOnInvoice | null {
  const shipTo = parseParty(invoice.shipToJson)
  const billTo = parseParty(invoice.buyerJson)
  if (!shipTo || !shipTo.line1 || !billTo || sameAddress(shipTo, billTo)) return null
  // The consignee is the recipient: its name and GSTIN with the address the goods went to.
  return { ...shipTo, name: billTo.name, legalName: billTo.legalName, gstin: billTo.gstin }
}

/** One line of the HSN summary: per HSN and rate, the taxable value, each tax and the total. */
export interface HsnSummaryRow {
  hsn: string
  rateBp: number
  taxable: number
  cgst: number
  sgst: number
  igst: number
  total: number
}

/** The invoice's lines summed per HSN and rate, in the order they first appear. */
export function hsnSummary(
  lines: { hsn: string; rateBp: number; taxable: number; cgst: number; sgst: number; igst: number; total: number }[],
): HsnSummaryRow[] {
  const rows = new Map<string, HsnSummaryRow>()
  for (const l of lines) {
    const key = `${l.hsn}|${l.rateBp}`
    const row = rows.get(key) ?? { hsn: l.hsn, rateBp: l.rateBp, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }
    row.taxable += l.taxable
    row.cgst += l.cgst
    row.sgst += l.sgst
    row.igst += l.igst
    row.total += l.total
    rows.set(key, row)
  }
  return [...rows.values()]
}

/** The invoice's lines: HSN, quantity and unit, price, taxable value, each tax's rate and amount. */
export function invoiceLineTable(invoice: InvoiceDetail): { columns: Column[]; rows: string[][] } {
  const intra = invoice.supply === 'intra'
  const half = (bp: number) => percent(bp / 2)
  const columns: Column[] = [
    { header: '#', numeric: true },
    { header: 'Description of goods' },
    { header: 'HSN', numeric: true },
    { header: 'Qty', numeric: true },
    { header: 'Unit', numeric: true },
    { header: 'Price (₹)', numeric: true },
    { header: 'Taxable value (₹)', numeric: true },
    ...(intra
      ? [
          { header: 'CGST rate', numeric: true },
          { header: 'CGST (₹)', numeric: true },
          { header: 'SGST rate', numeric: true },
          { header: 'SGST (₹)', numeric: true },
        ]
      : [
          { header: 'IGST rate', numeric: true },
          { header: 'IGST (₹)', numeric: true },
        ]),
    { header: 'Total (₹)', numeric: true },
  ]
  const rows = invoice.lines.map((l) => [
    String(l.lineNo),
    l.description,
    l.hsn,
    formatQuantity(l.quantityMilli),
    l.unit,
    pdfFigure(l.priceMinor),
    pdfFigure(l.taxable),
    ...(intra
      ? [half(l.rateBp), pdfFigure(l.cgst), half(l.rateBp), pdfFigure(l.sgst)]
      : [percent(l.rateBp), pdfFigure(l.igst)]),
    pdfFigure(l.total),
  ])
  return { columns, rows }
}

/** The HSN summary table's columns and rows, with a total row. */
export function hsnSummaryTable(invoice: InvoiceDetail): { columns: Column[]; rows: string[][] } {
  const intra = invoice.supply === 'intra'
  const summary = hsnSummary(invoice.lines)
  const columns: Column[] = [
    { header: 'HSN' },
    { header: 'GST rate', numeric: true },
    { header: 'Taxable value (₹)', numeric: true },
    ...(intra
      ? [
          { header: 'CGST (₹)', numeric: true },
          { header: 'SGST (₹)', numeric: true },
        ]
      : [{ header: 'IGST (₹)', numeric: true }]),
    { header: 'Total tax (₹)', numeric: true },
    { header: 'Total (₹)', numeric: true },
  ]
  const row = (hsn: string, rate: string, r: Omit<HsnSummaryRow, 'hsn' | 'rateBp'>) => [
    hsn,
    rate,
    pdfFigure(r.taxable),
    ...(intra ? [pdfFigure(r.cgst), pdfFigure(r.sgst)] : [pdfFigure(r.igst)]),
    pdfFigure(r.cgst + r.sgst + r.igst),
    pdfFigure(r.total),
  ]
  return {
    columns,
    rows: [
      ...summary.map((r) => row(r.hsn, percent(r.rateBp), r)),
      row('Total', '', {
        taxable: invoice.taxable,
        cgst: invoice.cgst,
        sgst: invoice.sgst,
        igst: invoice.igst,
        total: invoice.total,
      }),
    ],
  }
}

/** The heading, the invoice's particulars and the parties (supplier, bill to, ship to where it differs). */
export function invoiceHeading(doc: PDFKit.PDFDocument, invoice: InvoiceDetail) {
  const seller = JSON.parse(invoice.sellerJson) as PartyOnInvoice
  const buyer = JSON.parse(invoice.buyerJson) as PartyOnInvoice
  const intra = invoice.supply === 'intra'
  const top = doc.y
  doc.font(FONT_BOLD).fontSize(16).text('Tax invoice', CONTENT_LEFT, top)
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor('#444')
    .text('Original for recipient', CONTENT_LEFT, top + 4, { width: CONTENT_WIDTH, align: 'right' })
    .fillColor('#000')
  doc.y = top + 26
  const at = doc.y
  particulars(
    doc,
    [
      ['Invoice number', invoice.number],
      ['Invoice date', formatDate(`${invoice.invoiceOn}T12:00:00Z`)],
      ['Due date', formatDate(`${invoice.dueOn}T12:00:00Z`)],
      [invoice.order.kind === 'sample' ? 'Sample order' : 'Order', invoice.orderCode],
    ],
    CONTENT_LEFT,
    250,
  )
  const afterLeft = doc.y
  doc.y = at
  particulars(
    doc,
    [
      ['Place of supply', invoice.placeOfSupply ? stateWithCode(invoice.placeOfSupply) : '—'],
      ['Supply', intra ? 'Intra-state (CGST + SGST)' : 'Inter-state (IGST)'],
      ['Tax payable on reverse charge', 'No'],
    ],
    CONTENT_LEFT + 265,
    250,
  )
  doc.y = Math.max(afterLeft, doc.y) + 10
  const shipTo = shipToOf(invoice)
  const blocks: [string, PartyOnInvoice][] = [
    ['Supplier', seller],
    ['Recipient (bill to)', buyer],
    ...(shipTo ? ([['Ship to', shipTo]] as [string, PartyOnInvoice][]) : []),
  ]
  const width = (CONTENT_WIDTH - 15 * (blocks.length - 1)) / blocks.length
  const partiesTop = doc.y
  let bottom = partiesTop
  blocks.forEach(([title, p], i) => {
    const x = CONTENT_LEFT + i * (width + 15)
    doc.font(FONT_BOLD).fontSize(8.5).text(title, x, partiesTop, { width })
    doc.font(FONT).fontSize(8.5).text(party(p), x, doc.y, { width })
    bottom = Math.max(bottom, doc.y)
  })
  doc.x = CONTENT_LEFT
  doc.y = bottom + 12
}

/** The totals, right-aligned, each "label: ₹ figure", and the amount in words. */
export function invoiceTotalsBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDetail) {
  const intra = invoice.supply === 'intra'
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
  // Only what was fixed at issue: what is paid, credited, debited or still owed changes afterwards
  // and belongs on the statement, the invoice's page and the ledger, never on the issued document.
  keepTogether(doc, totals.length * 13 + 40)
  doc.moveDown(0.5)
  for (const [label, amount] of totals)
    doc
      .font(label === 'Invoice total' ? FONT_BOLD : FONT)
      .fontSize(9)
      .text(`${label}: ${pdfMoney(amount)}`, CONTENT_LEFT, doc.y, { width: CONTENT_WIDTH, align: 'right' })
  doc.moveDown(0.3)
  doc.font(FONT_BOLD).fontSize(8.5).text('Amount in words: ', CONTENT_LEFT, doc.y, {
    continued: true,
    width: CONTENT_WIDTH,
  })
  doc.font(FONT).text(amountInWords(invoice.total))
  doc.moveDown(0.6)
}

/** The HSN summary under its heading. */
export function hsnSummaryBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDetail) {
  const { columns, rows } = hsnSummaryTable(invoice)
  keepTogether(doc, 40 + rows.length * 14)
  doc.font(FONT_BOLD).fontSize(9).text('HSN summary', CONTENT_LEFT, doc.y)
  doc.moveDown(0.2)
  table(doc, columns, rows, { boldRows: [rows.length - 1] })
  doc.moveDown(0.6)
}

/** Bank details for payment (left) and the authorised signatory for the supplier (right). */
export function paymentAndSignatory(doc: PDFKit.PDFDocument, invoice: InvoiceDetail) {
  const seller = JSON.parse(invoice.sellerJson) as PartyOnInvoice
  keepTogether(doc, 90)
  const top = doc.y
  doc.font(FONT_BOLD).fontSize(8.5).text('Bank details for payment', CONTENT_LEFT, top, { width: 280 })
  doc
    .font(FONT)
    .text(
      [
        `Account name: ${PLATFORM_BANK.accountName}`,
        `Bank: ${PLATFORM_BANK.bank}`,
        `Account number: ${PLATFORM_BANK.accountNumber}`,
        `IFSC: ${PLATFORM_BANK.ifsc}`,
        `Branch: ${PLATFORM_BANK.branch}`,
        `Quote ${invoice.number} with your payment.`,
      ].join('\n'),
      CONTENT_LEFT,
      doc.y,
      { width: 280 },
    )
  const afterBank = doc.y
  const x = CONTENT_LEFT + 300
  doc
    .font(FONT_BOLD)
    .text(`For ${seller.legalName || seller.name}`, x, top, { width: CONTENT_WIDTH - 300, align: 'right' })
  doc.font(FONT).text(PLATFORM_SIGNATORY, x, top + 48, { width: CONTENT_WIDTH - 300, align: 'right' })
  doc.y = Math.max(afterBank, doc.y) + 10
  doc
    .font(FONT)
    .fontSize(7.5)
    .fillColor('#444')
    .text(
      'Amounts in Indian rupees. Computer-generated invoice issued under section 31 of the CGST Act, 2017 with the particulars of rule 46 of the CGST Rules, 2017.',
      CONTENT_LEFT,
      doc.y,
      { width: CONTENT_WIDTH },
    )
    .fillColor('#000')
}

/**
 * A tax invoice with every particular of CGST Rule 46: supplier and recipient with address, GSTIN,
 * state and state code; place of supply; ship-to where it differs; number and date; per line HSN,
 * quantity and unit, taxable value, each tax's rate and amount; reverse charge; signatory. And the
 * amount in words, the HSN summary and the bank details.
 *
 * An issued document is fixed (issue 52): it prints only what was fixed at issue, and its IRN
 * registration once recorded; never what is paid, credited or owed. Its moments are the invoice's
 * issue and its registration, so it renders to the same bytes whenever it is downloaded. `draft`
 * marks finance's copy of an invoice that is not (or no longer) a valid tax invoice (Rule 48(5)).
 */
export function invoicePdf(
  invoice: InvoiceDetail,
  einvoice: EinvoiceBlock | null = null,
  options: IssuedCopy = {},
): Promise<Buffer> {
  return render(
    (doc) => {
      invoiceHeading(doc, invoice)
      issuedStanding(doc, einvoice, options)
      const { columns, rows } = invoiceLineTable(invoice)
      table(doc, columns, rows)
      invoiceTotalsBlock(doc, invoice)
      hsnSummaryBlock(doc, invoice)
      paymentAndSignatory(doc, invoice)
    },
    issuedInfo(`Invoice ${invoice.number}`, invoice.createdAt, einvoice, options),
  )
}

/** How a fixed document's copy is marked: `draft` when it is not a valid document (finance's copy), `changedAt` when its IRN was cancelled. */
export interface IssuedCopy {
  draft?: string | null
  changedAt?: string | null
}

/**
 * Under a fixed document's heading (an invoice, a credit or debit note): finance's boxed mark when the
 * copy is not a valid document, and the e-invoice's IRN, acknowledgement and signed QR code once
 * registered. One block for every document type.
 */
export function issuedStanding(doc: PDFKit.PDFDocument, einvoice: EinvoiceBlock | null, copy: IssuedCopy) {
  if (copy.draft) draftNotice(doc, copy.draft)
  if (einvoice) drawEinvoiceBlock(doc, einvoice)
}

/** A fixed document's own moments: issued at `createdAt`, changed when registered (or its IRN cancelled); never the moment of rendering. */
export function issuedInfo(
  Title: string,
  createdAt: string,
  einvoice: EinvoiceBlock | null,
  copy: IssuedCopy,
): PdfInfo {
  const issued = pdfMoment(createdAt)
  return {
    Title,
    CreationDate: issued,
    ModDate: copy.changedAt ? pdfMoment(copy.changedAt) : einvoice ? pdfMoment(einvoice.registeredAt) : issued,
  }
}

/** A boxed line under the heading: this copy is not a valid tax document, and why. */
function draftNotice(doc: PDFKit.PDFDocument, text: string) {
  const top = doc.y
  doc.font(FONT_BOLD).fontSize(9).fillColor('#8a1c1c')
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH - 12 }) + 10
  doc.rect(CONTENT_LEFT, top, CONTENT_WIDTH, height).strokeColor('#8a1c1c').lineWidth(1).stroke()
  doc.text(text, CONTENT_LEFT + 6, top + 5, { width: CONTENT_WIDTH - 12 })
  doc.fillColor('#000')
  doc.x = CONTENT_LEFT
  doc.y = top + height + 8
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
      doc.font(FONT_BOLD).fontSize(16).text('Statement of account')
      doc
        .font(FONT)
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
          { header: 'Document', width: 100 },
          { header: 'Details' },
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
        .font(FONT_BOLD)
        .fontSize(9)
        .text(
          `Outstanding now: ${pdfMoney(account.outstandingMinor)} · Past due: ${pdfMoney(ageing.overdueMinor)}`,
          CONTENT_LEFT,
          doc.y,
        )
      // The account's figures as they add up (./figures.ts), the same as the buyer's Outstanding page.
      const f = account.figures
      doc
        .font(FONT)
        .text(
          `${figureLabels.invoicedMinor} ${pdfMoney(f.invoicedMinor)} + ${figureLabels.debitNotesMinor.toLowerCase()} ${pdfMoney(f.debitNotesMinor)} − ${figureLabels.creditNotesMinor.toLowerCase()} ${pdfMoney(f.creditNotesMinor)} − ${figureLabels.receivedMinor.toLowerCase()} ${pdfMoney(f.receivedMinor)}${f.tdsMinor ? ` (of which TDS deducted ${pdfMoney(f.tdsMinor)})` : ''} = outstanding ${pdfMoney(f.outstandingMinor)}`,
          CONTENT_LEFT,
          doc.y,
          { width: CONTENT_WIDTH },
        )
      doc
        .font(FONT)
        .text(
          `Ageing of open invoices: 0-30 days ${pdfMoney(ageing.buckets.d0_30 ?? 0)} · 31-60 ${pdfMoney(ageing.buckets.d31_60 ?? 0)} · 61-90 ${pdfMoney(ageing.buckets.d61_90 ?? 0)} · 90+ ${pdfMoney(ageing.buckets.d90_plus ?? 0)}`,
          CONTENT_LEFT,
          doc.y,
          { width: CONTENT_WIDTH },
        )
      doc
        .moveDown()
        .fontSize(8)
        .fillColor('#444')
        .text(`Payment modes accepted: ${Object.values(paymentModeLabels).join(', ')}.`, CONTENT_LEFT, doc.y, {
          width: CONTENT_WIDTH,
        })
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
