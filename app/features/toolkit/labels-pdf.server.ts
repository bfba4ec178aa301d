import PDFDocument from 'pdfkit'
import { barcodePng } from './barcodes.server'
import { addressLines, labelFacts, labelHeading, qrText, type LabelSource } from './labels.server'
import type { PriceLabel } from './price-labels.server'

// Labels as PDF (pdfkit): shipping labels on a label printer's 100 x 150 mm roll or four to an A4
// sheet; price labels on a 50 x 25 mm roll or 24 to an A4 sheet (3 x 8 of 70 x 37 mm). Text is
// written as text and barcodes as images, so tests read both back.

const MM = 72 / 25.4
const mm = (value: number) => value * MM

function render(
  size: [number, number],
  title: string,
  build: (doc: PDFKit.PDFDocument) => Promise<void>,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size,
      margin: 0,
      autoFirstPage: false,
      info: { Title: title, Author: 'Sourcing Platform' },
    })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    build(doc).then(
      () => doc.end(),
      (error) => reject(error),
    )
  })
}

export type ShippingFormat = 'roll' | 'a4'
export type PriceSize = 'roll' | 'sheet'

type ShippingLabel = LabelSource & { n: number; packageWeight: string | null }

/** Shipping labels: one per page on the roll, four (2 x 2, A6 each) per A4 page. */
export function shippingLabelsPdf(labels: ShippingLabel[], format: ShippingFormat): Promise<Buffer> {
  const page: [number, number] = format === 'roll' ? [mm(100), mm(150)] : [mm(210), mm(297)]
  const perPage = format === 'roll' ? 1 : 4
  return render(page, 'Shipping labels', async (doc) => {
    for (let i = 0; i < labels.length; i++) {
      if (i % perPage === 0) doc.addPage({ size: page, margin: 0 })
      const slot = i % perPage
      const [x, y] = format === 'roll' ? [0, 0] : [(slot % 2) * mm(105), Math.floor(slot / 2) * mm(148.5)]
      await shippingLabel(doc, labels[i]!, x, y, format === 'roll' ? [mm(100), mm(150)] : [mm(105), mm(148.5)])
    }
  })
}

async function shippingLabel(
  doc: PDFKit.PDFDocument,
  label: ShippingLabel,
  x: number,
  y: number,
  [w, h]: [number, number],
) {
  const pad = mm(5)
  const inner = w - 2 * pad
  if (w < mm(101))
    doc
      .rect(x + 1, y + 1, w - 2, h - 2)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke()
  doc.fillColor('#000')
  let top = y + pad
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .text('FROM', x + pad, top, { width: inner })
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(addressLines(label.from).join('\n'), x + pad, doc.y, { width: inner })
  top = doc.y + mm(3)
  doc
    .moveTo(x + pad, top - mm(1.5))
    .lineTo(x + w - pad, top - mm(1.5))
    .lineWidth(0.5)
    .strokeColor('#000')
    .stroke()
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('SHIP TO', x + pad, top, { width: inner })
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(addressLines(label.to).join('\n'), x + pad, doc.y, { width: inner })
  top = doc.y + mm(3)
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(labelHeading(label), x + pad, top, { width: inner })
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(labelFacts(label).join('\n'), x + pad, doc.y, { width: inner })
  const [code128, qr] = await Promise.all([barcodePng('code128', label.orderCode), barcodePng('qrcode', qrText(label))])
  const qrSize = mm(28)
  const barTop = y + h - pad - qrSize
  doc.image(code128, x + pad, barTop + mm(4), { fit: [inner - qrSize - mm(4), qrSize - mm(8)] })
  doc.image(qr, x + w - pad - qrSize, barTop, { width: qrSize, height: qrSize })
}

/** Price labels: one per page on the 50 x 25 mm roll, 24 per A4 sheet (3 x 8 of 70 x 37 mm). */
export function priceLabelsPdf(labels: PriceLabel[], size: PriceSize): Promise<Buffer> {
  const page: [number, number] = size === 'roll' ? [mm(50), mm(25)] : [mm(210), mm(297)]
  const perPage = size === 'roll' ? 1 : 24
  const cell: [number, number] = size === 'roll' ? [mm(50), mm(25)] : [mm(70), mm(37)]
  return render(page, 'Price labels', async (doc) => {
    for (let i = 0; i < labels.length; i++) {
      if (i % perPage === 0) doc.addPage({ size: page, margin: 0 })
      const slot = i % perPage
      const [x, y] = size === 'roll' ? [0, 0] : [(slot % 3) * mm(70), mm(0.5) + Math.floor(slot / 3) * mm(37)]
      await priceLabel(doc, labels[i]!, x, y, cell, size)
    }
  })
}

async function priceLabel(
  doc: PDFKit.PDFDocument,
  label: PriceLabel,
  x: number,
  y: number,
  [w, h]: [number, number],
  size: PriceSize,
) {
  const pad = size === 'roll' ? mm(1.5) : mm(3)
  const inner = w - 2 * pad
  doc.fillColor('#000')
  doc
    .font('Helvetica')
    .fontSize(size === 'roll' ? 5.5 : 7)
    .text(label.name, x + pad, y + pad, { width: inner, height: size === 'roll' ? mm(5) : mm(7), ellipsis: true })
  doc
    .font('Helvetica-Bold')
    .fontSize(size === 'roll' ? 10 : 13)
    .text(label.price, x + pad, doc.y + 1, { width: inner, lineBreak: false })
  const barTop = doc.y + 2
  const barHeight = y + h - pad - barTop - (size === 'roll' ? 7 : 9)
  doc.image(await barcodePng('code128', label.buyerCode), x + pad, barTop, { fit: [inner, Math.max(barHeight, 8)] })
  doc
    .font('Helvetica')
    .fontSize(size === 'roll' ? 5.5 : 7)
    .text(label.buyerCode, x + pad, y + h - pad - (size === 'roll' ? 6 : 8), {
      width: inner,
      align: 'center',
      lineBreak: false,
    })
}
