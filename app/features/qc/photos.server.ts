import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { readLimitedUploadForm, TOO_LARGE } from '~/ui/read-form.server'
import type { Executor } from '~/platform/executor'
import { fileStore, nothingAfterCommit, type AfterCommit } from '~/platform/files.server'
import { storedImageResponse } from '../images/images.server'

/**
 * Photos taken at an inspection: uploaded with the inspection form (multipart, JavaScript optional;
 * with JavaScript the field script shrinks them in the browser first), checked by their bytes
 * (JPEG, PNG or WebP), refused beyond 10 MB or 40 megapixels, and stored resized as JPEG: a full
 * size of at most 1600 px and a 320 px thumbnail, turned upright from the camera's EXIF.
 */

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const MAX_PHOTOS_PER_FORM = 5
export const MAX_PHOTOS_PER_INSPECTION = 12
const MAX_PIXELS = 40_000_000
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp'])
export const PHOTO_RULES = 'JPEG, PNG or WebP photos of up to 10 MB each, five at a time'

/** Reads the inspection form: each photo up to 10 MB (a larger one marked TOO_LARGE, the other fields kept). */
export function readInspectionForm(request: Request): Promise<FormData> {
  return readLimitedUploadForm(request, { maxFileBytes: MAX_PHOTO_BYTES, maxFiles: MAX_PHOTOS_PER_FORM })
}

export interface StoredPhoto {
  full: Buffer
  thumb: Buffer
  width: number
  height: number
  originalName: string
}

/** The chosen photos of a form field, shrunk; an error for the field when one is not a photo we take. */
export async function preparePhotos(
  values: FormDataEntryValue[],
): Promise<{ photos: StoredPhoto[] } | { error: string }> {
  const photos: StoredPhoto[] = []
  const files = values.filter((value) => value === TOO_LARGE || (typeof value !== 'string' && value.size > 0))
  if (files.length > MAX_PHOTOS_PER_FORM) return { error: `Add at most ${MAX_PHOTOS_PER_FORM} photos at a time` }
  for (const value of files) {
    if (value === TOO_LARGE) return { error: 'A photo is larger than 10 MB: take it at a lower resolution' }
    if (typeof value === 'string') continue
    const bytes = Buffer.from(await value.arrayBuffer())
    const type = await fileTypeFromBuffer(bytes)
    if (!type || !ACCEPTED.has(type.mime))
      return { error: `${value.name.slice(0, 80) || 'A file'} is not a photo we accept: use ${PHOTO_RULES}` }
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate()
      const full = await image
        .clone()
        .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer({ resolveWithObject: true })
      const thumb = await image
        .clone()
        .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer()
      photos.push({
        full: full.data,
        thumb,
        width: full.info.width,
        height: full.info.height,
        originalName: value.name.slice(0, 200),
      })
    } catch (error) {
      const message =
        error instanceof Error && /pixel limit/i.test(error.message)
          ? 'is too many pixels'
          : 'could not be read; it may be damaged'
      return { error: `${value.name.slice(0, 80) || 'A photo'} ${message}: use ${PHOTO_RULES}` }
    }
  }
  return { photos }
}

/** Stores the photos and records them on the inspection. Call it in the transaction that uses them. */
export async function savePhotos(
  trx: Executor,
  inspectionId: number,
  photos: StoredPhoto[],
  uploadedBy: number,
  /** The defect type the photos show (issue 39), if the inspector tagged them. */
  defectTypeId: number | null = null,
): Promise<void> {
  if (!photos.length) return
  for (const photo of photos) {
    const name = crypto.randomUUID()
    const storageKey = `qc-${name}.jpg`
    const thumbKey = `qc-${name}-thumb.jpg`
    await fileStore().put(trx, storageKey, photo.full, 'image/jpeg')
    await fileStore().put(trx, thumbKey, photo.thumb, 'image/jpeg')
    await trx
      .insertInto('qc_photos')
      .values({
        inspection_id: inspectionId,
        storage_key: storageKey,
        thumb_key: thumbKey,
        byte_size: photo.full.byteLength,
        width: photo.width,
        height: photo.height,
        original_name: photo.originalName,
        uploaded_by: uploadedBy,
        defect_type_id: defectTypeId,
        created_at: new Date().toISOString(),
      })
      .execute()
  }
}

/**
 * Deletes an inspection's photos (those of `photoIds` it has) and their files: in `trx` on the
 * database file store, else once `trx` has committed (the AfterCommit returned).
 */
export async function removePhotos(trx: Executor, inspectionId: number, photoIds: number[]): Promise<AfterCommit> {
  if (!photoIds.length) return nothingAfterCommit
  const gone = await trx
    .deleteFrom('qc_photos')
    .where('inspection_id', '=', inspectionId)
    .where('id', 'in', photoIds)
    .returning(['storage_key', 'thumb_key'])
    .execute()
  return fileStore().remove(
    trx,
    gone.flatMap((row) => [row.storage_key, row.thumb_key]),
  )
}

/** A stored photo as a response with safe headers (its full size or thumbnail); 404 when the file is gone. */
export async function photoResponse(
  db: Executor,
  photo: { id: number; storage_key: string; thumb_key: string },
  thumb: boolean,
): Promise<Response> {
  const file = await fileStore().open(db, thumb ? photo.thumb_key : photo.storage_key)
  if (!file) throw new Response('Not found', { status: 404 })
  return storedImageResponse(file, 'image/jpeg', `qc-photo-${photo.id}${thumb ? '-thumb' : ''}.jpg`)
}
