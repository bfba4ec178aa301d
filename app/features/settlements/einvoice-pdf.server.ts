import { barcodePng, qrFits } from '~/features/toolkit/barcodes.server'
import type { Executor } from '~/platform/executor'
import { registrationOf } from './gst/registrations.server'
import type { DocType } from './gst/documents.server'
import { CANCEL_REASONS, cancelledForFinance, DOCUMENT_NOUNS, type EinvoiceStanding } from './gst/standing'
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

/** What a fixed document's PDF carries, by its standing (Rule 48(5), issue 52): the final document, or finance's marked copy. */
export interface DocumentCopy {
  /** The IRN, acknowledgement and QR code, once registered and not cancelled. */
  einvoice: EinvoiceBlock | null
  /** The boxed mark of a copy that is not a valid document (no IRN yet, or its IRN cancelled); null when valid. */
  draft: string | null
  /** When its IRN's cancellation was recorded (the copy's ModDate); null otherwise. */
  changedAt: string | null
}

/**
 * The copy of an invoice, a credit note or a debit note its standing gives: valid (B2C, or B2B with its
 * IRN) is the final document; not valid is finance's copy, marked. The buyer is given only a valid one.
 */
export async function documentCopyOf(
  db: Executor,
  type: DocType,
  id: number,
  standing: EinvoiceStanding,
): Promise<DocumentCopy> {
  const noun = DOCUMENT_NOUNS[type].full
  if (standing.state === 'waiting')
    return {
      einvoice: null,
      draft: `Draft, not yet registered with the GST portal: not a valid ${noun} until its IRN is recorded (CGST Rule 48(5)). Not to be given to the buyer.`,
      changedAt: null,
    }
  if (standing.state === 'cancelled') {
    const registration = await registrationOf(db, type, id)
    return {
      einvoice: null,
      draft: `IRN ${standing.irn} cancelled on the GST portal on ${standing.cancelledAt}${standing.reason ? ` (${CANCEL_REASONS[standing.reason]})` : ''}: not a valid ${noun}. ${cancelledForFinance(type)}`,
      changedAt: registration?.cancelRecordedAt ?? null,
    }
  }
  return { einvoice: await einvoiceBlockOf(db, type, id), draft: null, changedAt: null }
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
