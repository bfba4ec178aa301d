import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import type { AssetKind } from '#db/types'
import { TOO_LARGE } from '~/ui/read-form.server'

/**
 * Uploaded files in general (the asset uploader, the image playground): what a file is, decided by
 * its bytes against an allowed list (never by its name or the browser's word), a safe name to show,
 * a random name to keep it under, and the headers it is served with.
 */

/** What the asset uploader takes, by the type its bytes show. */
export const ASSET_TYPES: ReadonlyMap<string, { kind: AssetKind; ext: string }> = new Map([
  ['image/jpeg', { kind: 'image', ext: 'jpg' }],
  ['image/png', { kind: 'image', ext: 'png' }],
  ['image/webp', { kind: 'image', ext: 'webp' }],
  ['image/gif', { kind: 'image', ext: 'gif' }],
  ['image/avif', { kind: 'image', ext: 'avif' }],
  ['application/pdf', { kind: 'document', ext: 'pdf' }],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', { kind: 'document', ext: 'docx' }],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', { kind: 'spreadsheet', ext: 'xlsx' }],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', { kind: 'document', ext: 'pptx' }],
  ['application/zip', { kind: 'archive', ext: 'zip' }],
  ['video/mp4', { kind: 'video', ext: 'mp4' }],
])
export const ASSET_RULES =
  'images (JPEG, PNG, WebP, GIF, AVIF), PDF, Word, Excel and PowerPoint files, ZIP archives and MP4 videos'

/** Images above this many pixels are refused: decoding one would take gigabytes (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000

/** A name safe to show and to offer as a download name: no folders, no control characters, at most 150 characters. */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? ''
  const clean = base
    // C0 controls and DEL (\p{Cc} but the C1 block), bidirectional overrides, and what Windows refuses.
    .replace(/[^\P{Cc}\u0080-\u009f]|[\u202a-\u202e\u2066-\u2069"<>|*?:]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  return (clean || fallback).slice(0, 150)
}

export interface CheckedFile {
  bytes: Buffer
  contentType: string
  ext: string
  name: string
  width: number | null
  height: number | null
}

/**
 * A form's file, checked: null when none was chosen; `{ error }` (a sentence for the field) when it
 * is too large, not of an allowed type, or an image that cannot be read or is too big to decode.
 */
export async function checkFile(
  value: FormDataEntryValue | null,
  allowed: ReadonlyMap<string, { ext: string }>,
  rules: { maxBytes: number; accepted: string },
): Promise<CheckedFile | { error: string } | null> {
  if (value === TOO_LARGE) return { error: `That file is larger than ${rules.maxBytes / 1024 / 1024} MB` }
  if (value === null || typeof value === 'string' || value.size === 0) return null
  const name = safeFileName(value.name)
  if (value.size > rules.maxBytes) return { error: `${name} is larger than ${rules.maxBytes / 1024 / 1024} MB` }
  const bytes = Buffer.from(await value.arrayBuffer())
  const type = await fileTypeFromBuffer(bytes)
  const entry = type ? allowed.get(type.mime) : undefined
  if (!type || !entry) return { error: `${name} is not a file we take: upload ${rules.accepted}` }
  let width: number | null = null
  let height: number | null = null
  if (type.mime.startsWith('image/')) {
    const size = await imageDimensions(bytes)
    if ('error' in size) return { error: `${name}: ${size.error}` }
    ;({ width, height } = size)
  }
  return { bytes, contentType: type.mime, ext: entry.ext, name, width, height }
}

/** An image's size from its header, refused when it cannot be read or holds more than MAX_IMAGE_PIXELS. */
export async function imageDimensions(
  bytes: Buffer,
): Promise<{ width: number; height: number; format: string } | { error: string }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).metadata()
    if (!meta.width || !meta.height || !meta.format) return { error: 'the image could not be read; it may be damaged' }
    if (meta.width * meta.height > MAX_IMAGE_PIXELS)
      return {
        error: `the image is ${meta.width} × ${meta.height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} million we take`,
      }
    // As it is seen: a photo turned by its EXIF orientation has its sides swapped.
    const seen = meta.autoOrient ?? meta
    return { width: seen.width, height: seen.height, format: meta.format }
  } catch {
    return { error: 'the image could not be read; it may be damaged' }
  }
}

export const isFileError = (value: unknown): value is { error: string } =>
  typeof value === 'object' && value !== null && 'error' in value

/** A random key to keep a file under (and to link to it by): 128 bits, URL-safe. */
export const newStorageKey = (ext: string) => `${crypto.randomBytes(16).toString('base64url')}.${ext}`
const KEY = /^[A-Za-z0-9_-]{22}\.[a-z0-9]{2,5}$/
export const isStorageKey = (key: string) => KEY.test(key)

/**
 * The file store's key of an upload of one area (app/platform/files.server.ts): `assets/<key>`,
 * `playground/<key>` (in the folder store, a subfolder each), for a key that is a key (never a
 * path a request could steer).
 */
export function fileKeyOf(area: 'assets' | 'playground', key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`)
  return `${area}/${key}`
}

/** A download name in a Content-Disposition header (ASCII fallback and the UTF-8 name). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * Headers for an uploaded file: its checked type and no sniffing, a CSP that sandboxes it (no
 * script, no forms, its own origin), shown inline only when it is an image, else downloaded.
 */
export function uploadedFileHeaders(
  file: { contentType: string; name: string; size: number },
  options: { shareable: boolean },
): Headers {
  const image = file.contentType.startsWith('image/')
  return new Headers({
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': disposition(image ? 'inline' : 'attachment', file.name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'Cross-Origin-Resource-Policy': options.shareable ? 'cross-origin' : 'same-origin',
    'Cache-Control': options.shareable ? 'public, max-age=86400' : 'private, max-age=3600',
  })
}
