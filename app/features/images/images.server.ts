import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import { readLimitedUploadForm, TOO_LARGE } from '~/ui/read-form.server'
import type { Executor } from '~/platform/executor'
import { fileStore, nothingAfterCommit, type AfterCommit, type StoredFile } from '~/platform/files.server'
import { IMAGE_RULES } from './image-url'

/**
 * Product images: uploaded with a form (multipart, JavaScript optional), checked by their bytes
 * (never by the name or the browser's claimed type), kept in the file store (app/platform/files.server.ts) under a random name,
 * and served back with headers that stop a browser from running anything in them.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** Files one form may carry: a SKU's images are added a few at a time. */
const MAX_IMAGES_PER_FORM = 5
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
])

/**
 * Reads a form that may carry images (readLimitedUploadForm): each up to MAX_IMAGE_BYTES, a larger
 * one marked TOO_LARGE. A form posted without files (urlencoded) is read as usual.
 */
export function readUploadForm(request: Request): Promise<FormData> {
  return readLimitedUploadForm(request, { maxFileBytes: MAX_IMAGE_BYTES, maxFiles: MAX_IMAGES_PER_FORM })
}

export interface CheckedImage {
  bytes: Buffer
  contentType: string
  extension: string
  width: number | null
  height: number | null
  originalName: string
}

/**
 * The uploaded image of a field, checked: `null` when no file was chosen, `{ error }` with a
 * message for the field when it is not an image we take.
 */
export async function checkImage(value: FormDataEntryValue | null): Promise<CheckedImage | { error: string } | null> {
  if (value === TOO_LARGE)
    return { error: `That file is too large: use an image of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB` }
  if (value === null || typeof value === 'string') return null
  if (value.size === 0) return null
  const bytes = Buffer.from(await value.arrayBuffer())
  const type = await fileTypeFromBuffer(bytes)
  const extension = type && ALLOWED.get(type.mime)
  if (!type || !extension) return { error: `That file is not an image we accept: use ${IMAGE_RULES}` }
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(bytes)
  } catch {
    return { error: 'That image could not be read; it may be damaged' }
  }
  const width = size.width ?? null
  const height = size.height ?? null
  return { bytes, contentType: type.mime, extension, width, height, originalName: value.name.slice(0, 200) }
}

export function isImageError(value: Awaited<ReturnType<typeof checkImage>>): value is { error: string } {
  return value !== null && 'error' in value
}

/** Stores the file and records it; returns the image id. Call it in the transaction that uses the image. */
export async function saveImage(trx: Executor, image: CheckedImage, uploadedBy: number | null): Promise<number> {
  const storageKey = `${crypto.randomUUID()}.${image.extension}`
  await fileStore().put(trx, storageKey, image.bytes, image.contentType)
  const row = await trx
    .insertInto('images')
    .values({
      storage_key: storageKey,
      content_type: image.contentType,
      byte_size: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      original_name: image.originalName,
      uploaded_by: uploadedBy,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The stored image as a response with safe headers; 404 when there is no such image. */
export async function imageResponse(db: Executor, imageId: number): Promise<Response> {
  const image = await db
    .selectFrom('images')
    .select(['storage_key', 'content_type', 'byte_size'])
    .where('id', '=', imageId)
    .executeTakeFirst()
  if (!image || !ALLOWED.has(image.content_type)) throw new Response('Not found', { status: 404 })
  const file = await fileStore().open(db, image.storage_key)
  if (!file) throw new Response('Not found', { status: 404 })
  return storedImageResponse(file, image.content_type, `image-${imageId}.${ALLOWED.get(image.content_type)}`)
}

/**
 * Deletes the images no SKU shows any more (of those given: a SKU's removed or replaced images)
 * and their files: in `trx` on the database file store, else once `trx` has committed (the
 * AfterCommit returned). An image still shown anywhere is kept.
 */
export async function dropImages(trx: Executor, imageIds: number[]): Promise<AfterCommit> {
  if (!imageIds.length) return nothingAfterCommit
  const gone = await trx
    .deleteFrom('images')
    .where('id', 'in', imageIds)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('product_sku_images')
            .select('product_sku_images.image_id')
            .whereRef('product_sku_images.image_id', '=', 'images.id'),
        ),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(selectFrom('sample_skus').select('sample_skus.id').whereRef('sample_skus.image_id', '=', 'images.id')),
      ),
    )
    .returning('storage_key')
    .execute()
  return fileStore().remove(
    trx,
    gone.map((row) => row.storage_key),
  )
}

/**
 * Stored image bytes as a response a browser shows and never runs: no sniffing, a sandboxing CSP,
 * same-origin only. Ids are never reused for other bytes, so a browser may keep it.
 */
export function storedImageResponse(file: StoredFile, contentType: string, filename: string): Response {
  return new Response(file.body, {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `inline; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'private, max-age=31536000, immutable',
    },
  })
}
