import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { ImportKindKey } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { TOO_LARGE } from '~/ui/read-form.server'
import { countOf } from '~/utils/format'
import { cancelImport, requestApply } from './apply.server'
import { IMPORT_KINDS, importPath, kindAbout, kindChoice, templatePath } from './kinds'
import { importableProducts, importKindSpec } from './kinds.server'
import { previewImport } from './preview.server'
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './read-file.server'
import { importJobSchema, newImportSchema } from './schema'
import { kickImports } from './worker.server'

// The imports' forms, answered as the one form outcome (app/ui/outcome.server.ts).

type Reply = SubmissionResult<string[]>

/** Everything the new-import page offers: each kind (product SKUs per product) with its columns and template. */
export async function newImportPage(db: Database, url: URL) {
  const products = await importableProducts(db)
  const choices = []
  for (const kind of IMPORT_KINDS) {
    const targets = kind === 'product_skus' ? products : [null]
    for (const product of targets) {
      const spec = await importKindSpec(db, kind, product ? { id: product.id } : undefined)
      if (!spec) continue
      choices.push({
        value: kindChoice(kind, product?.slug),
        label: spec.label,
        about: kindAbout[kind],
        template: templatePath(kind, product?.slug),
        columns: spec.columns.map(({ name, required, about, example }) => ({ name, required, about, example })),
      })
    }
  }
  const asked = url.searchParams.get('kind') ?? ''
  return {
    choices,
    chosen: choices.some((c) => c.value === asked) ? asked : '',
    idempotencyKey: newIdempotencyKey(),
    maxMb: MAX_IMPORT_BYTES / 1024 / 1024,
    maxRows: MAX_IMPORT_ROWS,
  }
}
export type NewImportPageData = Awaited<ReturnType<typeof newImportPage>>

/** The kind and product a choice names ("product_skus:fabric"), or null when there is no such product. */
async function readChoice(
  db: Database,
  choice: string,
): Promise<{ kind: ImportKindKey; productId: number | null } | null> {
  const [kind, slug] = choice.split(':') as [ImportKindKey, string | undefined]
  if (!slug) return { kind, productId: null }
  const product = (await importableProducts(db)).find((p) => p.slug === slug)
  return product ? { kind, productId: product.id } : null
}

/** The upload: read, check and keep the preview; its page is next. Nothing of the catalogue is written. */
export async function handleNewImportForm(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: newImportSchema })
  const file = form.get('file')
  const fileError =
    file === TOO_LARGE
      ? `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files`
      : !(file instanceof File) || file.size === 0
        ? 'Choose the file'
        : undefined
  if (submission.status !== 'success' || fileError)
    return {
      status: 'invalid',
      reply: submission.reply({ fieldErrors: fileError ? { file: [fileError] } : {} }),
    }
  const choice = await readChoice(db, submission.value.kind)
  if (!choice)
    return { status: 'invalid', reply: submission.reply({ fieldErrors: { kind: ['Choose what the file holds'] } }) }
  const upload = file as File
  const result = await previewImport(db, viewer, {
    kind: choice.kind,
    productId: choice.productId,
    fileName: upload.name,
    bytes: new Uint8Array(await upload.arrayBuffer()),
    idempotencyKey: submission.value.idempotencyKey,
  })
  if (!result.ok)
    return {
      status: 'invalid',
      reply: submission.reply({
        fieldErrors: { [result.field ?? 'file']: [result.message] },
        formErrors: ['The file was not read: nothing was written.'],
      }),
    }
  return {
    status: 'done',
    redirectTo: importPath(result.value.id),
    toast: {
      kind: 'info',
      message: `${upload.name} is read: check the preview, then apply it. Nothing is changed until then.`,
    },
  }
}

/** The import page's buttons: apply it, or discard it. */
export async function handleImportJobForm(
  db: Database,
  viewer: Viewer,
  id: number,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: importJobSchema })
  if (submission.status !== 'success') return { status: 'bad-request' }
  const redirectTo = importPath(id)
  if (submission.value.intent === 'cancel') {
    const result = await cancelImport(db, viewer, id)
    if (!result.ok && result.notFound) return { status: 'not-found' }
    return {
      status: 'done',
      redirectTo,
      toast: result.ok
        ? { kind: 'success', message: `Import #${id} is discarded: nothing of it was applied.` }
        : { kind: 'error', message: result.message },
    }
  }
  const result = await requestApply(db, viewer, id)
  if (!result.ok && result.notFound) return { status: 'not-found' }
  if (result.ok) kickImports()
  return {
    status: 'done',
    redirectTo,
    toast: result.ok
      ? { kind: 'success', message: `Applying import #${id}: ${countOf(result.value.rows, 'row')} to write.` }
      : { kind: 'error', message: result.message },
  }
}
