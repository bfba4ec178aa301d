import crypto from 'node:crypto'
import path from 'node:path'
import sharp from 'sharp'
import type { Database } from '#db/database'
import type { PlaygroundFormat } from '#db/types'
import { audit } from '~/platform/audit.server'
import { fileStore, type AfterCommit } from '~/platform/files.server'
import { checkFile, fileKeyOf, MAX_IMAGE_PIXELS, newStorageKey, type CheckedFile } from '../assets/files.server'
import { outputSize, tooLargeMessage, type ImageOps } from './images'
import type { OutputFormat } from './shared'
import { ByteLru, FairLimiter, RENDERS_AT_ONCE, WAIT_MS, WAITING_PER_USER } from './render-limits.server'

// The image playground's files: each user's own uploads (the last KEEP_IMAGES), edited on request
// with sharp and never stored edited.

export const PLAYGROUND_MAX_BYTES = 10 * 1024 * 1024
export const KEEP_IMAGES = 12
export const PLAYGROUND_TYPES: ReadonlyMap<string, { ext: string; format: PlaygroundFormat }> = new Map([
  ['image/jpeg', { ext: 'jpg', format: 'jpeg' }],
  ['image/png', { ext: 'png', format: 'png' }],
  ['image/webp', { ext: 'webp', format: 'webp' }],
  ['image/avif', { ext: 'avif', format: 'avif' }],
  ['image/gif', { ext: 'gif', format: 'gif' }],
  ['image/tiff', { ext: 'tif', format: 'tiff' }],
])
export const PLAYGROUND_RULES = 'JPEG, PNG, WebP, AVIF, GIF or TIFF'

export const checkPlaygroundImage = (value: FormDataEntryValue | null) =>
  checkFile(value, PLAYGROUND_TYPES, { maxBytes: PLAYGROUND_MAX_BYTES, accepted: `an image: ${PLAYGROUND_RULES}` })

