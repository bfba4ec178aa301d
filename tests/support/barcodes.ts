import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library'
import { PDFParse } from 'pdf-parse'
import sharp from 'sharp'

// Reading labels back as a scanner would (ZXing): the barcodes in an image, and the text and images of a PDF.

/** What the barcode in an image (PNG, SVG, …) says, read by ZXing; it throws when none can be read. */
export async function decodeBarcode(image: Uint8Array | Buffer, format: 'code128' | 'qrcode'): Promise<string> {
  // On white with a quiet zone, at a size a scanner sees: SVGs are rendered, small PNGs scaled up.
  const { data, info } = await sharp(Buffer.from(image), { density: 300 })
    .flatten({ background: '#ffffff' })
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const luminance = new Uint8ClampedArray(info.width * info.height)
  for (let i = 0; i < luminance.length; i++)
    luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000
  const source = new RGBLuminanceSource(luminance, info.width, info.height)
  const read = (pure: boolean) => {
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [format === 'code128' ? BarcodeFormat.CODE_128 : BarcodeFormat.QR_CODE]],
      [DecodeHintType.TRY_HARDER, true],
      ...(pure ? [[DecodeHintType.PURE_BARCODE, true] as const] : []),
    ])
    return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText()
  }
  // As a scanner finds it anywhere in the image; else, for a generated code alone on white (ZXing's
  // finder misses some small QR codes that its pure-barcode reading, which skips the search, reads).
  try {
    return read(false)
  } catch (error) {
    if (format !== 'qrcode') throw error
    return read(true)
  }
}

/** A data: URL's bytes. */
export const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')

/** A PDF's pages' text and the images drawn on each page (as PNG). */
export async function readPdf(pdf: Uint8Array | Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) })
  try {
    const text = await parser.getText()
    const images = await parser.getImage({ imageBuffer: true, imageDataUrl: false, imageThreshold: 0 })
    return {
      pages: text.pages.map((p, i) => ({
        text: p.text,
        images: (images.pages[i]?.images ?? []).map((img) => img.data),
      })),
      total: text.total,
    }
  } finally {
    await parser.destroy()
  }
}
