import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { config } from '~/config.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { countOf } from '~/utils/format'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { ASSET_KINDS, deleteAsset, listAssets, readAssetFilters, saveAssets } from './assets.server'
import { ASSET_RULES, ASSET_TYPES, checkFile, isFileError, uploadedFileHeaders, type CheckedFile } from './files.server'
import { ASSET_MAX_BYTES, assetSchema } from './schema'
import { fileStore } from '~/platform/files.server'
import { assetByKey } from './assets.server'
import { fileKeyOf, isStorageKey } from './files.server'

type Reply = SubmissionResult<string[]>

/** An asset's link: its key and name, on the origin users reach. */
export const assetPath = (key: string, name: string) => `/files/${key}/${encodeURIComponent(name)}`
export const assetUrl = (key: string, name: string) => `${config().appUrl.replace(/\/+$/, '')}${assetPath(key, name)}`

export async function assetsPage(db: Database, viewer: Viewer, url: URL) {
  const filters = readAssetFilters(url)
  const list = await listAssets(db, viewer.userId, filters)
  return {
    filters,
    kinds: Object.entries(ASSET_KINDS).map(([value, label]) => ({ value, label })),
    total: list.total,
    capped: list.capped,
    rows: list.rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      contentType: r.content_type,
      bytes: r.byte_size,
      width: r.width,
      height: r.height,
      uploader: r.uploader,
      createdAt: r.created_at,
      path: assetPath(r.storage_key, r.name),
      url: assetUrl(r.storage_key, r.name),
    })),
    idempotencyKey: newIdempotencyKey(),
    rules: ASSET_RULES,
    maxMb: ASSET_MAX_BYTES / 1024 / 1024,
  }
}
export type AssetsPageData = Awaited<ReturnType<typeof assetsPage>>

export async function assetsAction(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: assetSchema })
  if (submission.status !== 'success')
    return form.get('intent') === 'delete'
      ? { status: 'bad-request' }
      : { status: 'invalid', reply: submission.reply() }
  const value = submission.value
  if (value.intent === 'delete') {
    const gone = await deleteAsset(db, viewer.userId, value.assetId)
    if (!gone) return { status: 'not-found' }
    return { status: 'done', toast: { kind: 'success', message: `${gone.name} is deleted; its link no longer works.` } }
  }
  const checked = await Promise.all(
    form
      .getAll('files')
      .map((file) => checkFile(file, ASSET_TYPES, { maxBytes: ASSET_MAX_BYTES, accepted: ASSET_RULES })),
  )
  const problems = checked.filter(isFileError).map((c) => c.error)
  const files = checked.filter((c): c is CheckedFile => c !== null && !isFileError(c))
  if (problems.length)
    return {
      status: 'invalid',
      reply: submission.reply({
        fieldErrors: { files: [...problems, 'Nothing was uploaded: choose the files again without those.'] },
        formErrors: ['The files could not be uploaded.'],
      }),
    }
  if (!files.length)
    return { status: 'invalid', reply: submission.reply({ fieldErrors: { files: ['Choose at least one file'] } }) }
  const { ids, repeated } = await saveAssets(db, viewer.userId, files, value.idempotencyKey)
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: repeated ? 'Those files were already uploaded.' : `${countOf(ids.length, 'file')} uploaded.`,
    },
  }
}

/** An asset by its link: the stored bytes with headers that keep them inert; 404 for any other key. */
export async function assetResponse(db: Database, key: string): Promise<Response> {
  if (!isStorageKey(key)) throw new Response('Not found', { status: 404 })
  const asset = await assetByKey(db, key)
  if (!asset) throw new Response('Not found', { status: 404 })
  const file = await fileStore().open(db, fileKeyOf('assets', asset.storage_key))
  if (!file) throw new Response('Not found', { status: 404 })
  return new Response(file.body, {
    headers: uploadedFileHeaders(
      { contentType: asset.content_type, name: asset.name, size: file.size },
      { shareable: true },
    ),
  })
}
