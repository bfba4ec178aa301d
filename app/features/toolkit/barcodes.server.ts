import bwipjs from 'bwip-js/node'

// Barcodes for labels (bwip-js): Code 128 for codes a scanner reads into a field, QR for a phone.
// SVG for pages (shown as images, so nothing in them runs), PNG for PDFs.

type Symbol = 'code128' | 'qrcode'

const options = (symbol: Symbol, text: string) =>
  symbol === 'code128'
    ? { bcid: 'code128', text, height: 12, scale: 3, includetext: false, paddingwidth: 4, paddingheight: 2 }
    : { bcid: 'qrcode', text, scale: 4, eclevel: 'M', paddingwidth: 2, paddingheight: 2 }

/** The barcode as an SVG data: URL for an <img>. */
export function barcodeDataUrl(symbol: Symbol, text: string): string {
  const svg = bwipjs.toSVG(options(symbol, text) as never)
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * The most bytes a QR code at the level printed here (M) holds: version 40 in byte mode (ISO/IEC
 * 18004:2015, table 7: 2,331). Any text of at most this many UTF-8 bytes can be printed; a longer one
 * may not (digits and capitals pack tighter, but nothing a portal signs is only those).
 */
export const QR_MAX_BYTES = 2331

/** Whether the text can be printed as one QR code (see QR_MAX_BYTES). */
export const qrFits = (text: string) => Buffer.byteLength(text, 'utf8') <= QR_MAX_BYTES

/** The barcode as a PNG (for PDFs). */
export function barcodePng(symbol: Symbol, text: string): Promise<Buffer> {
  return bwipjs.toBuffer(options(symbol, text) as never)
}
