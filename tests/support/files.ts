import zlib from 'node:zlib'
import sharp from 'sharp'

// Files for upload tests: real images, and the hostile files an upload must refuse or keep inert.

export const pngBytes = (width = 8, height = 6) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer()

/** A real PNG whose header claims `width` x `height` (a decompression bomb: tiny file, gigapixels decoded). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngBytes(1, 1))
  // The IHDR chunk: length (4) at 8, type at 12, data at 16 (width, height), CRC after 13 bytes of data.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29)
  return png
}

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
)
/** A GIF header followed by HTML: a GIF to a type check, a page to a browser that sniffs. */
export const GIF_HTML_POLYGLOT = Buffer.concat([
  Buffer.from(
    'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
    'latin1',
  ),
  Buffer.from('<html><script>alert(1)</script></html>'),
])
/** PNG magic then HTML: not an image anything can decode. */
export const PNG_MAGIC_HTML = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML])
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

export const fileOf = (bytes: Buffer, name: string, type = 'application/octet-stream') =>
  new File([new Uint8Array(bytes)], name, { type })
