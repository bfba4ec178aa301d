import { barcodePng, qrFits } from '~/features/toolkit/barcodes.server'
import type { Executor } from '~/platform/executor'
import { registrationOf } from './gst/registrations.server'
import type { DocType } from './gst/documents.server'
import { FONT, FONT_BOLD } from './pdf-fonts.server'

// The e-invoice particulars a registered document prints (docs/domain.md (issue 38)): the IRN, the
// acknowledgement number and date, and the signed QR code the portal returned, as a QR image a
// phone or the GST verification app reads. Drawn by invoicePdf when the invoice has a registration.

export interface EinvoiceBlock {
  irn: string
  ackNo: string
  ackAt: string
  /** When the registration was recorded (the PDF's ModDate). */
  registeredAt: string
  /** null when the signed QR code cannot be drawn (recorded before such codes were refused). */
  qrPng: Buffer | null
}

/** The block of a document that is registered, with its QR image made; null when it is not. */
export async function einvoiceBlockOf(db: Executor, type: DocType, id: number): Promise<EinvoiceBlock | null> {
  const registration = await registrationOf(db, type, id)
  // A cancelled IRN is no longer the document's: it prints none (its copy is marked instead).
  if (!registration || registration.cancelledAt) return null
  return {
    irn: registration.irn,
    ackNo: registration.ackNo,
    ackAt: registration.ackAt,
    registeredAt: registration.createdAt,
    // A document always renders: a code no QR symbol holds prints a line saying so instead.
    qrPng: qrFits(registration.signedQr) ? await barcodePng('qrcode', registration.signedQr).catch(() => null) : null,
  }
}

const QR_SIZE = 96

/** Draws the IRN, Ack No and Ack Date beside the QR code, across the page at the current line. */
export function drawEinvoiceBlock(doc: PDFKit.PDFDocument, block: EinvoiceBlock) {
  const left = 40
  const top = doc.y
  if (top + QR_SIZE + 8 > doc.page.height - 50) doc.addPage()
  const y = doc.y
  if (block.qrPng) doc.image(block.qrPng, left + 515 - QR_SIZE, y, { width: QR_SIZE, height: QR_SIZE })
  else
    doc
      .font(FONT)
      .fontSize(7)
      .fillColor('#000')
      .text(
        'The signed QR code recorded for this document cannot be printed: verify it by its IRN.',
        left + 515 - QR_SIZE,
        y,
        {
          width: QR_SIZE,
        },
      )
  doc
    .font(FONT_BOLD)
    .fontSize(9)
    .fillColor('#000')
    .text('e-Invoice', left, y, { width: 515 - QR_SIZE - 10 })
    .font(FONT)
    .fontSize(8)
    .text(`IRN ${block.irn}`, { width: 515 - QR_SIZE - 10 })
    .text(`Ack No ${block.ackNo}`)
    .text(`Ack Date ${block.ackAt}`)
  doc.y = Math.max(doc.y, y + QR_SIZE) + 8
  doc.x = left
}