/** Keeps an upload as the user's; the oldest beyond KEEP_IMAGES go (rows and files). */
export async function savePlaygroundImage(db: Database, userId: number, file: CheckedFile): Promise<number> {
  const key = newStorageKey(file.ext)
  let saved: { id: number; dropped: AfterCommit }
  try {
    saved = await db.transaction().execute(async (trx) => {
      await fileStore().put(trx, fileKeyOf('playground', key), file.bytes, file.contentType)
      const row = await trx
        .insertInto('playground_images')
        .values({
          user_id: userId,
          storage_key: key,
          original_name: file.name,
          format: PLAYGROUND_TYPES.get(file.contentType)!.format,
          width: file.width!,
          height: file.height!,
          byte_size: file.bytes.byteLength,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const old = await trx
        .selectFrom('playground_images')
        .select(['id', 'storage_key'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .offset(KEEP_IMAGES)
        .limit(100)
        .execute()
      if (old.length)
        await trx
          .deleteFrom('playground_images')
          .where(
            'id',
            'in',
            old.map((o) => o.id),
          )
          .execute()
      await audit(trx, {
        actorUserId: userId,
        action: 'playground_image.uploaded',
        entityType: 'playground_image',
        entityId: row.id,
        after: { name: file.name, width: file.width, height: file.height },
      })
      const dropped = await fileStore().remove(
        trx,
        old.map((o) => fileKeyOf('playground', o.storage_key)),
      )
      return { id: row.id, dropped }
    })
  } catch (error) {
    await fileStore().abandon(db, [fileKeyOf('playground', key)])
    throw error
  }
  // After the commit: the new image's row stands, so a failure here must not take its file.
  await saved.dropped()
  return saved.id
}

export function playgroundImages(db: Database, userId: number) {
  return db
    .selectFrom('playground_images')
    .select(['id', 'original_name', 'format', 'width', 'height', 'byte_size', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(KEEP_IMAGES)
    .execute()
}

/** One of the user's images; undefined for another user's or none. */
export function playgroundImage(db: Database, userId: number, imageId: number) {
  return db
    .selectFrom('playground_images')
    .select(['id', 'storage_key', 'original_name', 'format', 'width', 'height', 'byte_size'])
    .where('id', '=', imageId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}
export type PlaygroundImage = NonNullable<Awaited<ReturnType<typeof playgroundImage>>>

export async function deletePlaygroundImage(db: Database, userId: number, imageId: number): Promise<boolean> {
  const gone = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('playground_images')
      .where('id', '=', imageId)
      .where('user_id', '=', userId)
      .returning(['id', 'storage_key', 'original_name'])
      .executeTakeFirst()
    if (!row) return null
    await audit(trx, {
      actorUserId: userId,
      action: 'playground_image.deleted',
      entityType: 'playground_image',
      entityId: row.id,
      before: { name: row.original_name },
    })
    return { key: row.storage_key, removed: await fileStore().remove(trx, [fileKeyOf('playground', row.storage_key)]) }
  })
  if (gone) {
    renders.deletePrefix(`${gone.key}|`)
    await gone.removed()
  }
  return Boolean(gone)
}

const MIME: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
}
const EXT: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' }

/** A render that would make more than MAX_SIDE a side (an image turned by its EXIF orientation, say). */
export class TooLargeRender extends Error {}

/** The longest a render may work (sharp stops it after this). */
export const RENDER_SECONDS = 10

/** The image with the edits applied (crop, then rotate and flip, resize, grey, then encode). */
export async function renderImage(
  db: Database,
  image: PlaygroundImage,
  ops: ImageOps,
): Promise<{ bytes: Buffer; contentType: string; filename: string; width: number; height: number }> {
  const input = await fileStore().read(db, fileKeyOf('playground', image.storage_key))
  if (!input) throw new Error(`the playground image ${image.id} has no stored file`)
  // The page checked the result's size on the stored size; the file's own orientation may turn it.
  const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).metadata()
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height }
  const tooLarge = tooLargeMessage(outputSize(oriented, ops))
  if (tooLarge) throw new TooLargeRender(tooLarge)
  let pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, autoOrient: true }).timeout({
    seconds: RENDER_SECONDS,
  })
  if (ops.crop) pipeline = pipeline.extract(ops.crop)
  if (ops.rotate) pipeline = pipeline.rotate(ops.rotate)
  if (ops.flip) pipeline = pipeline.flop()
  if (ops.width || ops.height)
    pipeline = pipeline.resize({
      width: ops.width ?? undefined,
      height: ops.height ?? undefined,
      fit: ops.fit,
      background: { r: 255, g: 255, b: 255, alpha: ops.format === 'jpeg' ? 1 : 0 },
      withoutEnlargement: false,
    })
  if (ops.grayscale) pipeline = pipeline.grayscale()
  if (ops.format === 'jpeg')
    pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: ops.quality, mozjpeg: true })
  else if (ops.format === 'png')
    pipeline = pipeline.png({ quality: ops.quality, compressionLevel: 9, palette: ops.quality < 100 })
  else if (ops.format === 'webp') pipeline = pipeline.webp({ quality: ops.quality })
  else pipeline = pipeline.avif({ quality: ops.quality, effort: 2 })
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
  const base = path.parse(image.original_name).name || 'image'
  return {
    bytes: data,
    contentType: MIME[ops.format],
    filename: `${base}-edited.${EXT[ops.format]}`,
    width: info.width,
    height: info.height,
  }
}

export type Rendered = Awaited<ReturnType<typeof renderImage>> & { etag: string }

const turns = new FairLimiter({ limit: RENDERS_AT_ONCE, perUser: WAITING_PER_USER, waitMs: WAIT_MS })
/** The renders running and waiting in this process now (what a test holding a render waits to see). */
export const renderTurnsNow = () => ({ running: turns.active, waiting: turns.waiting })
/** Results made, kept in memory: 64 MB in all, none over 8 MB (a large download is made again). */
const renders = new ByteLru<Rendered>(64 * 1024 * 1024, 8 * 1024 * 1024)

/** The same file with the same edits makes the same bytes: its ETag is known before any work. */
function renderKey(image: PlaygroundImage, ops: ImageOps) {
  const key = `${image.storage_key}|${JSON.stringify(ops)}`
  return {
    key,
    etag: `"${crypto.createHash('sha256').update(`${sharp.versions.sharp}|${key}`).digest('base64url').slice(0, 32)}"`,
  }
}

/** The ETag the render of these edits answers with (for If-None-Match, without rendering). */
export const renderEtag = (image: PlaygroundImage, ops: ImageOps) => renderKey(image, ops).etag

/**
 * The image with the edits applied: from the cache when it was made before, else made in the
 * user's turn (RenderBusy when the user's line is full or the wait is too long).
 */
export async function renderForUser(
  db: Database,
  userId: number,
  image: PlaygroundImage,
  ops: ImageOps,
): Promise<Rendered & { cached: boolean }> {
  const { key, etag } = renderKey(image, ops)
  const hit = renders.get(key)
  if (hit) return { ...hit, cached: true }
  const made = await turns.run(userId, async () => renders.get(key) ?? { ...(await renderImage(db, image, ops)), etag })
  renders.set(key, made)
  return { ...made, cached: false }
}
