import { sql } from 'kysely'
import type { Database } from '#db/database'
import type { AssetKind } from '#db/types'
import { countUpTo } from '~/utils/count.server'
import { audit } from '~/platform/audit.server'
import { once } from '~/platform/idempotency.server'
import { ASSET_PAGE_SIZE } from './schema'
import { fileStore } from '~/platform/files.server'
import { fileKeyOf, newStorageKey, type CheckedFile } from './files.server'

/** The asset uploader's files (main portal): a shared library of files with links to hand out. */

export const ASSET_KINDS: Record<AssetKind, string> = {
  image: 'Images',
  document: 'Documents',
  spreadsheet: 'Spreadsheets',
  archive: 'Archives',
  video: 'Videos',
}
export const isAssetKind = (value: string | null): value is AssetKind =>
  value !== null && Object.hasOwn(ASSET_KINDS, value)

export interface AssetFilters {
  q: string
  kind: AssetKind | null
  mine: boolean
  page: number
}

export function readAssetFilters(url: URL): AssetFilters {
  const params = url.searchParams
  const kind = params.get('kind')
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    kind: isAssetKind(kind) ? kind : null,
    mine: params.get('mine') === '1',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 400) : 1,
  }
}

const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A page of assets, newest first, with how many match (counted up to the usual cap). */
export async function listAssets(db: Database, userId: number, filters: AssetFilters) {
  let query = db.selectFrom('assets').leftJoin('users', 'users.id', 'assets.uploaded_by')
  if (filters.q) query = query.where(sql<boolean>`assets.name_key like ${likeText(filters.q)} escape '\\'`)
  if (filters.kind) query = query.where('assets.kind', '=', filters.kind)
  if (filters.mine) query = query.where('assets.uploaded_by', '=', userId)
  const [rows, count] = await Promise.all([
    query
      .select([
        'assets.id',
        'assets.storage_key',
        'assets.name',
        'assets.content_type',
        'assets.kind',
        'assets.byte_size',
        'assets.width',
        'assets.height',
        'assets.created_at',
        'users.name as uploader',
      ])
      .orderBy('assets.created_at', 'desc')
      .orderBy('assets.id', 'desc')
      .limit(ASSET_PAGE_SIZE)
      .offset((filters.page - 1) * ASSET_PAGE_SIZE)
      .execute(),
    countUpTo(db, query.select('assets.id')),
  ])
  return { rows, ...count }
}

/**
 * Keeps the checked files and their rows, once per idempotency key (a resent form stores nothing
 * again). Files are stored under fresh random keys in the rows' transaction (on the database file
 * store, with them); if the rows do not commit, the files go again.
 */
export async function saveAssets(
  db: Database,
  userId: number,
  files: CheckedFile[],
  idempotencyKey?: string,
): Promise<{ ids: number[]; repeated: boolean }> {
  const written: string[] = []
  try {
    return await db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, idempotencyKey, 'assets', userId, async () => {
        const ids: number[] = []
        for (const file of files) {
          const key = newStorageKey(file.ext)
          await fileStore().put(trx, fileKeyOf('assets', key), file.bytes, file.contentType)
          written.push(fileKeyOf('assets', key))
          const row = await trx
            .insertInto('assets')
            .values({
              storage_key: key,
              name: file.name,
              name_key: file.name.toLowerCase(),
              content_type: file.contentType,
              kind: kindOf(file.contentType),
              byte_size: file.bytes.byteLength,
              width: file.width,
              height: file.height,
              uploaded_by: userId,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await audit(trx, {
            actorUserId: userId,
            action: 'asset.uploaded',
            entityType: 'asset',
            entityId: row.id,
            after: { name: file.name, type: file.contentType, bytes: file.bytes.byteLength },
          })
          ids.push(row.id)
        }
        return ids.join(',')
      })
      return { ids: result ? result.split(',').map(Number) : [], repeated }
    })
  } catch (error) {
    await fileStore().abandon(db, written)
    throw error
  }
}

function kindOf(contentType: string): AssetKind {
  if (contentType.startsWith('image/')) return 'image'
  if (contentType.startsWith('video/')) return 'video'
  if (contentType.includes('spreadsheet')) return 'spreadsheet'
  if (contentType === 'application/zip') return 'archive'
  return 'document'
}

/** Deletes an asset and its file; null when there is no such asset (already deleted). */
export async function deleteAsset(db: Database, userId: number, assetId: number): Promise<{ name: string } | null> {
  const gone = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('assets')
      .where('id', '=', assetId)
      .returning(['id', 'storage_key', 'name', 'content_type', 'byte_size'])
      .executeTakeFirst()
    if (!row) return null
    await audit(trx, {
      actorUserId: userId,
      action: 'asset.deleted',
      entityType: 'asset',
      entityId: row.id,
      before: { name: row.name, type: row.content_type, bytes: row.byte_size },
    })
    return { name: row.name, removed: await fileStore().remove(trx, [fileKeyOf('assets', row.storage_key)]) }
  })
  if (!gone) return null
  await gone.removed()
  return { name: gone.name }
}

/** The asset behind a link's key, or undefined. */
export function assetByKey(db: Database, key: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'storage_key', 'name', 'content_type', 'byte_size'])
    .where('storage_key', '=', key)
    .executeTakeFirst()
}
